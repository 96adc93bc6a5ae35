// The reliability suite (`pnpm test:reliability`): a two-node cluster behind nginx, started as
// `pnpm cluster` starts it, on a Postgres and a Redis of the suite's own, broken on purpose in
// bounded ways while browser-shaped clients (REST plus Socket.IO, each from its own loopback
// address) play through the balancer. Scenarios run in order on the one cluster: each starts
// from what the previous one left after its recovery.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_ERRORS } from '../server/src/challenges/challenge-service.ts';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { SESSION_COOKIE } from '../server/src/sessions/session-plugin.ts';
import type { ScenarioFigures } from './reliability-reporter.ts';
import {
  BrowserHttp,
  type BrowserTab,
  freshLoopbackAddress,
  type Json,
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

/**
 * Issue 14 (item 2) fixed the 500 for a NUL character in any string that reaches Postgres (the
 * shared schemas refuse control characters): such an answer now fails the fuzz like any 5xx.
 */
const TOLERATE_NUL_500_UNTIL_ISSUE_14 = false;

/** Requests of the fuzz: at least the issue's 10,000, in batches sent at once. */
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

function report(task: { meta: { reliability?: ScenarioFigures } }, figures: ScenarioFigures) {
  task.meta.reliability = figures;
}

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
  await eventually(
    async () => {
      const path = `/healthz?back=${Date.now()}`;
      await sendRaw(suite.url, address, { method: 'GET', path });
      await sleep(20);
      const lines = (await readFile(suite.cluster.balancer.accessLogPath, 'utf8'))
        .split('\n')
        .filter((line) => line.startsWith(`${address}|`));
      return lines.at(-1)?.split('|')[1]?.endsWith(`:${port}`) === true;
    },
    `balancer routes to node ${index + 1} again`,
    20_000,
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
    await sleep(400);
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

    await suite.redis.stop();
    redisDown = true;
    const outageStart = Date.now();
    const polls: Reply<Json>[] = [];
    const readiness: Awaited<ReturnType<typeof readyz>>[] = [];
    const during = async () => {
      while (Date.now() - outageStart < 10_000) {
        await play();
        await sleep(1_000);
      }
    };
    const polling = async () => {
      // The fallback client: counts every 3 s (decisions §6).
      while (Date.now() - outageStart < 10_000) {
        await sleep(3_000);
        polls.push(await a.refetch(gameId, 'poll'));
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
    const finalPoll = await a.refetch(gameId, 'poll');
    const playedDuringOutage = replies.filter((r) => r.status === 200).length;
    expect(finalPoll.status).toBe(200);
    expect(finalPoll.body?.seq).toBe(playedDuringOutage);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.every((poll) => poll.status === 200)).toBe(true);
    expect(loginReply.status).toBe(200);
    for (const probe of readiness) {
      // The contract of issue 14: 200 "degraded" within 1 s. Until that lands, today's 503
      // naming Redis is accepted (said in the scenario's line).
      if (probe.status === 200) expect(probe.body.status).toBe('degraded');
      else expect(probe).toMatchObject({ status: 503, body: { redis: 'unreachable' } });
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
    const recoveryMs = Date.now() - recoveredAfter;
    // Events resume: the next guess reaches A's socket, and A's view is whole again.
    await sleep(500);
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
    await sleep(800);
    const stopAt = performance.now();
    suite.postgres.stop('fast');
    const downReplies: Reply<Json>[] = [];
    const readiness: Awaited<ReturnType<typeof readyz>>[] = [];
    // While it is down: what a client sees, through the balancer and on each node.
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
    for (const probe of readiness) {
      expect(probe.status).toBe(503);
      if ('status' in probe.body) expect(probe.body.status).toBe('unavailable');
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
    let knownNul500 = 0;
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
            const carriesNul =
              String(request.body ?? '').includes('\\u0000') || /%00/.test(request.path);
            if (problem && reply.status === 500 && carriesNul && TOLERATE_NUL_500_UNTIL_ISSUE_14) {
              knownNul500 += 1;
            } else if (problem) {
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
      expect((await readyz(node.url)).status).toBe(200);
      expect(node.alive && node.unexpectedExits === 0).toBe(true);
    }
    await expectInvariants();
    report(task, {
      faults: 0,
      inputs: sent,
      lost: 0,
      detail: `${operations.length} operations, seed ${seed}; statuses ${JSON.stringify(statusFamilies)}; by node ${fuzzByNode.join(' / ')}; both nodes ready after${knownNul500 > 0 ? `; ${knownNul500} × 500 for a NUL character, tolerated until issue 14 lands` : ''}`,
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
});
