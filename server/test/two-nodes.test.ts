import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpAgent, type ScratchRedis, type ServerNode } from '@jotto/test-support/cluster-harness';
import {
  connected,
  openSocket,
  recordEvents,
  type ClientSocket,
} from '@jotto/test-support/socket-client';
import { startTwoNodes, type TwoNodes } from './two-node-cluster.ts';

type Json = Record<string, unknown>;

/**
 * Two server processes on two ports, one Postgres, one Redis: player A on node 1 and player B
 * on node 2: real time across nodes. Steps run in order and share the cluster.
 */
describe('two nodes sharing Postgres and Redis', () => {
  let cluster: TwoNodes;
  let redis: ScratchRedis;
  let node1: ServerNode;
  let node2: ServerNode;
  const sockets: ClientSocket[] = [];
  const alice = { name: `ann${process.pid % 10000}`, agent: null as unknown as HttpAgent };
  const bob = { name: `ben${process.pid % 10000}`, agent: null as unknown as HttpAgent };
  let aliceEvents: ReturnType<
    typeof recordEvents<'game:counts' | 'challenge:accepted' | 'friend:request'>
  >;
  let bobEvents: ReturnType<typeof recordEvents<'challenge:received' | 'game:counts'>>;
  let gameId = 0;

  beforeAll(async () => {
    cluster = await startTwoNodes({
      SESSION_SECRET: 'cluster-secret-cluster-secret-cluster-0001',
      RATE_LIMIT_PLAY: '1000',
    });
    ({ node1, node2, redis } = cluster);

    alice.agent = new HttpAgent(node1.baseUrl);
    bob.agent = new HttpAgent(node2.baseUrl);
    for (const player of [alice, bob]) {
      const registered = await player.agent.call('POST', '/api/register', {
        username: player.name,
        email: `${player.name}@example.com`,
        password: 'abcd',
      });
      expect(registered.status).toBe(200);
    }
    const aliceSocket = await connected(
      openSocket(node1.baseUrl, alice.agent.sessionId, { reconnection: true }),
    );
    const bobSocket = await connected(openSocket(node2.baseUrl, bob.agent.sessionId));
    sockets.push(aliceSocket, bobSocket);
    aliceEvents = recordEvents(aliceSocket, [
      'game:counts',
      'challenge:accepted',
      'friend:request',
    ]);
    bobEvents = recordEvents(bobSocket, ['challenge:received', 'game:counts']);
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await cluster?.close();
  });

  it("B's accept on node 2 reaches A's socket on node 1", async () => {
    const sent = await alice.agent.call('POST', '/api/challenges/new', { username: bob.name });
    const [received] = await bobEvents.waitFor(1, 'challenge:received');
    expect(received!.payload).toEqual({ challengeId: sent.body.challengeId, sender: alice.name });
    const accepted = await bob.agent.call<Json>('POST', '/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    expect(accepted.status).toBe(200);
    gameId = accepted.body.gameId as number;
    const [event] = await aliceEvents.waitFor(1, 'challenge:accepted');
    expect(event!.payload).toEqual({ challengeId: sent.body.challengeId, gameId });
  });

  it('every guess of B reaches A as game:counts, in order', async () => {
    const scores: number[] = [];
    for (const word of ['crane', 'sloth', 'pudgy', 'mound']) {
      const played = await bob.agent.call<Json>('GET', `/api/game/${gameId}/play/${word}`);
      expect(played.status).toBe(200);
      scores.push(played.body.score as number);
    }
    const events = await aliceEvents.waitFor(4, 'game:counts');
    expect(events.map((e) => e.payload)).toEqual(
      scores.map((score, i) =>
        expect.objectContaining({ gameId, seq: i + 1, enemyScore: score, enemyGuesses: i + 1 }),
      ),
    );
  });

  it('a friend request crosses nodes', async () => {
    const asked = await bob.agent.call('GET', `/api/friends/add/${alice.name}`);
    expect(asked.status).toBe(200);
    const [event] = await aliceEvents.waitFor(1, 'friend:request');
    expect(event!.payload).toEqual({ id: expect.any(Number), name: bob.name });
  });

  it('with Redis stopped, play goes on and polling sees it; events resume when Redis is back', async () => {
    const connectionsBefore = (await redis.clients()).length;
    await redis.stop();
    const before = aliceEvents.events.filter((e) => e.name === 'game:counts').length;
    const played = await bob.agent.call<Json>('GET', `/api/game/${gameId}/play/fifth`);
    expect(played.status).toBe(200);
    const login = await new HttpAgent(node2.baseUrl).call('POST', '/api/login', {
      username: alice.name,
      password: 'abcd',
    });
    expect(login.status).toBe(200);
    // A's fallback: the counts route on node 1 reads the same state as the missing event.
    const polled = await alice.agent.call<Json>('GET', `/api/game/${gameId}/counts`);
    expect(polled.body).toMatchObject({
      result: 'ok',
      seq: 5,
      enemyGuesses: 5,
      enemyScore: played.body.score,
    });
    // Degraded, not unavailable: the node still serves players.
    const readiness = await fetch(`${node1.baseUrl}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toMatchObject({ status: 'degraded', redis: 'unreachable' });
    expect(node1.alive && node2.alive).toBe(true);

    await redis.start();
    // ioredis reconnects and resubscribes on its own. Wait until both nodes are ready again,
    // every connection they held is back (an event's publisher among them) and both adapters
    // listen to the event pattern again: then an event can cross.
    await vi.waitFor(
      async () => {
        for (const node of [node1, node2]) {
          expect(await (await fetch(`${node.baseUrl}/readyz`)).json()).toMatchObject({
            status: 'ready',
          });
        }
        const clients = await redis.clients();
        expect(clients).toHaveLength(connectionsBefore);
        expect(clients.filter((client) => client.patternSubscriptions > 0)).toHaveLength(2);
      },
      { timeout: 15_000, interval: 100 },
    );
    const next = await bob.agent.call<Json>('GET', `/api/game/${gameId}/play/whelp`);
    expect(next.status).toBe(200);
    const events = await aliceEvents.waitFor(before + 1, 'game:counts', 10_000);
    expect(events.at(-1)!.payload).toMatchObject({ seq: 6, enemyGuesses: 6 });
    expect(
      [...alice.agent.statuses, ...bob.agent.statuses].filter((status) => status >= 500),
    ).toEqual([]);
  });

  it('killing node 2 loses nothing: B carries on through node 1', async () => {
    await node2.stop('SIGKILL');
    bob.agent.baseUrl = node1.baseUrl;
    const board = await bob.agent.call<Json>('GET', `/api/games/${gameId}`);
    expect(board.status).toBe(200);
    expect((board.body.guesses as unknown[]).length).toBe(6);
    const bobAgain = await connected(openSocket(node1.baseUrl, bob.agent.sessionId));
    sockets.push(bobAgain);
    const seen = aliceEvents.events.filter((e) => e.name === 'game:counts').length;
    const played = await bob.agent.call<Json>('GET', `/api/game/${gameId}/play/giveup`);
    expect(played.body).toMatchObject({ result: 'ok', forfeit: true, finished: true });
    const events = await aliceEvents.waitFor(seen + 1, 'game:counts');
    expect(events.at(-1)!.payload).toMatchObject({ seq: 7, enemyForfeit: true });
    expect(node1.output).not.toMatch(/"level":(50|60)/);
  });
});
