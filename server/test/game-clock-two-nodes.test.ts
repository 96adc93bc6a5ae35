import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMatches } from '@jotto/shared/game-rules';
import type { CountsResponse, GameDetailResponse, PlayResponse } from '@jotto/shared/game-schemas';
import type { MatchSeekResponse } from '@jotto/shared/match-schemas';
import { MATCH_ERRORS } from '@jotto/shared/match-schemas';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { HttpAgent } from '@jotto/test-support/cluster-harness';
import {
  type ClientSocket,
  connected,
  openSocket,
  recordEvents,
} from '@jotto/test-support/socket-client';
import { startTwoNodes, type TwoNodes } from './two-node-cluster.ts';

/** Every 'Play now' game of this file: a live game of 20 s, aborted after 5 s unstarted. */
const TIME_CONTROL = '20s';
const ABORT_WINDOW_MS = 5_000;
const DEADLINE_MS = 20_000;
/** How late after its moment the clock may end a game on a loaded machine. */
const SLACK_MS = 3_000;

/**
 * The game clock across two nodes sharing Postgres and Redis (docs/PRODUCT.md, 'Time controls'):
 * the server ends games, not the browser. Each player seeks on one node and holds a socket on
 * the other, so every event crosses Redis.
 */
describe('the game clock on two nodes', () => {
  let cluster: TwoNodes;
  const sockets: ClientSocket[] = [];
  let counter = 0;

  beforeAll(async () => {
    cluster = await startTwoNodes({ PLAY_NOW_TIME_CONTROL: TIME_CONTROL });
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await cluster?.close();
  });

  /** A registered player seeking through node `index`, with a socket on the other node. */
  async function player(index: 0 | 1) {
    const name = `clk${(process.pid % 1000).toString(36)}x${(counter += 1)}`;
    const agent = new HttpAgent(cluster.nodes[index].baseUrl);
    const registered = await agent.call('POST', '/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'abcd',
    });
    expect(registered.status).toBe(200);
    const socket = await connected(openSocket(cluster.nodes[1 - index]!.baseUrl, agent.sessionId));
    sockets.push(socket);
    const events = recordEvents(socket, ['game:ended', 'game:counts']);
    return { name, agent, events };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  async function pair(a: Player, b: Player) {
    expect((await a.agent.call<MatchSeekResponse>('POST', '/api/match/seek')).body.status).toBe(
      'waiting',
    );
    const paired = await b.agent.call<MatchSeekResponse>('POST', '/api/match/seek');
    expect(paired.body).toMatchObject({ status: 'paired', rated: true });
    const gameId = paired.body.gameId!;
    const rows = await cluster.sql<{ secret: string }[]>`
      SELECT secret FROM games WHERE id = ${gameId}`;
    const secret = rows[0]!.secret;
    const misses = SECRET_WORDS.filter((word) => countMatches(word, secret) < 5);
    return { gameId, secret, misses };
  }

  const board = (p: Player, gameId: number) =>
    p.agent.call<GameDetailResponse>('GET', `/api/games/${gameId}`);
  const play = (p: Player, gameId: number, word: string) =>
    p.agent.call<PlayResponse>('GET', `/api/game/${gameId}/play/${word}`);
  const ratingOf = async (name: string) =>
    (await cluster.sql<{ rating: number }[]>`SELECT rating FROM users WHERE username = ${name}`)[0]!
      .rating;

  it('ends a live game at its deadline: the one who stopped is out of time, the other wins', async () => {
    const a = await player(0);
    const b = await player(1);
    const [ratingA, ratingB] = [await ratingOf(a.name), await ratingOf(b.name)];
    const startedAt = Date.now();
    const { gameId, secret, misses } = await pair(a, b);
    const start = (await board(a, gameId)).body;
    expect(start).toMatchObject({ timeControl: TIME_CONTROL, rated: true });
    expect(Date.parse(start.deadline!) - startedAt).toBeGreaterThan(DEADLINE_MS - SLACK_MS);
    expect(Date.parse(start.deadline!) - startedAt).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);

    // A guesses once and stops; B guesses, then solves: B waits for A, and sees no word yet.
    expect((await play(a, gameId, misses[0]!)).status).toBe(200);
    expect((await play(b, gameId, misses[1]!)).status).toBe(200);
    const solved = await play(b, gameId, secret);
    expect(solved.body).toMatchObject({ win: true, finished: true, outcome: 'pending' });
    expect(solved.body).not.toHaveProperty('target');
    expect((await board(b, gameId)).body).not.toHaveProperty('target');

    // The clock ends it, with no request from anyone: both hear it, on the other node.
    const deadline = Date.parse(start.deadline!);
    const [endedForA] = await a.events.waitFor(1, 'game:ended', DEADLINE_MS + SLACK_MS * 2);
    const [endedForB] = await b.events.waitFor(1, 'game:ended', SLACK_MS);
    expect(Date.now() - deadline).toBeLessThan(SLACK_MS);
    for (const ended of [endedForA!, endedForB!]) {
      expect(ended.payload).toMatchObject({ gameId, reason: 'out of time' });
    }
    const aEnd = (await board(a, gameId)).body;
    expect(aEnd).toMatchObject({
      finished: true,
      forfeit: true,
      outOfTime: true,
      outcome: 'lose',
      target: secret,
    });
    const bEnd = (await board(b, gameId)).body;
    expect(bEnd).toMatchObject({ outcome: 'win', enemyOutOfTime: true, target: secret });
    expect(bEnd.enemyGuessList).toEqual([
      { word: misses[0], matches: countMatches(misses[0]!, secret) },
    ]);
    expect(
      (await a.agent.call<CountsResponse>('GET', `/api/game/${gameId}/counts`)).body,
    ).toMatchObject({ outcome: 'lose', deadline: start.deadline });
    // A rated game settled: both ratings moved, the winner's up.
    expect(await ratingOf(b.name)).toBeGreaterThan(ratingB);
    expect(await ratingOf(a.name)).toBeLessThan(ratingA);
    // Over: no move lands any more.
    expect((await play(a, gameId, misses[2]!)).status).toBe(409);
  }, 60_000);

  it('aborts a game a player does not start: unrated, nothing counted, a wait before seeking', async () => {
    const c = await player(0);
    const d = await player(1);
    const { gameId, misses } = await pair(c, d);
    const pairedAt = Date.now();
    expect((await play(c, gameId, misses[0]!)).status).toBe(200);
    const [ended] = await c.events.waitFor(1, 'game:ended', ABORT_WINDOW_MS + SLACK_MS * 2);
    expect(ended!.payload).toMatchObject({ gameId, reason: 'aborted' });
    expect(Date.now() - pairedAt).toBeGreaterThanOrEqual(ABORT_WINDOW_MS - 500);
    await d.events.waitFor(1, 'game:ended', SLACK_MS);
    for (const p of [c, d]) {
      const view = (await board(p, gameId)).body;
      expect(view).toMatchObject({ aborted: true, notStarted: [d.name], rated: false });
    }
    const [game] = await cluster.sql<{ rated: boolean; settled: boolean }[]>`
      SELECT rated, settled_at IS NOT NULL AS settled FROM games WHERE id = ${gameId}`;
    expect(game).toEqual({ rated: false, settled: true });
    const counted = await cluster.sql`
      SELECT game_ct FROM users WHERE username IN (${c.name}, ${d.name}) AND game_ct > 0`;
    expect(counted).toHaveLength(0);
    expect((await play(c, gameId, misses[1]!)).status).toBe(409);
    // D, who did not start, waits a minute before seeking again; C may seek at once.
    const refused = await d.agent.call('POST', '/api/match/seek');
    expect(refused.status).toBe(429);
    expect((refused.body as { err: string }).err).toMatch(/^Your last game was aborted/);
    expect((refused.body as { err: string }).err).toBe(
      MATCH_ERRORS.cooldown(
        Number(/in (\d+) seconds/.exec((refused.body as { err: string }).err)![1]),
      ),
    );
    expect((await c.agent.call<MatchSeekResponse>('POST', '/api/match/seek')).body.status).toBe(
      'waiting',
    );
    await c.agent.call('POST', '/api/match/cancel');
  }, 60_000);
});
