import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import {
  connected,
  openSocket,
  recordEvents,
  type ClientSocket,
} from '@jotto/test-support/socket-client';
import { freePort } from '../../ops/cluster-launcher.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { sessions } from '../src/db/account-tables.ts';
import { MAX_CLIENT_MESSAGE_BYTES } from '../src/realtime/realtime-plugin.ts';
import { registerUser, TestAgent } from './test-app.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

// What a signed-in attacker did with the socket before: one session opened 3,843 WebSockets
// through nginx (2,000 straight to a node, all accepted), a client sent 20,000 events and a
// hundred 900 KB frames, all read, and a socket whose session had expired kept receiving the
// account's events. Each case here failed before its fix.

const BASE_ENV = {
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
  PUBLIC_URL: 'http://localhost:3000',
  RATE_LIMIT_REGISTER: '100000',
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT: '100000',
};

async function startNode(env: Record<string, string>): Promise<{
  app: FastifyInstance;
  url: string;
}> {
  const app = await buildApp(loadConfig({ ...BASE_ENV, ...env }), { pushTransport: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const sessionOf = (agent: TestAgent) => agent.cookies.get(SESSION_COOKIE);

/** Opens `count` sockets at once; the message of each refusal, or 'ok'. */
async function openMany(
  url: string,
  sessionId: string | undefined,
  count: number,
  opened: ClientSocket[],
): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = openSocket(url, sessionId);
      opened.push(socket);
      try {
        await connected(socket);
        return 'ok';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }),
  );
}

/** A second sign-in of the same account: a new session. */
async function anotherSession(app: FastifyInstance, username: string): Promise<string> {
  const device = new TestAgent(app);
  const response = await device.post('/api/login', { username, password: 'secret1' });
  const sessionId = sessionOf(device);
  if (!sessionId) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return sessionId;
}

/** Why the socket was disconnected, or 'still connected' after 3 s. */
const disconnection = (socket: ClientSocket) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), 3_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('sockets of one node, without Redis', () => {
  let node: { app: FastifyInstance; url: string };
  let drop: () => Promise<void>;
  let opened: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    drop = database.drop;
    node = await startNode({ DATABASE_URL: database.url });
  });
  afterEach(() => {
    opened.forEach((socket) => socket.disconnect());
    opened = [];
  });
  afterAll(async () => {
    await node.app.close();
    await drop();
  });

  it('admits 8 sockets per session and refuses the rest with a reason (the defaults)', async () => {
    const { agent } = await registerUser(node.app);
    const outcomes = await openMany(node.url, sessionOf(agent), 12, opened);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(8);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(
      Array(4).fill('too many connections: at most 8 per session'),
    );
    // A refused client's connection is closed rather than left open until the handshake timeout.
    await expect
      .poll(() => node.app.io.engine.clientsCount, { timeout: 5_000 })
      .toBe(opened.filter((s) => s.connected).length);
    // A place comes back when its socket closes.
    const leaving = opened.find((socket) => socket.connected)!;
    leaving.disconnect();
    await expect
      .poll(async () => (await openMany(node.url, sessionOf(agent), 1, opened))[0], {
        timeout: 5_000,
      })
      .toBe('ok');
  });

  it('admits 20 sockets per account over all its sessions', async () => {
    const { agent, username } = await registerUser(node.app);
    const sessionIds = [
      sessionOf(agent),
      await anotherSession(node.app, username),
      await anotherSession(node.app, username),
    ];
    const outcomes: string[] = [];
    for (const sessionId of sessionIds) {
      outcomes.push(...(await openMany(node.url, sessionId, 8, opened)));
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(
      Array(4).fill('too many connections: at most 20 per account'),
    );
    // Another account is not affected.
    const other = await registerUser(node.app);
    expect(await openMany(node.url, sessionOf(other.agent), 1, opened)).toEqual(['ok']);
  });

  it('disconnects a socket that sends an event: the client sends nothing', async () => {
    const { agent } = await registerUser(node.app);
    const socket = await connected(openSocket(node.url, sessionOf(agent)));
    opened.push(socket);
    const closed = disconnection(socket);
    (socket.emit as unknown as (event: string, ...args: unknown[]) => void)('game:counts', {
      evil: true,
    });
    expect(await closed).toBe('io server disconnect');
  });

  it(`closes a connection whose message is over ${MAX_CLIENT_MESSAGE_BYTES} bytes`, async () => {
    const { agent } = await registerUser(node.app);
    const socket = await connected(openSocket(node.url, sessionOf(agent)));
    opened.push(socket);
    const closed = disconnection(socket);
    // A well-formed packet the server reads and ignores (the acknowledgement of a request it
    // never made), not an event, which it refuses anyway: only the size closes the connection.
    socket.io.engine.send(`31["${'x'.repeat(MAX_CLIENT_MESSAGE_BYTES)}"]`);
    expect(await closed).toBe('transport close');
  });

  it("closes a socket when its session expires, and it hears none of the account's events after", async () => {
    const alice = await registerUser(node.app);
    const bob = await registerUser(node.app);
    const hash = node.app.sessions.hash(sessionOf(alice.agent)!);
    const expiresAt = new Date(Date.now() + 1_500);
    await node.app.db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, hash));
    const socket = await connected(openSocket(node.url, sessionOf(alice.agent)));
    opened.push(socket);
    const events = recordEvents(socket, ['friend:request']);
    const closed = disconnection(socket);
    expect(await closed).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime() - 50);
    // REST answers as to a guest now, and the socket is gone: the request is not heard.
    expect((await alice.agent.get('/api/user/info')).body).toEqual({ result: 'guest' });
    await bob.agent.get(`/api/friends/add/${alice.username}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.events).toEqual([]);
  });
});

describe('sockets of two nodes sharing Postgres and Redis', () => {
  let redis: ScratchRedis;
  let nodes: { app: FastifyInstance; url: string }[];
  let drop: () => Promise<void>;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    drop = database.drop;
    redis = new ScratchRedis(await freePort());
    await redis.start();
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, SOCKETS_PER_ACCOUNT: '6' };
    nodes = [await startNode(env)];
    nodes.push(await startNode(env));
  });
  afterAll(async () => {
    opened.forEach((socket) => socket.disconnect());
    await Promise.all(nodes.map((node) => node.app.close()));
    await redis.stop();
    await drop();
  });

  it('counts an account’s sockets on every node, a burst included', async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const { agent, username } = await registerUser(one.app);
    const first = sessionOf(agent);
    const second = await anotherSession(two.app, username);
    // All at once, half on each node: the claim is atomic, so exactly the cap gets in.
    const onOne: ClientSocket[] = [];
    const outcomes = (
      await Promise.all([openMany(one.url, first, 5, onOne), openMany(two.url, second, 5, opened)])
    ).flat();
    opened.push(...onOne);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(6);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(
      Array(4).fill('too many connections: at most 6 per account'),
    );
    // A socket closed on one node frees a place for the other.
    onOne.find((socket) => socket.connected)!.disconnect();
    await expect
      .poll(async () => (await openMany(two.url, second, 1, opened))[0], { timeout: 5_000 })
      .toBe('ok');
  });
});
