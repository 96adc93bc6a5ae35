import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import type { WatchCountsEvent, WatchResponse } from '@jotto/shared/watch-schemas';
import { HttpAgent, type ServerNode } from '@jotto/test-support/cluster-harness';
import {
  type ClientSocket,
  connected,
  openSocket,
  recordEvents,
} from '@jotto/test-support/socket-client';
import { startTwoNodes, type TwoNodes } from './two-node-cluster.ts';

type Json = Record<string, unknown>;

/** A spectator's socket hears each move this soon (docs/PRODUCT.md, 'Watching'). */
const PUSH_WITHIN_MS = 1_000;
/** A spectator without a socket polls every 3 s: they see each move within that. */
const POLL_EVERY_MS = 3_000;

/**
 * Watching across two nodes sharing Postgres and Redis: the players on node 1, a spectator's
 * socket on node 2 (put in the watch room by a request to node 1), another spectator polling
 * node 2. Steps run in order and share the cluster.
 */
describe('watching across two nodes', () => {
  let cluster: TwoNodes;
  let node1: ServerNode;
  let node2: ServerNode;
  const sockets: ClientSocket[] = [];
  const suffix = process.pid % 10000;
  const player = async (name: string, node: ServerNode) => {
    const agent = new HttpAgent(node.baseUrl);
    const registered = await agent.call('POST', '/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'abcd',
    });
    expect(registered.status).toBe(200);
    return { name, agent };
  };
  let alice: Awaited<ReturnType<typeof player>>;
  let bob: Awaited<ReturnType<typeof player>>;
  let sam: Awaited<ReturnType<typeof player>>;
  let polly: Awaited<ReturnType<typeof player>>;
  let samSocket: ClientSocket;
  let samEvents: ReturnType<typeof recordEvents<'watch:counts' | 'game:watchers'>>;
  let aliceEvents: ReturnType<typeof recordEvents<'game:watchers'>>;
  let gameId = 0;
  let secret = '';
  const guessed: string[] = [];

  beforeAll(async () => {
    cluster = await startTwoNodes({ RATE_LIMIT_PLAY: '1000' });
    ({ node1, node2 } = cluster);
    alice = await player(`wal${suffix}`, node1);
    bob = await player(`wbo${suffix}`, node1);
    sam = await player(`wsa${suffix}`, node2);
    polly = await player(`wpo${suffix}`, node2);
    const sent = await alice.agent.call<Json>('POST', '/api/challenges/new', {
      username: bob.name,
    });
    const accepted = await bob.agent.call<Json>('POST', '/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    expect(accepted.status).toBe(200);
    gameId = accepted.body.gameId as number;
    const [game] = await cluster.sql<{ secret: string }[]>`
      SELECT secret FROM games WHERE id = ${gameId}`;
    secret = game!.secret;
    const aliceSocket = await connected(openSocket(node1.baseUrl, alice.agent.sessionId));
    samSocket = await connected(openSocket(node2.baseUrl, sam.agent.sessionId));
    sockets.push(aliceSocket, samSocket);
    aliceEvents = recordEvents(aliceSocket, ['game:watchers']);
    samEvents = recordEvents(samSocket, ['watch:counts', 'game:watchers']);
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await cluster?.close();
  });

  const words = () => SECRET_WORDS.filter((word) => word !== secret);
  const guess = async (who: typeof alice) => {
    const word = words()[guessed.length]!;
    guessed.push(word);
    const played = await who.agent.call<Json>('GET', `/api/game/${gameId}/play/${word}`);
    expect(played.status).toBe(200);
  };
  /** Nothing that could help a player before settlement: no word, count or secret. */
  const expectNothingSecret = (payload: unknown) => {
    const text = JSON.stringify(payload);
    for (const word of [...guessed, secret]) expect(text).not.toContain(word);
    for (const key of ['"word"', '"matches"', '"target"', '"guessList"']) {
      expect(text).not.toContain(key);
    }
  };

  it("a request to node 1 puts the spectator's socket on node 2 in the room, and everyone hears the count", async () => {
    const onNode1 = new HttpAgent(node1.baseUrl);
    onNode1.sessionId = sam.agent.sessionId;
    const watched = await onNode1.call<WatchResponse>('GET', `/api/game/${gameId}/watch`);
    expect(watched.status).toBe(200);
    expect(watched.body.watchers).toBe(1);
    expectNothingSecret(watched.body);
    const [heard] = await aliceEvents.waitFor(1, 'game:watchers');
    expect(heard!.payload).toEqual({ gameId, count: 1 });
    const [samHeard] = await samEvents.waitFor(1, 'game:watchers');
    expect(samHeard!.payload).toEqual({ gameId, count: 1 });
    // Both nodes answer the players with the same count.
    for (const node of [node1, node2]) {
      const agent = new HttpAgent(node.baseUrl);
      agent.sessionId = bob.agent.sessionId;
      const counts = await agent.call<Json>('GET', `/api/game/${gameId}/counts`);
      expect(counts.body.watchers).toBe(1);
    }
  });

  it("each move on node 1 reaches the spectator's socket on node 2 within a second", async () => {
    for (const [i, who] of [alice, bob, alice].entries()) {
      const before = performance.now();
      await guess(who);
      const pushed = await samEvents.waitFor(i + 1, 'watch:counts', 5_000);
      const event = pushed[i]!;
      expect(event.at - before).toBeLessThan(PUSH_WITHIN_MS);
      expect(event.payload).toMatchObject({ gameId, watchers: 1, settled: false });
      expect((event.payload as WatchCountsEvent).players.map((p) => p.guesses)).toEqual(
        [
          [1, 0],
          [1, 1],
          [2, 1],
        ][i],
      );
      expectNothingSecret(event.payload);
    }
  });

  it('a spectator without a socket sees each move by polling node 2 within 3 s', async () => {
    const first = await polly.agent.call<WatchResponse>('GET', `/api/game/${gameId}/watch`);
    expect(first.status).toBe(200);
    // Polly has no socket: she is not counted.
    expect(first.body.watchers).toBe(1);
    const guessesBefore = first.body.players[1]!.guesses;
    const moved = performance.now();
    await guess(bob);
    let seen: WatchResponse | null = null;
    while (performance.now() - moved < POLL_EVERY_MS) {
      const polled = await polly.agent.call<WatchResponse>('GET', `/api/game/${gameId}/watch`);
      if (polled.body.players[1]!.guesses === guessesBefore + 1) {
        seen = polled.body;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen, 'the move within 3 s').not.toBeNull();
    expectNothingSecret(seen);
  });

  it('the spectator on node 2 disconnecting is counted out, and the players on node 1 hear it', async () => {
    for (const payload of samEvents.events) expectNothingSecret(payload.payload);
    samSocket.disconnect();
    const heard = await aliceEvents.waitFor(2, 'game:watchers');
    expect(heard[1]!.payload).toEqual({ gameId, count: 0 });
    const counts = await alice.agent.call<Json>('GET', `/api/game/${gameId}/counts`);
    expect(counts.body.watchers).toBe(0);
  });
});
