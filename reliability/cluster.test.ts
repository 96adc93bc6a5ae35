// The reliability suite (`pnpm test:reliability`): a two-node cluster behind nginx, started as
// `pnpm cluster` starts it, on a Postgres and a Redis of the suite's own, broken on purpose in
// bounded ways while browser-shaped clients (REST plus Socket.IO, each from its own loopback
// address) play through the balancer. Scenarios run in order on the one cluster: each starts
// from what the previous one left after its recovery.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_ERRORS } from '@jotto/shared/challenge-schemas';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import type { ScenarioFigures } from './reliability-reporter.ts';
import {
  BrowserHttp,
  type BrowserTab,
  type ClientSocket,
  freshLoopbackAddress,
  isFailedReply,
  type Json,
  openBareWebSocket,
  openChannel,
  type OpponentView,
  type Reply,
  sendRaw,
} from './support/browser-client.ts';
import { invariantViolations } from './support/invariants.ts';
import {
  type OpenApiDocument,
  operationsOf,
  requestArbitrary,
  ResponseJudge,
} from './support/openapi-fuzz.ts';
import {
  compareWithDatabase,
  guess,
  missWords,
  type PlayedGame,
  playWords,
  secretOf,
  startVersus,
} from './support/players.ts';
import {
  eventually,
  LOGIN_LIMIT,
  PASSWORD,
  sleep,
  startSuiteCluster,
  type SuiteCluster,
} from './support/suite-cluster.ts';

/** Requests of the fuzz: at least 10,000, in batches sent at once. */
const FUZZ_BATCH = 16;
const FUZZ_RUNS = 625;
/** Runs of the cheapest race (both players pressing Rematch at once). */
const REMATCH_RUNS = 100;
const IDENTICAL_GUESS_RUNS = 10;

let suite: SuiteCluster;
let userCount = 0;
const tabs: BrowserTab[] = [];

/** A new user (unique name) on node `index`, signed in; its tab is closed after the suite. */
async function player(index: number, prefix = 'p'): Promise<BrowserTab> {
  userCount += 1;
  const tab = await suite.registerTab(`${prefix}${userCount}r${process.pid % 1000}`, index);
  tabs.push(tab);
  return tab;
}

/** The other tabs of a signed-in player: same cookie, each from its own address. */
function sameSessionFrom(tab: BrowserTab, count: number): BrowserHttp[] {
  return Array.from({ length: count }, () => {
    const http = new BrowserHttp(suite.url, freshLoopbackAddress(), suite.url);
    http.sessionId = tab.http.sessionId;
    return http;
  });
}

/** A 429 of a per-address rate limit (not the per-account login limit). */
const isPerAddressLimit = (body: unknown) => {
  const err = (body as { err?: unknown } | null)?.err;
  return typeof err === 'string' && err.startsWith('Too many attempts.');
};

function report(task: { meta: { reliability?: ScenarioFigures } }, figures: ScenarioFigures) {
  task.meta.reliability = figures;
}

/**
 * How soon `/readyz` must answer whatever is down: a balancer's health check allows 1 s (see
 * docs/OPERATIONS.md, 'Health').
 */
const READYZ_WITHIN_MS = 1_000;

/** `/readyz` of one node, with how long it took to answer. */
const readyz = async (baseUrl: string) => {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(20_000) });
  return {
    status: response.status,
    body: (await response.json()) as Json,
    ms: performance.now() - started,
  };
};

/**
 * Waits until the balancer sends `address`, one of node `index`'s share of clients, to that
 * node again (nginx skips a node for fail_timeout after it failed).
 */
async function balancerUses(address: string, index: number): Promise<void> {
  const port = String(suite.cluster.nodes[index]!.port);
  const linesFrom = async () =>
    (await readFile(suite.cluster.balancer.accessLogPath, 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith(`${address}|`));
  await eventually(
    async () => {
      const before = (await linesFrom()).length;
      const path = `/healthz?back=${Date.now()}`;
      await sendRaw(suite.url, address, { method: 'GET', path });
      // nginx writes the request's line after it has answered: wait for that line.
      let lines: string[] = [];
      await eventually(
        async () => (lines = await linesFrom()).length > before,
        `the balancer's log line for ${address}`,
        5_000,
      );
      return lines.at(-1)?.split('|')[1]?.endsWith(`:${port}`) === true;
    },
    `balancer routes to node ${index + 1} again`,
    20_000,
  );
}

/** Waits until every player of `gameIds` has at least `count` guesses stored: play is under way. */
async function guessesStored(gameIds: number[], count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await suite.sql<{ behind: number }[]>`
      SELECT count(*)::int AS behind FROM game_players
      WHERE game_id IN ${suite.sql(gameIds)} AND guess_count < ${count}`;
      return row!.behind === 0;
    },
    `${count} guesses stored by every player of games ${gameIds.join(', ')}`,
  );
}

async function expectInvariants(): Promise<void> {
  expect(await invariantViolations(suite.sql)).toEqual([]);
}

/** Statuses of every reply of every guess, counted. */
function statusCounts(games: PlayedGame[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const game of games) {
    for (const outcome of game.outcomes) {
      for (const reply of outcome.replies) {
        counts[reply.status] = (counts[reply.status] ?? 0) + 1;
      }
    }
  }
  return counts;
}

const requestsOf = (games: PlayedGame[]) =>
  games.reduce((sum, game) => sum + game.outcomes.reduce((n, o) => n + o.replies.length, 0), 0);

/** Lost and unexpected words of every game, after comparing with the database. */
async function audit(games: PlayedGame[]) {
  let lost = 0;
  const problems: string[] = [];
  for (const game of games) {
    const result = await compareWithDatabase(suite.sql, game);
    lost += result.lost.length;
    if (result.lost.length + result.unexpected.length > 0) {
      problems.push(
        `${game.tab.username} in game ${game.gameId}: lost ${result.lost.join(',')} unexpected ${result.unexpected.join(',')}`,
      );
    }
  }
  return { lost, problems };
}

beforeAll(async () => {
  suite = await startSuiteCluster();
}, 120_000);

afterAll(async () => {
  tabs.forEach((tab) => tab.close());
  await suite?.close();
}, 60_000);

