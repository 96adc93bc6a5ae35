import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import {
  type ClientSocket,
  connected,
  openSocket,
  quietFor,
  recordEvents,
} from '@jotto/test-support/socket-client';
import { freePort } from '../../ops/cluster-launcher.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { sessions } from '../src/db/account-tables.ts';
import { SESSION_RECHECK_MS } from '../src/realtime/session-recheck.ts';
import { registerUser, TestAgent } from './test-app.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

// A socket whose session ended kept hearing the account's events until the session's original
// expiry (30 days) whenever the one broadcast that closes it was lost. Every node now checks the
// sessions of its sockets in the database every SESSION_RECHECK_MS; here, every RECHECK_MS.

/** The product's bound: a socket outlives its session by at most a minute. */
const PROMISED_BOUND_MS = 60_000;
const RECHECK_MS = 400;
/** A loaded test machine's allowance on top of one period (the statement, the close). */
const SLACK_MS = 2_000;

const BASE_ENV = {
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
  PUBLIC_URL: 'http://localhost:3000',
  RATE_LIMIT_REGISTER: '100000',
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT: '100000',
};

interface Node {
  app: FastifyInstance;
  url: string;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const app = await buildApp(loadConfig({ ...BASE_ENV, ...env }), {
    pushTransport: null,
    sessionRecheckMs: RECHECK_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const sessionOf = (agent: TestAgent) => agent.cookies.get(SESSION_COOKIE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why the socket was disconnected and when (ms since the epoch), or null after `waitMs`. */
const disconnection = (socket: ClientSocket, waitMs: number) =>
  new Promise<{ reason: string; at: number } | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, at: Date.now() });
    });
  });

describe('every node re-checks the sessions of its sockets', () => {
  let redis: ScratchRedis;
  let node1: Node;
  let node2: Node;
  let drop: () => Promise<void>;
  let opened: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    drop = database.drop;
    redis = new ScratchRedis(await freePort());
    await redis.start();
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
    node1 = await startNode(env);
    node2 = await startNode(env);
  }, 60_000);
  afterEach(() => {
    opened.forEach((socket) => socket.disconnect());
    opened = [];
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await Promise.all([node1, node2].filter(Boolean).map((node) => node.app.close()));
    await redis?.stop();
    await drop?.();
  });

  const open = async (node: Node, sessionId: string | undefined) => {
    const socket = openSocket(node.url, sessionId);
    opened.push(socket);
    return connected(socket);
  };

  it('promises at most a minute by default', () => {
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(PROMISED_BOUND_MS);
  });

  it('closes on node 2, within one period, a socket whose session ended on node 1 without a word', async () => {
    const alice = await registerUser(node1.app);
    const bob = await registerUser(node1.app);
    const phone = new TestAgent(node1.app);
    await phone.post('/api/login', { username: alice.username, password: alice.password });
    const doomed = await open(node2, sessionOf(alice.agent));
    const survivor = await open(node2, sessionOf(phone));
    const bystander = await open(node2, sessionOf(bob.agent));
    const heard = recordEvents(doomed, ['friend:request']);
    const closed = disconnection(doomed, RECHECK_MS + SLACK_MS);

    // The session ends on node 1 and its news is lost: no announcement to the nodes' caches, no
    // broadcast closing its sockets. What is left is the row, gone from the database.
    const endedAt = Date.now();
    await node1.app.db
      .delete(sessions)
      .where(eq(sessions.idHash, node1.app.sessions.hash(sessionOf(alice.agent)!)));

    const outcome = await closed;
    expect(outcome?.reason).toBe('io server disconnect'); // as logout closes it
    expect(outcome!.at - endedAt).toBeLessThanOrEqual(RECHECK_MS + SLACK_MS);
    // The account's other session and another account's socket stay, through several checks.
    await sleep(3 * RECHECK_MS);
    expect(survivor.connected).toBe(true);
    expect(bystander.connected).toBe(true);
    // And the closed socket hears nothing of the account any more.
    await bob.agent.get(`/api/friends/add/${alice.username}`);
    expect(await quietFor(heard, 300)).toBe(true);
  });

  it('closes a socket whose session expired early in the database, as for one deleted', async () => {
    const alice = await registerUser(node1.app);
    const socket = await open(node2, sessionOf(alice.agent));
    const closed = disconnection(socket, RECHECK_MS + SLACK_MS);
    // The socket learnt its expiry at the handshake (30 days off); the row now says otherwise.
    await node1.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.idHash, node1.app.sessions.hash(sessionOf(alice.agent)!)));
    expect((await closed)?.reason).toBe('io server disconnect');
  });

  it('a node that holds no socket runs no check; one that holds some checks them all at once', async () => {
    const liveAmong = vi.spyOn(node1.app.sessions, 'liveAmong');
    // Nothing on node 1 (other tests' sockets are gone with them): several periods, no query.
    await expect.poll(() => node1.app.io.of('/').sockets.size).toBe(0);
    await sleep(4 * RECHECK_MS);
    expect(liveAmong).not.toHaveBeenCalled();

    const alice = await registerUser(node1.app);
    const bob = await registerUser(node1.app);
    const sockets = [
      await open(node1, sessionOf(alice.agent)),
      await open(node1, sessionOf(alice.agent)),
      await open(node1, sessionOf(bob.agent)),
    ];
    await expect.poll(() => liveAmong.mock.calls.length, { timeout: 5_000 }).toBeGreaterThan(0);
    // One statement for every session the node holds a socket of.
    expect(new Set(liveAmong.mock.calls.at(-1)![0])).toEqual(
      new Set(
        [sessionOf(alice.agent), sessionOf(bob.agent)].map((id) => node1.app.sessions.hash(id!)),
      ),
    );

    // The last socket goes: the timer stops, and with it the queries.
    sockets.forEach((socket) => socket.disconnect());
    await expect.poll(() => node1.app.io.of('/').sockets.size).toBe(0);
    await sleep(RECHECK_MS);
    const calls = liveAmong.mock.calls.length;
    await sleep(4 * RECHECK_MS);
    expect(liveAmong.mock.calls.length).toBe(calls);
  });
});
