import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_REQUEST_HEADER,
  CLIENT_REQUEST_HEADER_VALUE,
  SESSION_COOKIE,
} from '@jotto/shared/request-headers';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { HttpAgent, type ScratchRedis, type ServerNode } from '@jotto/test-support/cluster-harness';
import { hashToken, newOpaqueToken } from '../src/lib/secret-hashing.ts';
import { startTwoNodes, type TwoNodes } from './two-node-cluster.ts';

type Json = Record<string, unknown>;

const SECRET = 'cluster-secret-cluster-secret-cluster-0002';
/** CACHE_MAX_STALE_MS of both nodes: the most a poll may lag a change while Redis is away. */
const STALE_BOUND_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A browser's HTTP cache for one player: one copy per path (the nodes stand for one origin
 * behind a balancer, so a copy made on one node is revalidated on the other), sent back as
 * If-None-Match; a 304 hands the app the copy, as fetch() does.
 */
class BrowserCache {
  private readonly copies = new Map<string, { etag: string; body: Json }>();
  constructor(public sessionId: string | undefined) {}

  /** `from`: 'body' for an answer sent whole, '304' for the copy a 304 confirmed. */
  async get(node: ServerNode, path: string): Promise<{ status: number; body: Json; from: string }> {
    const copy = this.copies.get(path);
    const response = await fetch(`${node.baseUrl}${path}`, {
      headers: {
        [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
        ...(this.sessionId ? { cookie: `${SESSION_COOKIE}=${this.sessionId}` } : {}),
        ...(copy ? { 'if-none-match': copy.etag } : {}),
      },
    });
    const text = await response.text();
    if (response.status === 304) {
      if (!copy) throw new Error(`304 for ${path} without a copy`);
      expect(text).toBe('');
      return { status: 200, body: copy.body, from: '304' };
    }
    const body = JSON.parse(text) as Json;
    const etag = response.headers.get('etag');
    if (response.status === 200 && etag !== null) {
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      this.copies.set(path, { etag, body });
    }
    return { status: response.status, body, from: 'body' };
  }
}

/**
 * Reads a node's /metrics: how many lookups of a cache had an outcome (hit: served from memory;
 * read: from the database; written: kept from a write on that node).
 */
async function cacheCount(
  node: ServerNode,
  cache: 'polls' | 'sessions' | 'games',
  result: 'hit' | 'read' | 'written' = 'hit',
): Promise<number> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`jotto_cache_lookups_total{cache="${cache}",result="${result}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Whether a node serves from its caches now (its /metrics). */
async function servesFromMemory(node: ServerNode): Promise<boolean> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  return /^jotto_cache_trusted 1$/m.test(text);
}

/**
 * What the per-node caches of sessions and poll answers put at risk, on two server processes
 * sharing Postgres and Redis: a change made on one node must be in the next poll on the other,
 * a 304 must never stand for an answer that changed, and with Redis away a poll lags a change
 * by at most the staleness bound.
 */
describe('poll caches across two nodes', () => {
  let cluster: TwoNodes;
  let redis: ScratchRedis;
  let node1: ServerNode;
  let node2: ServerNode;
  let sql: postgres.Sql;
  const suffix = process.pid % 10000;
  let round = 0;

  /** A registered player on a node; the agent keeps the session cookie. */
  async function player(
    prefix: string,
    node: ServerNode,
  ): Promise<{ name: string; agent: HttpAgent }> {
    round += 1;
    const name = `${prefix}${suffix}x${round}`;
    const agent = new HttpAgent(node.baseUrl);
    const registered = await agent.call('POST', '/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'abcd',
    });
    expect(registered.status).toBe(200);
    return { name, agent };
  }

  /** A versus game: A challenges on node 1, B accepts on node 2. */
  async function versusGame() {
    const a = await player('pa', node1);
    const b = await player('pb', node2);
    const sent = await a.agent.call('POST', '/api/challenges/new', { username: b.name });
    const accepted = await b.agent.call<Json>('POST', '/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    expect(accepted.status).toBe(200);
    const gameId = accepted.body.gameId as number;
    const [game] = await sql<{ secret: string }[]>`SELECT secret FROM games WHERE id = ${gameId}`;
    const words = SECRET_WORDS.filter((word) => word !== game!.secret);
    let next = 0;
    return {
      a,
      b,
      gameId,
      challengeId: sent.body.challengeId as number,
      /** A guess that is never the secret, so that the game goes on. */
      guess: async (who: HttpAgent) => {
        const played = await who.call<Json>('GET', `/api/game/${gameId}/play/${words[next++]}`);
        expect(played.status).toBe(200);
        return played.body;
      },
    };
  }

  beforeAll(async () => {
    cluster = await startTwoNodes({
      // The tests hash session tokens themselves, with the secret the nodes hash them with.
      SESSION_SECRET: SECRET,
      RATE_LIMIT_PLAY: '1000',
      CACHE_MAX_STALE_MS: String(STALE_BOUND_MS),
    });
    ({ node1, node2, redis, sql } = cluster);
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
  });

  it('a guess on node 2 is in the next poll on node 1, and an unchanged poll is a 304 from memory', async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    const board = `/api/games/${game.gameId}`;
    expect((await browser.get(node1, counts)).body).toMatchObject({ seq: 0, enemyGuesses: 0 });
    await browser.get(node1, board);
    // Node 1's caches were at rest until these lookups woke their watch: what was read before
    // Redis answered its first PING was not kept. Once it has, the next reads are.
    await expect.poll(() => servesFromMemory(node1), { timeout: 5_000, interval: 20 }).toBe(true);
    await browser.get(node1, counts);
    await browser.get(node1, board);

    // Both polled answers carry an ETag (checked by BrowserCache) and are kept as copies.
    const hitsBefore = await cacheCount(node1, 'polls');
    const again = await browser.get(node1, counts);
    expect(again).toMatchObject({ from: '304', body: { seq: 0 } });
    expect(await browser.get(node1, board)).toMatchObject({ from: '304' });
    expect(await cacheCount(node1, 'polls')).toBe(hitsBefore + 2);

    for (let i = 1; i <= 4; i += 1) {
      const played = await game.guess(game.b.agent);
      // Sent right after B's answer came back: on the other node, with the copy's ETag.
      const polled = await browser.get(node1, counts);
      expect(polled).toMatchObject({
        from: 'body',
        body: { seq: i, enemyGuesses: i, enemyScore: played.score },
      });
      const ownBoard = await browser.get(node1, board);
      expect(ownBoard).toMatchObject({ from: 'body', body: { seq: i, enemyGuesses: i } });
      // And the copy made on node 1 is current on node 2 too: the ETag is the answer's.
      expect(await browser.get(node2, counts)).toMatchObject({ from: '304', body: { seq: i } });
    }
  });

  it('never answers 304 for a game that changed, with polls and guesses racing on both nodes', async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    /** The seq of the last guess whose answer has come back. */
    let acknowledged = 0;
    let done = false;
    const polls: { node: number; from: string; seq: number; atLeast: number }[] = [];
    const poller = (async () => {
      for (let i = 0; !done; i += 1) {
        const atLeast = acknowledged;
        const node = i % 2 === 0 ? 1 : 2;
        const polled = await browser.get(node === 1 ? node1 : node2, counts);
        polls.push({ node, from: polled.from, seq: polled.body.seq as number, atLeast });
      }
    })();
    for (let i = 0; i < 12; i += 1) {
      const played = await game.guess(i % 2 === 0 ? game.b.agent : game.a.agent);
      acknowledged = Math.max(acknowledged, played.seq as number);
      await sleep(15);
    }
    done = true;
    await poller;
    expect(polls.filter((poll) => poll.seq < poll.atLeast)).toEqual([]);
    expect(polls.some((poll) => poll.from === '304')).toBe(true);
    // The poller's last poll may have left before the last guess was answered: one more on
    // each node, sent after it, sees all twelve.
    expect((await browser.get(node1, counts)).body.seq).toBe(12);
    expect((await browser.get(node2, counts)).body.seq).toBe(12);
  });

  it("a guess leaves its game in its node's memory: the opponent's next poll there reads nothing", async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    for (let i = 1; i <= 3; i += 1) {
      const [readsBefore, writtenBefore] = [
        await cacheCount(node2, 'games', 'read'),
        await cacheCount(node2, 'games', 'written'),
      ];
      const played = await game.guess(game.b.agent);
      // B's first guess on node 2 reads the game once; then node 2 holds what each guess wrote.
      const readsAfterGuess = await cacheCount(node2, 'games', 'read');
      expect(readsAfterGuess).toBe(readsBefore + (i === 1 ? 1 : 0));
      // A's poll there is answered from what the guess wrote.
      expect(await browser.get(node2, counts)).toMatchObject({
        from: 'body',
        body: { seq: i, enemyGuesses: i, enemyScore: played.score, outcome: 'pending' },
      });
      expect(await cacheCount(node2, 'games', 'written')).toBe(writtenBefore + 1);
      expect(await cacheCount(node2, 'games', 'read')).toBe(readsAfterGuess);
      // The same answer as a read on the other node, whose memory the guess emptied.
      expect(await browser.get(node1, counts)).toMatchObject({ from: '304', body: { seq: i } });
    }
    // And A's own move, on node 1, is written there: B's view of it, with no read either.
    const readsBefore = await cacheCount(node1, 'games', 'read');
    const played = await game.guess(game.a.agent);
    const seen = await new BrowserCache(game.b.agent.sessionId).get(node1, counts);
    expect(seen.body).toMatchObject({ seq: 4, enemyGuesses: 1, enemyScore: played.score });
    expect(await cacheCount(node1, 'games', 'read')).toBe(readsBefore);
  });

  it('a challenge sent on node 2 is in the next notices poll on node 1', async () => {
    const a = await player('na', node1);
    const b = await player('nb', node2);
    const browser = new BrowserCache(a.agent.sessionId);
    expect((await browser.get(node1, '/api/user/notices')).body).toEqual({
      result: 'ok',
      notices: [],
    });
    expect((await browser.get(node1, '/api/user/notices')).from).toBe('304');
    const sent = await b.agent.call('POST', '/api/challenges/new', { username: a.name });
    expect((await browser.get(node1, '/api/user/notices')).body).toMatchObject({
      notices: [{ kind: 'challenge-received', challengeId: sent.body.challengeId, sender: b.name }],
    });
    // Answered on node 2 (by A, in another tab): gone from the next poll on node 1.
    const denied = new HttpAgent(node2.baseUrl);
    denied.sessionId = a.agent.sessionId;
    await denied.call('POST', '/api/challenges/deny', { challenge_id: sent.body.challengeId });
    expect((await browser.get(node1, '/api/user/notices')).body).toEqual({
      result: 'ok',
      notices: [],
    });
  });

  it('a rated game settled on node 2 shows the new rating on the board of another game on node 1', async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const board = `/api/games/${game.gameId}`;
    const before = (await browser.get(node1, board)).body.ratings as { me: { before: number } };
    expect(before.me.before).toBe(1500);
    expect((await browser.get(node1, board)).from).toBe('304');

    // Another game of A's, against someone else, which A wins on node 2.
    const c = await player('pc', node2);
    const sent = await c.agent.call('POST', '/api/challenges/new', { username: game.a.name });
    const accepted = new HttpAgent(node2.baseUrl);
    accepted.sessionId = game.a.agent.sessionId;
    const other = await accepted.call<Json>('POST', '/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    const otherId = other.body.gameId as number;
    const [secret] = await sql<
      { secret: string }[]
    >`SELECT secret FROM games WHERE id = ${otherId}`;
    expect((await accepted.call('GET', `/api/game/${otherId}/play/${secret!.secret}`)).status).toBe(
      200,
    );
    expect((await c.agent.call('GET', `/api/game/${otherId}/play/giveup`)).status).toBe(200);
    const [rated] = await sql<{ rating: number }[]>`
      SELECT rating FROM users WHERE username = ${game.a.name}`;
    expect(Math.round(rated!.rating)).toBeGreaterThan(1500);

    const after = await browser.get(node1, board);
    expect(after.from).toBe('body');
    expect((after.body.ratings as { me: { before: number } }).me.before).toBe(
      Math.round(rated!.rating),
    );
  });

  it('a logout on node 1 makes the next poll on node 2 answer as a guest', async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    // Node 2 holds A's session and answers in memory.
    expect((await browser.get(node2, `/api/game/${game.gameId}/counts`)).status).toBe(200);
    expect((await browser.get(node2, '/api/user/info')).body).toEqual({
      result: 'ok',
      msg: game.a.name,
    });
    const challengeInfo = `/api/challenges/${game.challengeId}/info`;
    expect((await browser.get(node2, challengeInfo)).status).toBe(200);
    const hitsBefore = await cacheCount(node2, 'sessions');
    expect((await browser.get(node2, '/api/user/info')).body).toMatchObject({ result: 'ok' });
    expect(await cacheCount(node2, 'sessions')).toBeGreaterThan(hitsBefore);

    const logout = await new BrowserCache(game.a.agent.sessionId).get(node1, '/api/logout');
    expect(logout.status).toBe(200);
    expect((await browser.get(node2, '/api/user/info')).body).toEqual({ result: 'guest' });
    expect(await browser.get(node2, `/api/game/${game.gameId}/counts`)).toMatchObject({
      status: 404,
      body: { result: 'error' },
    });
    expect((await browser.get(node2, challengeInfo)).status).toBe(401);
  });

  it('a username picked on node 1 is what the session says on node 2 at once', async () => {
    // An account from a social sign-in that has not picked its username, and its session.
    const sessionId = newOpaqueToken();
    const [user] = await sql<{ id: number }[]>`INSERT INTO users DEFAULT VALUES RETURNING id`;
    await sql`INSERT INTO sessions (id_hash, user_id, expires_at)
              VALUES (${hashToken(SECRET, sessionId)}, ${user!.id}, now() + interval '1 day')`;
    const browser = new BrowserCache(sessionId);
    expect((await browser.get(node2, '/api/user/info')).body).toEqual({ result: 'finalize' });
    expect((await browser.get(node2, '/api/user/info')).body).toEqual({ result: 'finalize' });

    const name = `fin${suffix}`;
    const finalized = await fetch(`${node1.baseUrl}/api/finalize`, {
      method: 'POST',
      headers: {
        [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
        cookie: `${SESSION_COOKIE}=${sessionId}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ username: name }),
    });
    expect(finalized.status).toBe(200);
    expect((await browser.get(node2, '/api/user/info')).body).toEqual({ result: 'ok', msg: name });
  });

  it('a session expires on time in memory, without anyone announcing it', async () => {
    const game = await versusGame();
    // A second session of A's that ends two seconds from now.
    const sessionId = newOpaqueToken();
    const [user] = await sql<
      { id: number }[]
    >`SELECT id FROM users WHERE username = ${game.a.name}`;
    await sql`INSERT INTO sessions (id_hash, user_id, expires_at)
              VALUES (${hashToken(SECRET, sessionId)}, ${user!.id}, now() + interval '2 seconds')`;
    const browser = new BrowserCache(sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    expect((await browser.get(node1, counts)).status).toBe(200);
    expect((await browser.get(node1, counts)).from).toBe('304');
    await sleep(2_300);
    expect(await browser.get(node1, counts)).toMatchObject({ status: 404 });
  });

  it(`with Redis hung, a poll lags a guess by at most CACHE_MAX_STALE_MS (${STALE_BOUND_MS} ms)`, async () => {
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    await browser.get(node1, counts);
    expect((await browser.get(node1, counts)).from).toBe('304');

    redis.pause();
    try {
      // The guess waits for Redis as long as the command timeout allows (its rate limit, its
      // announcement), then goes through; node 1 still serves its copy until it has not heard
      // from Redis for the bound. Lag is counted from when the guess was sent.
      const sentAt = performance.now();
      const played = await game.guess(game.b.agent);
      let staleAnswers = 0;
      let freshAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - sentAt < STALE_BOUND_MS + 2_000) {
        const polled = await browser.get(node1, counts);
        if (polled.body.seq === played.seq) {
          freshAfter = performance.now() - sentAt;
          break;
        }
        staleAnswers += 1;
        await sleep(50);
      }
      console.log(
        `Redis hung: ${staleAnswers} stale answers, then the guess was in node 1's poll ` +
          `${freshAfter.toFixed(0)} ms after it was sent (bound ${STALE_BOUND_MS} ms)`,
      );
      // The bound, plus one PING period for the node to notice, plus the poll's own time.
      expect(freshAfter).toBeLessThanOrEqual(STALE_BOUND_MS + STALE_BOUND_MS / 4 + 200);
      // From then on every poll reads the database: each is fresh at once.
      for (let i = 0; i < 2; i += 1) {
        const next = await game.guess(game.b.agent);
        expect((await browser.get(node1, counts)).body.seq).toBe(next.seq);
      }
    } finally {
      redis.resume();
    }
  });

  it('with Redis stopped, the next poll is fresh; when it is back, polls come from memory again', async () => {
    // Redis answers again after the last test's freeze: the node trusts its caches again.
    await expect.poll(() => servesFromMemory(node1), { timeout: 15_000, interval: 100 }).toBe(true);
    const game = await versusGame();
    const browser = new BrowserCache(game.a.agent.sessionId);
    const counts = `/api/game/${game.gameId}/counts`;
    await browser.get(node1, counts);
    expect((await browser.get(node1, counts)).from).toBe('304');

    await redis.stop();
    // The node sees the connection close (at once on an idle machine) and stops serving from
    // memory; within the bound in any case.
    await expect
      .poll(() => servesFromMemory(node1), { timeout: STALE_BOUND_MS, interval: 50 })
      .toBe(false);
    const played = await game.guess(game.b.agent);
    expect((await browser.get(node1, counts)).body).toMatchObject({ seq: played.seq });
    const again = await game.guess(game.b.agent);
    expect((await browser.get(node1, counts)).body).toMatchObject({ seq: again.seq });

    await redis.start();
    await expect.poll(() => servesFromMemory(node1), { timeout: 15_000, interval: 200 }).toBe(true);
    // Once the node hears Redis again it serves from memory, and still hears every change.
    await expect
      .poll(
        async () => {
          const before = await cacheCount(node1, 'polls');
          await browser.get(node1, counts);
          return (await cacheCount(node1, 'polls')) - before;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(1);
    const after = await game.guess(game.b.agent);
    expect((await browser.get(node1, counts)).body).toMatchObject({ seq: after.seq });
    expect(node1.output).not.toMatch(/"level":(50|60)/);
    expect(node2.output).not.toMatch(/"level":(50|60)/);
  });
});