describe('a two-node cluster behind nginx', () => {
  it('kill -9 a node mid-versus: clients move to the other node, catch up by seq, nothing lost or doubled', async ({
    task,
    onTestFinished,
  }) => {
    const GAMES = 4;
    const pairs: { a: BrowserTab; b: BrowserTab; gameId: number }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const a = await player(0);
      const b = await player(1);
      await Promise.all([a.connect(), b.connect()]);
      const gameId = await startVersus(a, b);
      a.watch(gameId);
      b.watch(gameId);
      pairs.push({ a, b, gameId });
    }
    const killed = suite.cluster.nodes[0]!;
    // Whatever happens here, the next scenario gets two nodes.
    onTestFinished(async () => {
      if (!killed.alive) {
        await killed.start();
        await balancerUses(pairs[0]!.a.address, 0);
      }
    });
    const plans = await Promise.all(
      pairs.map(async ({ gameId }, i) => {
        const secret = await secretOf(suite.sql, gameId);
        return {
          a: [...missWords(secret, 6 + i), secret],
          // One player gives up at the end, the others solve it.
          b: [...missWords(secret, 9 - i), i === 0 ? 'giveup' : secret],
        };
      }),
    );
    const playing = pairs.flatMap(({ a, b, gameId }, i) => [
      playWords(a, gameId, plans[i]!.a, 100),
      playWords(b, gameId, plans[i]!.b, 100),
    ]);
    // Mid-versus: every player has made a couple of guesses and has more to make.
    await guessesStored(
      pairs.map((pair) => pair.gameId),
      2,
    );
    await killed.kill();
    const games = await Promise.all(playing);

    // Every tab ends up showing the opponent's state as stored, whichever node it was on.
    // (A tab hears only of the opponent's moves; its own moves also advance `seq`, so it
    // refetches on those gaps: what must converge is what it shows.)
    const truth = (gameId: number) => suite.sql<
      { user: string; guesses: number; score: number; won: boolean; forfeit: boolean }[]
    >`
        SELECT u.username AS user, p.guess_count AS guesses, p.score,
               p.status = 'won' AS won, p.forfeit
        FROM game_players p JOIN users u ON u.id = p.user_id
        WHERE p.game_id = ${gameId}`;
    const shows = (
      view: OpponentView | undefined,
      opponent: { guesses: number; score: number; won: boolean; forfeit: boolean },
    ) =>
      view !== undefined &&
      view.enemyGuesses === opponent.guesses &&
      view.enemyScore === opponent.score &&
      view.enemyWon === opponent.won &&
      view.enemyForfeit === opponent.forfeit;
    await eventually(
      async () => {
        for (const { a, b, gameId } of pairs) {
          const rows = await truth(gameId);
          const of = (tab: BrowserTab) => rows.find((row) => row.user === tab.username)!;
          if (!shows(a.views.get(gameId), of(b)) || !shows(b.views.get(gameId), of(a))) {
            return false;
          }
        }
        return true;
      },
      async () => {
        const seen = await Promise.all(
          pairs.map(async ({ a, b, gameId }) => ({
            gameId,
            truth: await truth(gameId),
            a: { ...a.views.get(gameId), connects: a.connects, connected: a.socket?.connected },
            b: { ...b.views.get(gameId), connects: b.connects, connected: b.socket?.connected },
          })),
        );
        return `every tab shows its opponent as stored: ${JSON.stringify(seen)}`;
      },
    );

    const movedTabs = pairs.map((pair) => pair.a);
    for (const tab of movedTabs) {
      expect(tab.disconnects, `${tab.username} lost its node`).toBeGreaterThanOrEqual(1);
      expect(tab.connects, `${tab.username} reconnected`).toBeGreaterThanOrEqual(2);
    }
    for (const game of games) {
      expect(game.outcomes.every((o) => o.result === 'played')).toBe(true);
    }
    const { lost, problems } = await audit(games);
    expect(problems).toEqual([]);
    const [finished] = await suite.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM games
      WHERE id IN ${suite.sql(pairs.map((p) => p.gameId))} AND settled_at IS NOT NULL`;
    expect(finished!.count).toBe(GAMES);
    await expectInvariants();
    expect(suite.cluster.nodes[1]!.errorLines).toEqual([]);
    expect(suite.cluster.nodes[1]!.alive).toBe(true);

    const statuses = statusCounts(games);
    const catchUps = movedTabs.reduce(
      (n, tab) => n + [...tab.views.values()].reduce((m, v) => m + v.catchUps, 0),
      0,
    );
    report(task, {
      faults: 1,
      inputs: requestsOf(games),
      lost,
      detail: `${GAMES} games finished; ${movedTabs.length} tabs moved node and caught up (${catchUps} catch-up fetches); guess statuses ${JSON.stringify(statuses)}`,
    });
  });

  it('Redis stopped for 10 s: REST and 3-second polling go on, /readyz says degraded, events resume', async ({
    task,
    onTestFinished,
  }) => {
    let redisDown = false;
    onTestFinished(async () => {
      if (redisDown) await suite.redis.start();
    });
    const a = await player(0);
    const b = await player(1);
    await Promise.all([a.connect(), b.connect()]);
    const gameId = await startVersus(a, b);
    a.watch(gameId);
    const secret = await secretOf(suite.sql, gameId);
    const words = missWords(secret, 14);
    const replies: Reply<Json>[] = [];
    let next = 0;
    const play = async () => {
      const outcome = await guess(b, gameId, words[next++]!, { patienceMs: 20_000 });
      replies.push(...outcome.replies);
      return outcome;
    };
    // Before: events cross nodes.
    await play();
    await eventually(() => a.views.get(gameId)!.seq === 1, 'event before the outage');
    const eventsBefore = a.views.get(gameId)!.events;

    const redisConnections = (await suite.redis.clients()).length;
    await suite.redis.stop();
    redisDown = true;
    const outageStart = Date.now();
    const polls: Reply<Json>[] = [];
    const readiness: Awaited<ReturnType<typeof readyz>>[] = [];
    // The outage's timeline, paced as people and clients are (these pauses stand for no
    // condition): a guess every second, a poll every 3 s, the readiness probes at 1.5 s and a
    // sign-in at 2 s, all well inside the 10 s.
    const during = async () => {
      while (Date.now() - outageStart < 10_000) {
        await play();
        await sleep(1_000);
      }
    };
    const polling = async () => {
      // The fallback client without live events: counts every 3 s, as the client polls.
      while (Date.now() - outageStart < 10_000) {
        await sleep(3_000);
        polls.push(await a.refetch(gameId, 'poll', { retry: false }));
      }
    };
    const probes = async () => {
      await sleep(1_500);
      for (const node of suite.cluster.nodes) readiness.push(await readyz(node.url));
    };
    const login = async () => {
      await sleep(2_000);
      const other = new BrowserHttp(suite.url, freshLoopbackAddress(), suite.url);
      return other.call('POST', '/api/login', { username: a.username, password: PASSWORD });
    };
    const [, , , loginReply] = await Promise.all([during(), polling(), probes(), login()]);
    // The last poll, after the last guess of the outage, shows it: polling saw everything.
    const finalPoll = await a.refetch(gameId, 'poll', { retry: false });
    const playedDuringOutage = replies.filter((r) => r.status === 200).length;
    expect(finalPoll.status).toBe(200);
    expect(finalPoll.body?.seq).toBe(playedDuringOutage);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.every((poll) => poll.status === 200)).toBe(true);
    expect(loginReply.status).toBe(200);
    // Redis down leaves a node able to serve: ready, but degraded, and said within the second.
    expect(readiness).toHaveLength(suite.cluster.nodes.length);
    for (const probe of readiness) {
      expect(probe).toMatchObject({
        status: 200,
        body: { result: 'ok', status: 'degraded', database: 'ok', redis: 'unreachable' },
      });
      expect(probe.ms).toBeLessThan(READYZ_WITHIN_MS);
    }
    expect(suite.cluster.nodes.every((node) => node.alive && node.unexpectedExits === 0)).toBe(
      true,
    );

    await suite.redis.start();
    redisDown = false;
    const recoveredAfter = Date.now();
    for (const node of suite.cluster.nodes) {
      await eventually(
        async () => (await readyz(node.url)).body.redis === 'ok',
        `${node.name} sees Redis again`,
        15_000,
      );
    }
    // Every connection the nodes held is back and both adapters listen to events again.
    await eventually(async () => {
      const clients = await suite.redis.clients();
      return (
        clients.length === redisConnections &&
        clients.filter((client) => client.patternSubscriptions > 0).length ===
          suite.cluster.nodes.length
      );
    }, 'every Redis connection of both nodes back, both adapters subscribed');
    const recoveryMs = Date.now() - recoveredAfter;
    // Events resume: the next guess reaches A's socket, and A's view is whole again.
    const after = await play();
    expect(after.result).toBe('played');
    const total = replies.filter((r) => r.status === 200).length;
    await eventually(
      () => a.views.get(gameId)!.seq === total && a.views.get(gameId)!.events > eventsBefore,
      'events resume after Redis is back',
    );
    // No stuck state: a rate-limited route answers at once again.
    const quick = await guess(b, gameId, words[next++]!);
    expect(quick.result).toBe('played');
    expect(quick.replies.at(-1)!.ms).toBeLessThan(1_000);
    expect(replies.filter((r) => r.status >= 500 || r.status === 0)).toEqual([]);
    await expectInvariants();
    const worstGuessMs = Math.max(...replies.map((r) => r.ms));
    const ready = readiness.map((r) => `${r.status} ${String(r.body.status ?? r.body.result)}`);
    report(task, {
      faults: 1,
      inputs: replies.length + polls.length + readiness.length + 2,
      lost: 0,
      detail: `${playedDuringOutage - 1} guesses and ${polls.length} polls during the outage (slowest guess ${Math.round(worstGuessMs)} ms); /readyz ${ready.join(', ')} in ≤ ${Math.round(Math.max(...readiness.map((r) => r.ms)))} ms; Redis back in ${recoveryMs} ms`,
    });
  });

  it('Postgres restarted: 503 with the envelope while it is down, recovery after, no partial writes', async ({
    task,
    onTestFinished,
  }) => {
    onTestFinished(() => {
      if (!suite.postgres.running) suite.postgres.start();
    });
    const a = await player(0);
    const b = await player(1);
    const gameId = await startVersus(a, b);
    const secret = await secretOf(suite.sql, gameId);
    const solo = await a.http.call('GET', '/api/games/new');
    const soloId = solo.body!.gameId as number;
    const soloSecret = await secretOf(suite.sql, soloId);
    const plays = [
      playWords(a, gameId, [...missWords(secret, 14), secret], 150, { retryEveryMs: 150 }),
      playWords(b, gameId, [...missWords(secret, 15), secret], 150, { retryEveryMs: 150 }),
      playWords(a, soloId, [...missWords(soloSecret, 15), soloSecret], 150, { retryEveryMs: 150 }),
    ];
    // Mid-game: each of the three has made a couple of guesses and has more to make.
    await guessesStored([gameId, soloId], 2);
    const stopAt = performance.now();
    suite.postgres.stop('fast');
    const downReplies: Reply<Json>[] = [];
    const readiness: Awaited<ReturnType<typeof readyz>>[] = [];
    // While it is down: what a client sees (asked every 150 ms for 1.5 s), through the balancer
    // and on each node.
    for (let i = 0; i < 10; i++) {
      downReplies.push(await b.http.call('GET', `/api/game/${gameId}/counts`));
      await sleep(150);
    }
    for (const node of suite.cluster.nodes) readiness.push(await readyz(node.url));
    suite.postgres.start();
    const downMs = performance.now() - stopAt;
    const games = await Promise.all(plays);

    for (const reply of downReplies) {
      expect(reply.status, reply.text).toBe(503);
      expect(reply.body).toMatchObject({ result: 'error', err: expect.any(String) });
    }
    expect(readiness).toHaveLength(suite.cluster.nodes.length);
    for (const probe of readiness) {
      expect(probe).toMatchObject({
        status: 503,
        body: { result: 'error', status: 'unavailable', database: 'unreachable' },
      });
      expect(probe.ms).toBeLessThan(READYZ_WITHIN_MS);
    }
    const statuses = statusCounts(games);
    // A guess during the outage is a 503 (pressed again), never a 500 or a balancer error.
    const odd = games.flatMap((game) =>
      game.outcomes.flatMap((o) =>
        o.replies
          .filter((r) => ![200, 400, 503].includes(r.status))
          .map((r) => `${o.word}: ${r.status} ${r.error ?? r.text} after ${Math.round(r.ms)} ms`),
      ),
    );
    expect(odd).toEqual([]);
    expect(statuses['503'] ?? 0).toBeGreaterThan(0);
    for (const game of games) {
      expect(game.outcomes.every((o) => o.result === 'played')).toBe(true);
    }
    const { lost, problems } = await audit(games);
    expect(problems).toEqual([]);
    await expectInvariants();
    expect(suite.cluster.nodes.every((node) => node.alive && node.unexpectedExits === 0)).toBe(
      true,
    );
    report(task, {
      faults: 1,
      inputs: requestsOf(games) + downReplies.length + readiness.length,
      lost,
      detail: `down ${(downMs / 1000).toFixed(1)} s; counts answered 503 in ≤ ${Math.round(Math.max(...downReplies.map((r) => r.ms)))} ms, /readyz 503 in ≤ ${Math.round(Math.max(...readiness.map((r) => r.ms)))} ms; 3 games finished; guess statuses ${JSON.stringify(statuses)}`,
    });
  });

  it('races across both nodes: one outcome each', async ({ task }) => {
    let inputs = 0;
    const a = await player(0);
    const b = await player(1);

    // 50 parallel identical guesses by one player, from 50 addresses (both nodes).
    let gameId = await startVersus(a, b);
    let wordsInGame = 0;
    const spread = sameSessionFrom(b, 50);
    const nodesUsed = new Set(await Promise.all(spread.map((http) => suite.nodeOf(http.address))));
    expect(nodesUsed.size).toBe(2);
    for (let run = 0; run < IDENTICAL_GUESS_RUNS; run++) {
      if (wordsInGame === 15) {
        gameId = await startVersus(a, b);
        wordsInGame = 0;
      }
      const [word] = missWords(await secretOf(suite.sql, gameId), 1);
      const replies = await Promise.all(
        spread.map((http) => http.call('GET', `/api/game/${gameId}/play/${word}`)),
      );
      inputs += replies.length;
      wordsInGame += 1;
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(
        replies.filter((r) => r.status === 400 && r.body?.err === GAME_MESSAGES.alreadyGuessed),
      ).toHaveLength(49);
    }

    // 20 parallel accepts of one challenge.
    const sent = await a.http.call('POST', '/api/challenges/new', { username: b.username });
    const challengeId = sent.body!.challengeId as number;
    const accepts = await Promise.all(
      sameSessionFrom(b, 20).map((http) =>
        http.call('POST', '/api/challenges/accept', { challenge_id: challengeId }),
      ),
    );
    inputs += accepts.length + 1;
    const acceptOutcomes = accepts.map((r) => `${r.status} ${r.error ?? r.text}`);
    expect(
      accepts.filter((r) => r.status === 200),
      acceptOutcomes.join('\n'),
    ).toHaveLength(1);
    expect(
      accepts.filter((r) => r.status === 409),
      acceptOutcomes.join('\n'),
    ).toHaveLength(19);
    expect(
      accepts.every((r) => r.status === 200 || r.body?.err === CHALLENGE_ERRORS.notPending),
    ).toBe(true);

    // Both players pressing Rematch at once, from both nodes: one game, nothing left pending.
    const aOnNode0 = a.http;
    const bOnNode1 = b.http;
    const versusGames = async () => {
      const [row] = await suite.sql<{ count: number }[]>`
        SELECT count(*)::int AS count FROM games WHERE mode = 'versus'`;
      return row!.count;
    };
    for (let run = 0; run < REMATCH_RUNS; run++) {
      const before = await versusGames();
      const [fromA, fromB] = await Promise.all([
        aOnNode0.call('POST', '/api/challenges/new', { username: b.username }),
        bOnNode1.call('POST', '/api/challenges/new', { username: a.username }),
      ]);
      inputs += 2;
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      const started = [fromA, fromB].filter((r) => typeof r.body?.gameId === 'number');
      expect(started).toHaveLength(1);
      expect(await versusGames()).toBe(before + 1);
      const waiting =
        started[0] === fromA ? { reply: fromB, http: bOnNode1 } : { reply: fromA, http: aOnNode0 };
      const info = await waiting.http.call(
        'GET',
        `/api/challenges/${waiting.reply.body!.challengeId as number}/info`,
      );
      inputs += 1;
      expect(info.body?.gameId).toBe(started[0]!.body!.gameId);
    }
    const [pending] = await suite.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM challenges WHERE status = 'pending'
      AND sender_id IN (SELECT id FROM users WHERE username IN (${a.username}, ${b.username}))`;
    expect(pending!.count).toBe(0);

    // Parallel friend accepts of one request, and two players adding each other at once.
    const c = await player(0);
    const d = await player(1);
    await c.http.call('GET', `/api/friends/add/${d.username}`);
    const requests = await d.http.call('GET', '/api/user/friend_requests');
    const requestId = (requests.body!.requests as { id: number }[])[0]!.id;
    const friendAccepts = await Promise.all(
      sameSessionFrom(d, 20).map((http) =>
        http.call('POST', '/api/friends/accept', { id: requestId }),
      ),
    );
    inputs += friendAccepts.length + 2;
    expect(friendAccepts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(friendAccepts.filter((r) => r.status >= 500)).toEqual([]);
    const e = await player(0);
    const f = await player(1);
    const mutual = await Promise.all([
      e.http.call('GET', `/api/friends/add/${f.username}`),
      f.http.call('GET', `/api/friends/add/${e.username}`),
    ]);
    inputs += 2;
    expect(mutual.map((r) => r.status)).toEqual([200, 200]);
    const [friendRows] = await suite.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM friendships
      WHERE user_id IN (SELECT id FROM users WHERE username IN (${c.username}, ${d.username}, ${e.username}, ${f.username}))`;
    expect(friendRows!.count).toBe(4);
    const [pendingFriends] = await suite.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM friend_requests WHERE status = 'pending'
      AND sender_id IN (SELECT id FROM users WHERE username IN (${e.username}, ${f.username}))`;
    expect(pendingFriends!.count).toBe(0);

    const byNode = await suite.requestsByNode('/api/');
    expect(byNode.every((count) => count > 0)).toBe(true);
    await expectInvariants();
    report(task, {
      faults: 0,
      inputs,
      lost: 0,
      detail: `${IDENTICAL_GUESS_RUNS}×50 identical guesses, 20 accepts, ${REMATCH_RUNS}× both pressing Rematch, 20 friend accepts, mutual adds: one outcome each; API requests by node so far ${byNode.join(' / ')}`,
    });
  });

  it('fuzz of every route in the OpenAPI document: no 5xx, every answer matches its schema', async ({
    task,
  }) => {
    const document = (await (
      await fetch(`${suite.url}/api/openapi.json`)
    ).json()) as OpenApiDocument;
    const operations = operationsOf(document);
    const fuzzers = [await player(0, 'f'), await player(1, 'f')];
    const gameIds: number[] = [await startVersus(fuzzers[0]!, fuzzers[1]!)];
    for (const tab of fuzzers) {
      gameIds.push((await tab.http.call('GET', '/api/games/new')).body!.gameId as number);
    }
    const pendingChallenge = await fuzzers[0]!.http.call('POST', '/api/challenges/new', {
      username: fuzzers[1]!.username,
    });
    const guest = new BrowserHttp(suite.url, freshLoopbackAddress(), suite.url);
    gameIds.push((await guest.call('GET', '/api/games/new')).body!.gameId as number);
    const context = {
      origin: suite.url,
      usernames: fuzzers.map((tab) => tab.username),
      password: PASSWORD,
      ids: [...gameIds, pendingChallenge.body!.challengeId as number, 1, 2],
      sessions: [...fuzzers.map((tab) => tab.http.sessionId!), guest.sessionId!],
      cookieName: SESSION_COOKIE,
    };
    const judge = new ResponseJudge(operations);
    const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31);
    const byOperation = new Map<string, number>();
    const statusFamilies: Record<string, number> = {};
    let sent = 0;
    const logBefore = await suite.requestsByNode('/api/');
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestArbitrary(operations, context), {
          minLength: FUZZ_BATCH,
          maxLength: FUZZ_BATCH,
        }),
        async (batch) => {
          const replies = await Promise.all(
            batch.map((request) => sendRaw(suite.url, freshLoopbackAddress(), request)),
          );
          sent += batch.length;
          const problems: string[] = [];
          batch.forEach((request, i) => {
            const reply = replies[i]!;
            byOperation.set(request.operation, (byOperation.get(request.operation) ?? 0) + 1);
            const family = `${Math.floor(reply.status / 100)}xx`;
            statusFamilies[family] = (statusFamilies[family] ?? 0) + 1;
            const problem = judge.problem(request.operation, request.method, reply);
            if (problem) {
              problems.push(
                `${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request.headers)} ${String(request.body ?? '').slice(0, 200)} → ${problem}`,
              );
            }
          });
          if (problems.length > 0) throw new Error(problems.join('\n'));
        },
      ),
      {
        numRuns: FUZZ_RUNS,
        seed,
        endOnFailure: true,
        interruptAfterTimeLimit: 150_000,
        markInterruptAsFailure: true,
      },
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(byOperation.size).toBe(operations.length);
    const logAfter = await suite.requestsByNode('/api/');
    const fuzzByNode = logAfter.map((count, i) => count - logBefore[i]!);
    expect(fuzzByNode.every((count) => count > 1_000)).toBe(true);
    for (const node of suite.cluster.nodes) {
      expect(await readyz(node.url)).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(node.alive && node.unexpectedExits === 0).toBe(true);
    }
    await expectInvariants();
    report(task, {
      faults: 0,
      inputs: sent,
      lost: 0,
      detail: `${operations.length} operations, seed ${seed}; statuses ${JSON.stringify(statusFamilies)}; by node ${fuzzByNode.join(' / ')}; both nodes ready after`,
    });
  }, 200_000);

  it('login brute force spread over both nodes is limited in total, not per node', async ({
    task,
  }) => {
    const victim = await player(0);
    const attacker = freshLoopbackAddress();
    const attempts = 40;
    // The same client address straight at both nodes, all at once: the count lives in Redis.
    const replies = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        new BrowserHttp(suite.cluster.nodes[i % 2]!.url, attacker, suite.url).call(
          'POST',
          '/api/login',
          { username: victim.username, password: 'wrong-password' },
        ),
      ),
    );
    const limited = replies.filter((r) => r.status === 429).length;
    const tried = replies.filter((r) => r.status === 401).length;
    expect(limited + tried).toBe(attempts);
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(replies.every((r) => r.body?.result === 'error')).toBe(true);
    // The right password from that address is limited too: the attacker gains nothing.
    const right = await new BrowserHttp(suite.cluster.nodes[1]!.url, attacker, suite.url).call(
      'POST',
      '/api/login',
      { username: victim.username, password: PASSWORD },
    );
    expect(right.status).toBe(429);
    report(task, {
      faults: 0,
      inputs: attempts + 1,
      lost: 0,
      detail: `${attempts} wrong passwords over 2 nodes: ${tried} tried (limit ${LOGIN_LIMIT} per minute in total), ${limited} answered 429`,
    });
  });

  it('sockets through nginx: 8 per session, 20 per account over both nodes, 100 connections per address', async ({
    task,
  }) => {
    const kept: ClientSocket[] = [];
    const bare: { destroy(): void }[] = [];
    try {
      const a = await player(0);
      // One session, 30 sockets at once through the balancer (before: every one admitted).
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          openChannel(suite.url, a.address, a.http.sessionId!, suite.url, kept),
        ),
      );
      const sessionRefusals = burst.filter((outcome) => outcome !== 'ok');
      expect(burst.filter((outcome) => outcome === 'ok')).toHaveLength(8);
      expect(new Set(sessionRefusals)).toEqual(
        new Set(['too many connections: at most 8 per session']),
      );

      // Two more sessions of the same account, one on each node: 20 in total, counted across
      // both nodes in Redis.
      const sessions: { address: string; sessionId: string }[] = [];
      for (const index of [0, 1]) {
        const http = new BrowserHttp(suite.url, await suite.addressOn(index), suite.url);
        const login = await http.call('POST', '/api/login', {
          username: a.username,
          password: PASSWORD,
        });
        expect(login.status).toBe(200);
        sessions.push({ address: http.address, sessionId: http.sessionId! });
      }
      const more = (
        await Promise.all(
          sessions.map(({ address, sessionId }) =>
            Promise.all(
              Array.from({ length: 8 }, () =>
                openChannel(suite.url, address, sessionId, suite.url, kept),
              ),
            ),
          ),
        )
      ).flat();
      const accountRefusals = more.filter((outcome) => outcome !== 'ok');
      expect(more.filter((outcome) => outcome === 'ok')).toHaveLength(12);
      expect(new Set(accountRefusals)).toEqual(
        new Set(['too many connections: at most 20 per account']),
      );
      // Nothing refused is left open on the nodes: the refused clients' connections closed.
      expect(kept.filter((socket) => socket.connected)).toHaveLength(20);

      // Bare WebSockets from one address, no session (what anyone can open before a handshake):
      // nginx admits 100 at a time and answers the rest 429.
      const address = freshLoopbackAddress();
      const statuses: number[] = [];
      for (let batch = 0; batch < 6; batch++) {
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 25 }, () => openBareWebSocket(suite.url, address, bare)),
          )),
        );
      }
      const opened = statuses.filter((status) => status === 101).length;
      const limited = statuses.filter((status) => status === 429).length;
      expect(opened).toBe(100);
      expect(limited).toBe(statuses.length - 100);
      const limitedBody = await sendRaw(suite.url, address, {
        method: 'GET',
        path: '/api/socket.io/?EIO=4&transport=polling',
      });
      expect(limitedBody).toMatchObject({
        status: 429,
        body: { result: 'error', err: 'Too many connections from this address' },
      });
      for (const node of suite.cluster.nodes) expect(node.alive).toBe(true);
      report(task, {
        faults: 0,
        inputs: burst.length + more.length + statuses.length + 3,
        lost: 0,
        detail: `one session: ${burst.length - sessionRefusals.length} of ${burst.length} sockets admitted, ${sessionRefusals.length} refused; two more sessions on both nodes: ${more.length - accountRefusals.length} of ${more.length} admitted (20 per account), ${accountRefusals.length} refused; ${statuses.length} bare WebSockets from one address: ${opened} open, ${limited} answered 429 by nginx`,
      });
    } finally {
      kept.forEach((socket) => socket.disconnect());
      bare.forEach((socket) => socket.destroy());
    }
  });

  it('game_players locked for 15 s: guesses answer 503 within the lock timeout, /readyz says unavailable, play resumes', async ({
    task,
  }) => {
    const LOCK_MS = 15_000;
    /** DATABASE_LOCK_TIMEOUT_MS: the suite's nodes run with the default. */
    const LOCK_TIMEOUT_MS = 2_000;
    const a = await player(0);
    const b = await player(1);
    const plays: Promise<PlayedGame>[] = [];
    const gameIds: number[] = [];
    for (const tab of [a, b]) {
      const gameId = (await tab.http.call('GET', '/api/games/new')).body!.gameId as number;
      gameIds.push(gameId);
      const secret = await secretOf(suite.sql, gameId);
      // A guess every 400 ms, each pressed again every 300 ms until it goes through.
      plays.push(
        playWords(tab, gameId, [...missWords(secret, 12), secret], 400, {
          retryEveryMs: 300,
          patienceMs: 40_000,
        }),
      );
    }
    await guessesStored(gameIds, 2);
    // Someone else holds the table exclusively: a migration, an operator, a long transaction.
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lockedAt = performance.now();
    const holding = suite.sql.begin(async (tx) => {
      await tx`LOCK TABLE game_players IN ACCESS EXCLUSIVE MODE`;
      locked();
      await sleep(LOCK_MS);
    });
    await lockTaken;
    const readiness: (Awaited<ReturnType<typeof readyz>> & { node: number })[] = [];
    while (performance.now() - lockedAt < LOCK_MS - 1_000) {
      await sleep(1_000);
      const probes = await Promise.all(suite.cluster.nodes.map((node) => readyz(node.url)));
      probes.forEach((probe, node) => readiness.push({ ...probe, node }));
    }
    await holding;
    const games = await Promise.all(plays);

    const replies = games.flatMap((game) => game.outcomes.flatMap((o) => o.replies));
    const statuses = statusCounts(games);
    const odd = replies.filter((r) => ![200, 400, 503].includes(r.status));
    expect(odd.map((r) => `${r.status} ${r.text}`)).toEqual([]);
    expect(statuses['503'] ?? 0).toBeGreaterThan(0);
    for (const reply of replies.filter((r) => r.status === 503)) {
      expect(reply.body).toEqual({
        result: 'error',
        err: 'A service we depend on is down. Please try again.',
      });
    }
    // Before: a guess waited for as long as the lock was held (up to 15 s). Now at most about
    // twice the lock timeout: a node records guesses one batch at a time, so a guess that
    // arrives while a batch waits on the lock waits for that batch to give up, then for its own.
    const worstMs = Math.max(...replies.map((r) => r.ms));
    expect(worstMs).toBeLessThan(2 * LOCK_TIMEOUT_MS + 1_500);
    for (const game of games) {
      expect(game.outcomes.every((o) => o.result === 'played')).toBe(true);
    }
    // Each node said it could not serve while it was timing out, within the balancer's second.
    for (const [index] of suite.cluster.nodes.entries()) {
      const unavailable = readiness.filter((probe) => probe.node === index && probe.status === 503);
      expect(unavailable.length, `node ${index + 1}`).toBeGreaterThan(0);
      expect(unavailable[0]!.body).toMatchObject({
        result: 'error',
        status: 'unavailable',
        database: 'timing out',
      });
    }
    expect(Math.max(...readiness.map((probe) => probe.ms))).toBeLessThan(READYZ_WITHIN_MS);
    // And ready again once the lock is gone.
    for (const node of suite.cluster.nodes) {
      await eventually(async () => (await readyz(node.url)).status === 200, `${node.name} ready`);
    }
    const { lost, problems } = await audit(games);
    expect(problems).toEqual([]);
    await expectInvariants();
    const seen = readiness.map((probe) => `${probe.status}`).join(' ');
    report(task, {
      faults: 1,
      inputs: replies.length + readiness.length,
      lost,
      detail: `worst guess ${Math.round(worstMs)} ms while locked (lock timeout ${LOCK_TIMEOUT_MS} ms), guess statuses ${JSON.stringify(statuses)}; /readyz each second on both nodes: ${seen}; both ready after`,
    });
  }, 90_000);

  it('a client that reaches a node directly, or writes X-Forwarded-For, is counted under its own address', async ({
    task,
  }) => {
    const attempts = 20;
    // Each attempt at another unknown account (the per-account limit stays out of it) with
    // another made-up X-Forwarded-For: only the per-address limit can stop these.
    const wrongLogins = (baseUrl: string, address: string) =>
      Promise.all(
        Array.from({ length: attempts }, (_, i) => {
          const http = new BrowserHttp(baseUrl, address, suite.url);
          return sendRaw(baseUrl, address, {
            method: 'POST',
            path: '/api/login',
            headers: {
              ...http.headers('POST', true),
              'x-forwarded-for': `198.51.100.${i + 1}`,
            },
            body: JSON.stringify({ username: `ghost${i}x${process.pid % 1000}`, password: 'x' }),
          });
        }),
      );
    // Straight to a node's port (before, with TRUST_PROXY=1: every attempt tried).
    const direct = await wrongLogins(suite.cluster.nodes[0]!.url, freshLoopbackAddress());
    // Through the balancer, which replaces the header with the address it saw.
    const balanced = await wrongLogins(suite.url, freshLoopbackAddress());
    const tally = (replies: Reply<unknown>[]) => ({
      tried: replies.filter((r) => r.status === 401).length,
      limited: replies.filter((r) => r.status === 429 && isPerAddressLimit(r.body)).length,
    });
    for (const replies of [direct, balanced]) {
      const { tried, limited } = tally(replies);
      expect(tried + limited, JSON.stringify(replies.map((r) => r.status))).toBe(attempts);
      expect(tried).toBeGreaterThan(0);
      expect(tried).toBeLessThanOrEqual(LOGIN_LIMIT);
    }
    report(task, {
      faults: 0,
      inputs: attempts * 2,
      lost: 0,
      detail: `${attempts} logins with made-up X-Forwarded-For each: straight to a node ${tally(direct).tried} tried, ${tally(direct).limited} answered 429; through nginx ${tally(balanced).tried} tried, ${tally(balanced).limited} answered 429 (limit ${LOGIN_LIMIT} per address)`,
    });
  });

  it('rolling restart of every node under 100 players: no failed request, no lost guess, no missed event', async ({
    task,
  }) => {
    const PLAYERS = 100;
    const POLLERS = 20;
    const GAMES = PLAYERS / 2;
    /** A player's pace: a guess every 1 to 3 s (2 s on average), as people type. */
    const GUESS_EVERY_MS = 2_000;
    /** Guesses every player makes at least: some before the restart, the rest during it. */
    const MIN_GUESSES = 4;
    const nodes = suite.cluster.nodes;
    const errorLinesBefore = nodes.map((node) => node.errorLines.length);
    const pidsBefore = nodes.map((node) => node.pid);

    // Half the players on each node, so that each node's restart moves half of them. 20 of
    // them use the fallback without a socket (blocked, say): they poll the board and the
    // opponent's counts every 3 s, as the client does then.
    const inBatches = async <T>(count: number, make: (i: number) => Promise<T>) => {
      const made: T[] = [];
      for (let from = 0; from < count; from += 10) {
        const batch = Array.from({ length: Math.min(10, count - from) }, (_, i) => make(from + i));
        made.push(...(await Promise.all(batch)));
      }
      return made;
    };
    const players = await inBatches(PLAYERS, (i) => player(i % 2, 'r'));
    const games = await inBatches(GAMES, async (i) => {
      const a = players[2 * i]!;
      const b = players[2 * i + 1]!;
      // Pollers: B of the first 10 games, A of the next 10 (10 on each node).
      const aPolls = i >= 10 && i < 20;
      const bPolls = i < 10;
      const gameId = await startVersus(a, b);
      return {
        gameId,
        secret: await secretOf(suite.sql, gameId),
        sides: [
          { tab: a, polls: aPolls },
          { tab: b, polls: bPolls },
        ],
      };
    });
    const sides = games.flatMap((game) =>
      game.sides.map((side) => ({ ...side, gameId: game.gameId, secret: game.secret })),
    );
    const sockets = sides.filter((side) => !side.polls);
    const pollers = sides.filter((side) => side.polls);
    expect(pollers).toHaveLength(POLLERS);
    await inBatches(sockets.length, (i) => sockets[i]!.tab.connect());
    for (const side of sides) side.tab.watch(side.gameId);
    const requestsBefore = new Map(players.map((tab) => [tab, tab.http.requests]));
    const failuresBefore = new Map(players.map((tab) => [tab, tab.http.failures]));

    let restartDone = false;
    const finished = new Set<BrowserTab>();
    const boardPolls: Reply<Json>[] = [];
    const pace = () => sleep(GUESS_EVERY_MS * (0.5 + Math.random()));
    // A guess is a mutation: the client never sends it again by itself, so any failed reply
    // is counted; the player then presses again (the game must go on to be audited).
    const play = async (side: (typeof sides)[number], index: number): Promise<PlayedGame> => {
      const words = missWords(side.secret, 60);
      const outcomes: PlayedGame['outcomes'] = [];
      await sleep(Math.random() * GUESS_EVERY_MS);
      while ((!restartDone || outcomes.length < MIN_GUESSES) && outcomes.length < words.length) {
        const outcome = await guess(side.tab, side.gameId, words[outcomes.length]!, {
          retryEveryMs: 500,
          patienceMs: 20_000,
        });
        outcomes.push(outcome);
        if (outcome.result !== 'played') return { gameId: side.gameId, tab: side.tab, outcomes };
        await pace();
      }
      // One player in ten gives up at the end; the others solve it.
      const last = index % 10 === 3 ? 'giveup' : side.secret;
      outcomes.push(await guess(side.tab, side.gameId, last, { retryEveryMs: 500 }));
      finished.add(side.tab);
      return { gameId: side.gameId, tab: side.tab, outcomes };
    };
    // The fallback's polls: the board while my game is in play (no retry: the client's board
    // query has none), the opponent's counts until they are done (a failed one asked once more
    // after a second, as the client's query is).
    const poll = async (side: (typeof sides)[number]) => {
      await sleep(Math.random() * POLL_INTERVAL_MS);
      for (;;) {
        const view = side.tab.views.get(side.gameId)!;
        const opponentDone = view.enemyWon || view.enemyForfeit;
        const mineDone = finished.has(side.tab);
        if (opponentDone && mineDone) return;
        const asks: Promise<unknown>[] = [];
        if (!mineDone) {
          asks.push(
            side.tab.http
              .call('GET', `/api/games/${side.gameId}`)
              .then((reply) => boardPolls.push(reply)),
          );
        }
        if (!opponentDone) asks.push(side.tab.refetch(side.gameId, 'poll'));
        await Promise.all([...asks, sleep(POLL_INTERVAL_MS)]);
      }
    };
    const playing = Promise.all(sides.map((side, i) => play(side, i)));
    const polling = Promise.all(pollers.map((side) => poll(side)));

    // Mid-versus: every player has played twice; then each node in turn is taken out of nginx,
    // stopped with SIGTERM (it drains), started again and put back once ready, before the next
    // goes: what `pnpm cluster:restart` does.
    await guessesStored(
      games.map((game) => game.gameId),
      2,
    );
    const steps: string[] = [];
    const restartStarted = performance.now();
    await suite.cluster.restartNodes((step) => steps.push(step));
    const restartMs = performance.now() - restartStarted;
    restartDone = true;
    const played = await playing;
    await polling;

    // Failed requests: every failed reply to a guess or a board poll, and every counts fetch
    // (catch-up, gap or poll) that failed on its one retry too.
    const guessReplies = played.flatMap((game) => game.outcomes.flatMap((o) => o.replies));
    const failedGuesses = guessReplies.filter(isFailedReply);
    const failedBoardPolls = boardPolls.filter(isFailedReply);
    const failedFetches = players.reduce((n, tab) => n + tab.failedFetches, 0);
    const failed = failedGuesses.length + failedBoardPolls.length + failedFetches;
    const requests = players.reduce(
      (n, tab) => n + tab.http.requests - requestsBefore.get(tab)!,
      0,
    );
    const failedAttempts = players.reduce(
      (n, tab) => n + tab.http.failures - failuresBefore.get(tab)!,
      0,
    );
    const describeFailed = (reply: Reply<Json>) =>
      `${reply.status} ${reply.error ?? reply.text.slice(0, 80)} after ${Math.round(reply.ms)} ms`;
    // What nginx said of its upstreams, to tell a refused connection from a reset one.
    const balancerErrors = async () =>
      (await readFile(`${suite.cluster.balancer.dir}/error.log`, 'utf8'))
        .split('\n')
        .filter((line) => line.includes('[error]'))
        .slice(-10)
        .join('\n');
    const failedReplies = [...failedGuesses, ...failedBoardPolls].map(describeFailed);
    expect(
      failedReplies,
      failedReplies.length === 0
        ? ''
        : `failed requests (restart: ${steps.join('; ')}; nginx: ${await balancerErrors()})`,
    ).toEqual([]);
    expect(failedFetches, 'counts fetches failed twice').toBe(0);
    for (const game of played) {
      expect(
        game.outcomes.filter((o) => o.result !== 'played').map((o) => o.word),
        `${game.tab.username}: guesses not played`,
      ).toEqual([]);
    }

    // Lost or doubled guesses: every acknowledged word stored once, nothing else stored.
    const { lost, problems } = await audit(played);
    expect(problems).toEqual([]);
    const doubled: string[] = [];
    for (const game of played) {
      const result = await compareWithDatabase(suite.sql, game);
      const acknowledged = game.outcomes.filter((o) => o.word !== 'giveup').length;
      if (result.stored !== acknowledged) {
        doubled.push(`${game.tab.username}: ${result.stored} stored, ${acknowledged} answered`);
      }
    }
    expect(doubled).toEqual([]);
    const [settled] = await suite.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM games
      WHERE id IN ${suite.sql(games.map((game) => game.gameId))} AND settled_at IS NOT NULL`;
    expect(settled!.count).toBe(GAMES);
    await expectInvariants();

    // Events missed: what each tab shows of its opponent, from events and catch-ups (and the
    // pollers' polls), is what is stored. Nothing is fetched here to make it so.
    const truth = await suite.sql<
      {
        gameId: number;
        user: string;
        guesses: number;
        score: number;
        won: boolean;
        forfeit: boolean;
      }[]
    >`
      SELECT p.game_id AS "gameId", u.username AS user, p.guess_count AS guesses, p.score,
             p.status = 'won' AS won, p.forfeit
      FROM game_players p JOIN users u ON u.id = p.user_id
      WHERE p.game_id IN ${suite.sql(games.map((game) => game.gameId))}`;
    const mismatches = () =>
      sides.flatMap((side) => {
        const opponent = truth.find(
          (row) => row.gameId === side.gameId && row.user !== side.tab.username,
        )!;
        const view = side.tab.views.get(side.gameId)!;
        const shown = {
          guesses: view.enemyGuesses,
          score: view.enemyScore,
          won: view.enemyWon,
          forfeit: view.enemyForfeit,
        };
        const stored = {
          guesses: opponent.guesses,
          score: opponent.score,
          won: opponent.won,
          forfeit: opponent.forfeit,
        };
        return JSON.stringify(shown) === JSON.stringify(stored)
          ? []
          : [
              `${side.tab.username} shows ${JSON.stringify(shown)}, stored ${JSON.stringify(stored)}`,
            ];
      });
    // Events and catch-ups still on their way land within a few seconds.
    await eventually(
      () => mismatches().length === 0,
      () => mismatches().join('\n'),
      10_000,
    ).catch(() => {});
    const missed = mismatches();
    expect(missed).toEqual([]);

    // Every socket was asked to move by a draining node, and came back.
    const socketTabs = sockets.map((side) => side.tab);
    for (const tab of socketTabs) {
      expect(tab.drainNotices, `${tab.username} told server:draining`).toBeGreaterThanOrEqual(1);
      expect(tab.socket?.connected, `${tab.username} connected again`).toBe(true);
    }
    const reconnects = socketTabs.reduce((n, tab) => n + tab.connects - 1, 0);
    const views = sides.map((side) => side.tab.views.get(side.gameId)!);
    const gaps = views.reduce((n, view) => n + view.gaps, 0);
    const catchUps = views.reduce((n, view) => n + view.catchUps, 0);
    nodes.forEach((node, i) => {
      expect(node.alive, `${node.name} is back`).toBe(true);
      expect(node.pid, `${node.name} was restarted`).not.toBe(pidsBefore[i]);
      expect(node.unexpectedExits, node.name).toBe(0);
      expect(node.errorLines.slice(errorLinesBefore[i]), node.name).toEqual([]);
    });

    const guesses = played.reduce((n, game) => n + game.outcomes.length, 0);
    report(task, {
      faults: nodes.length,
      inputs: requests,
      lost,
      detail:
        `players ${PLAYERS}, sockets ${socketTabs.length}, pollers ${pollers.length}, ` +
        `requests ${requests}, failed ${failed} (attempts that failed ${failedAttempts}; reads retried once, guesses never), ` +
        `guesses ${guesses}, lost ${lost}, doubled ${doubled.length}, ` +
        `events missed ${missed.length} (gaps ${gaps}, catch-ups ${catchUps}), ` +
        `reconnects ${reconnects}, ${GAMES} games finished; ` +
        `restart of ${nodes.length} nodes ${(restartMs / 1000).toFixed(1)} s`,
    });
  }, 180_000);
});
