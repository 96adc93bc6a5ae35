import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS } from '../src/accounts/account-service.ts';
import { BOT_USERNAME } from '@jotto/shared/computer-opponent';
import { botMoveRandom, chooseBotGuess } from '@jotto/shared/computer-opponent-moves';
import type {
  CountsResponse,
  GameDetailResponse,
  GamesListResponse,
} from '@jotto/shared/game-schemas';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import {
  type ClientSocket,
  connected,
  openSocket,
  recordEvents,
} from '@jotto/test-support/socket-client';
import { sessions, users } from '../src/db/account-tables.ts';
import {
  botGames,
  gamePlayers,
  games,
  guesses,
  pointAwards,
  ratingHistory,
} from '../src/db/game-tables.ts';
import { newUsername, registerUser, startTestApp, TestAgent, type TestApp } from './test-app.ts';
import { createScratchPostgresDatabase, DATABASE_KINDS } from './test-environment.ts';
import { GameRetention } from '../src/games/game-retention.ts';

/** A short pace, so that games end within seconds: 150 to 300 ms a move, a look every 25 ms. */
const FAST = { BOT_MOVE_DELAY_MS: '150-300', BOT_LEASE_MS: '1500' };
const PACE = { min: 150, max: 300 };

async function waitUntil<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What the database holds of a game against the computer: its row, both sides, its guesses. */
async function botGameState(t: TestApp, gameId: number) {
  // The game first: once it reads settled, the rows read after it are final.
  const [game] = await t.app.db.select().from(games).where(eq(games.id, gameId));
  const [bot] = await t.app.db.select().from(botGames).where(eq(botGames.gameId, gameId));
  const sides = await t.app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
  const botSide = sides.find((side) => side.id === bot?.playerId);
  const botGuesses = await t.app.db
    .select()
    .from(guesses)
    .where(eq(guesses.playerId, bot?.playerId ?? 0))
    .orderBy(asc(guesses.id));
  return { bot, botSide, player: sides.find((side) => side !== botSide), botGuesses, game };
}

const botFinished = (state: Awaited<ReturnType<typeof botGameState>>) =>
  state.botSide !== undefined && state.botSide.status !== 'playing';

async function startBotGame(agent: TestAgent, level: string) {
  const response = await agent.post<{ result: string; gameId: number }>('/api/games/bot', {
    level,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual({ result: 'ok', gameId: expect.any(Number) });
  return response.body.gameId;
}

describe.each(DATABASE_KINDS)('games against the computer on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, FAST);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await t?.close();
  });

  const idOf = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!
      .id;

  it('starts an unrated versus game against JottoBot at the level asked', async () => {
    const { agent } = await registerUser(t.app);
    for (const level of ['easy', 'medium', 'hard'] as const) {
      const gameId = await startBotGame(agent, level);
      const detail = (await agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
      expect(detail).toMatchObject({
        multiplayer: true,
        enemyName: BOT_USERNAME,
        enemyLevel: level,
        enemyGuesses: 0,
        outcome: 'pending',
      });
      expect(detail.ratings).toBeUndefined();
      const state = await botGameState(t, gameId);
      expect(state.game).toMatchObject({ mode: 'versus', rated: false, settledAt: null });
      // Not the lease: at this pace the first move (150 ms on) may already hold it on a slow machine.
      expect(state.bot?.level).toBe(level);
      expect(state.botSide?.userId).toBe(await idOf(BOT_USERNAME));
    }
    // A game with a person has no level.
    const solo = (await agent.get<{ gameId: number }>('/api/games/new')).body.gameId;
    expect((await agent.get<GameDetailResponse>(`/api/games/${solo}`)).body.enemyLevel).toBe(
      undefined,
    );
  });

  it('refuses a level it does not know, or none', async () => {
    const { agent } = await registerUser(t.app);
    for (const body of [{ level: 'expert' }, {}, { level: 'easy', extra: 1 }]) {
      const response = await agent.post('/api/games/bot', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
    }
  });

  it('plays at its pace, and each guess reaches the player’s socket as game:counts', async () => {
    const { agent } = await registerUser(t.app);
    const socket = await connected(openSocket(baseUrl, agent.cookies.get(SESSION_COOKIE)));
    sockets.push(socket);
    const events = recordEvents(socket, ['game:counts']);
    const gameId = await startBotGame(agent, 'medium');
    const state = await waitUntil('the computer to finish', async () => {
      const s = await botGameState(t, gameId);
      return botFinished(s) && s;
    });
    const moves = state.botGuesses.length;
    expect(moves).toBeGreaterThan(0);
    expect(state.botSide).toMatchObject({ status: 'won', guessCount: moves });
    // Never faster than the pace: the first move one delay after the start, each next one a
    // delay after the one before (both times are the database's).
    const times = [state.game!.createdAt, ...state.botGuesses.map((g) => g.createdAt)].map((d) =>
      d.getTime(),
    );
    for (let i = 1; i < times.length; i += 1) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(PACE.min);
      // And not much slower: the delay, then the next tick of a loaded machine.
      expect(times[i]! - times[i - 1]!).toBeLessThan(PACE.max + 5_000);
    }
    // One game:counts per move, as a person's moves make them: the computer's count and
    // score after each, its win in the last, and the numbers of the game's events in order.
    const received = (await events.waitFor(moves, 'game:counts'))
      .map((e) => e.payload)
      .filter((p) => p.gameId === gameId);
    expect(received.map((p) => p.enemyGuesses)).toEqual(
      Array.from({ length: moves }, (_, i) => i + 1),
    );
    expect(received.map((p) => p.seq)).toEqual(Array.from({ length: moves }, (_, i) => i + 1));
    expect(received.at(-1)).toMatchObject({
      enemyWon: true,
      enemyScore: 100 - 5 * (moves - 1),
      outcome: 'pending',
    });
    for (const payload of received) {
      expect(Object.keys(payload).sort()).toEqual([
        'deadline',
        'enemyForfeit',
        'enemyGuesses',
        'enemyScore',
        'enemyWon',
        'gameId',
        'outcome',
        'seq',
        'timeControl',
      ]);
    }
    // The counts route says the same as the last event.
    const counts = (await agent.get<CountsResponse>(`/api/game/${gameId}/counts`)).body;
    const { result: _result, ...fields } = counts;
    expect(fields).toEqual(received.at(-1));
  });

  it('settles unrated and awards no points: the player’s game counts, the computer’s not', async () => {
    const player = await registerUser(t.app, newUsername('win'));
    const playerId = await idOf(player.username);
    const botId = await idOf(BOT_USERNAME);
    const [botBefore] = await t.app.db.select().from(users).where(eq(users.id, botId));
    // The player wins with 100 by guessing the secret at once; only the computer solving with
    // its first guess could tie, so the secret must not be hard's (fixed) first guess.
    const opening = chooseBotGuess('hard', [], botMoveRandom(0, 0));
    let gameId = 0;
    let secret = opening;
    while (secret === opening) {
      gameId = await startBotGame(player.agent, 'hard');
      secret = (await botGameState(t, gameId)).game!.secret.trim();
    }
    const won = await player.agent.get<{ win: boolean; finished: boolean }>(
      `/api/game/${gameId}/play/${secret}`,
    );
    expect(won.body).toMatchObject({ win: true, finished: true, score: 100 });
    // 'Waiting...' until the computer has finished; then the game is settled, and no move of
    // the computer is due any more.
    const state = await waitUntil('the game to settle', async () => {
      const s = await botGameState(t, gameId);
      return s.game?.settledAt && s.bot?.nextMoveAt === null && s;
    });
    expect(state.game).toMatchObject({ rated: false });
    expect(state.player).toMatchObject({ outcome: 'win', score: 100 });
    expect(state.botSide).toMatchObject({ outcome: 'lose', status: 'won' });
    expect(state.bot?.nextMoveAt).toBeNull();
    const [after] = await t.app.db.select().from(users).where(eq(users.id, playerId));
    expect(after).toMatchObject({ gameCt: 1, winCt: 1, points: 0, ratedGames: 0, rating: 1500 });
    const [botAfter] = await t.app.db.select().from(users).where(eq(users.id, botId));
    expect(botAfter).toMatchObject({
      gameCt: botBefore!.gameCt,
      winCt: botBefore!.winCt,
      points: 0,
      ratedGames: 0,
    });
    expect(await t.app.db.select().from(pointAwards).where(eq(pointAwards.gameId, gameId))).toEqual(
      [],
    );
    expect(
      await t.app.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, gameId)),
    ).toEqual([]);
    // Nothing for the leaderboards: neither the player nor the computer is on them.
    await t.app.leaderboards.refreshLeaderboards(new Date());
    for (const type of ['daily', 'weekly', 'alltime', 'rating']) {
      const board = await player.agent.get<{ scores: Array<{ username: string }> }>(
        `/api/leaders/${type}`,
      );
      const names = board.body.scores.map((row) => row.username);
      expect(names, type).not.toContain(player.username);
      expect(names, type).not.toContain(BOT_USERNAME);
    }
    // The finished player now sees the computer's words, as after any versus game.
    const detail = (await player.agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
    expect(detail.enemyGuessList?.map((g) => g.word)).toEqual(
      state.botGuesses.map((g) => g.word.trim()).reverse(),
    );
    expect(detail.outcome).toBe('win');
  });

  it('lets a guest play it: the game lives with the guest session, then moves to the account', async () => {
    const guest = new TestAgent(t.app);
    const gameId = await startBotGame(guest, 'easy');
    expect(guest.cookies.get(SESSION_COOKIE)).toEqual(expect.any(String));
    const detail = await guest.get<GameDetailResponse>(`/api/games/${gameId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ enemyName: BOT_USERNAME, enemyLevel: 'easy' });
    // A guest has no real-time channel: the counts route is what its screen polls.
    await waitUntil('a move of the computer', async () => {
      const counts = await guest.get<CountsResponse>(`/api/game/${gameId}/counts`);
      return counts.body.enemyGuesses > 0;
    });
    const play = await guest.get(`/api/game/${gameId}/play/crane`);
    expect(play.status).toBe(200);
    // Read after the guess, so that a node keeping the guest's side would still hold it.
    expect((await guest.get(`/api/game/${gameId}/counts`)).status).toBe(200);
    // Registering moves the unfinished game to the account, as any guest game.
    const username = newUsername('gst');
    const registered = await guest.post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'secret1',
    });
    expect(registered.status).toBe(200);
    const state = await botGameState(t, gameId);
    expect(state.player).toMatchObject({ userId: await idOf(username), guestSessionHash: null });
    // The counts the guest polled are not kept for the account: its poll finds its own side.
    const counts = await guest.get<CountsResponse>(`/api/game/${gameId}/counts`);
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    expect(counts.body).toMatchObject({ result: 'ok', gameId, enemyGuesses: expect.any(Number) });
    const list = await guest.post<GamesListResponse>('/api/games', { type: 'multi', age: 'new' });
    const listed = [
      ...list.body.games,
      ...(await guest.post<GamesListResponse>('/api/games', { type: 'multi', age: 'old' })).body
        .games,
    ];
    expect(listed.find((g) => g.id === gameId)).toMatchObject({ opponent: BOT_USERNAME });
  });

  it('purges a guest’s game with the guest’s session, and idle ones after 30 days', async () => {
    const guest = new TestAgent(t.app);
    const gameId = await startBotGame(guest, 'easy');
    await t.app.db.delete(sessions);
    expect(await new GameRetention(t.app.db).purgeAbandonedGuestGames()).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(games).where(eq(games.id, gameId))).toEqual([]);
    expect(await t.app.db.select().from(botGames).where(eq(botGames.gameId, gameId))).toEqual([]);
    // An account's game the player left: gone once the player has not played for the days.
    const { agent } = await registerUser(t.app);
    const left = await startBotGame(agent, 'easy');
    const state = await botGameState(t, left);
    await t.app.db
      .update(gamePlayers)
      .set({ lastPlayedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(gamePlayers.id, state.player!.id));
    await new GameRetention(t.app.db).purgeIdleSoloGames(new Date(Date.now() - 30 * 86_400_000));
    expect(await t.app.db.select().from(games).where(eq(games.id, left))).toEqual([]);
  });

  it('reserves its name: nobody registers or finalizes to it, or to a look-alike, or signs in', async () => {
    for (const username of [
      'JottoBot',
      'jottobot',
      'JOTTOBOT',
      'J0tt0B0t',
      'JottoBot'.replace('o', 'O'),
    ]) {
      const response = await new TestAgent(t.app).post('/api/register', {
        username,
        email: `${username.toLowerCase()}${Math.random().toString(36).slice(2)}@example.com`,
        password: 'secret1',
      });
      expect(response.status, username).toBe(409);
      expect(response.body).toEqual({ result: 'error', err: ACCOUNT_ERRORS.usernameTaken });
    }
    const [nameless] = await t.app.db.insert(users).values({}).returning({ id: users.id });
    const session = await t.app.sessions.create(nameless!.id);
    const agent = new TestAgent(t.app);
    agent.cookies.set(SESSION_COOKIE, session.sessionId);
    for (const username of ['jottoBOT', 'Jott0Bot']) {
      const response = await agent.post('/api/finalize', { username });
      expect(response.status, username).toBe(409);
      expect(response.body).toEqual({ result: 'error', err: ACCOUNT_ERRORS.usernameTaken });
    }
    const login = await new TestAgent(t.app).post('/api/login', {
      username: BOT_USERNAME,
      password: 'secret1',
    });
    expect(login.status).toBe(401);
    // One account, made once however many times a node starts.
    expect(await t.app.bots.ensureAccount()).toBe(await idOf(BOT_USERNAME));
    const named = await t.app.db.select().from(users).where(eq(users.username, BOT_USERNAME));
    expect(named).toHaveLength(1);
  });

  it('counts against the game limits like a new game', async () => {
    const limited = await startTestApp(kind, {
      ...FAST,
      RATE_LIMIT_GUEST_GAMES: '2',
      RATE_LIMIT_ACCOUNT_GAMES: '3',
    });
    try {
      const guest = new TestAgent(limited.app, { remoteAddress: '127.9.9.9' });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await guest.post('/api/games/bot', { level: 'easy' })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const { agent } = await registerUser(limited.app);
      const accountStatuses = [];
      for (let i = 0; i < 4; i += 1) {
        accountStatuses.push((await agent.post('/api/games/bot', { level: 'easy' })).status);
      }
      expect(accountStatuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.each(DATABASE_KINDS)('the computer when the player gives up, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A slow pace: a move made without it stands out, even on a loaded machine.
    t = await startTestApp(kind, { BOT_MOVE_DELAY_MS: '3000-3000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plays its remaining moves at once, and the game settles', async () => {
    const { agent } = await registerUser(t.app);
    const gameId = await startBotGame(agent, 'easy');
    const gaveUp = await agent.get(`/api/game/${gameId}/play/giveup`);
    expect(gaveUp.body).toMatchObject({ forfeit: true, finished: true, outcome: 'pending' });
    const state = await waitUntil(
      'the game to settle',
      async () => {
        const s = await botGameState(t, gameId);
        return s.game?.settledAt && s;
      },
      30_000,
    );
    expect(state.botSide).toMatchObject({ status: 'won', outcome: 'win' });
    expect(state.player).toMatchObject({ outcome: 'lose', forfeit: true });
    // The first move waited its delay; the others followed without one, in one claim.
    const times = state.botGuesses.map((g) => g.createdAt.getTime());
    expect(times[0]! - state.game!.createdAt.getTime()).toBeGreaterThanOrEqual(3000);
    if (times.length > 1) expect(times.at(-1)! - times[0]!).toBeLessThan(3000);
  });
});

describe('two nodes on one Postgres database', () => {
  let first: TestApp;
  let second: TestApp;
  let firstClosed = false;
  let secondUrl: string;
  let dropDatabase: () => Promise<void>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    dropDatabase = database.drop;
    first = await startTestApp('postgres', FAST, { databaseUrl: database.url });
    second = await startTestApp('postgres', FAST, { databaseUrl: database.url });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await second?.close();
    if (!firstClosed) await first?.close();
    await dropDatabase?.();
  });

  it('makes each move once however many nodes look for it', async () => {
    const { agent } = await registerUser(first.app);
    const gameIds = await Promise.all(
      ['easy', 'medium', 'hard', 'easy'].map((level) => startBotGame(agent, level)),
    );
    for (const gameId of gameIds) {
      const state = await waitUntil('the computer to finish', async () => {
        const s = await botGameState(first, gameId);
        return botFinished(s) && s;
      });
      const words = state.botGuesses.map((g) => g.word);
      expect(new Set(words).size).toBe(words.length);
      expect(state.botSide!.guessCount).toBe(words.length);
    }
  });

  it('goes on on the second node when the first stops mid-move, once its lease runs out', async () => {
    // The first node alone plays the game's first moves.
    await second.app.botMoveJob.stop();
    const { agent } = await registerUser(first.app);
    const gameId = await startBotGame(agent, 'easy');
    await waitUntil(
      'two moves',
      async () => (await botGameState(first, gameId)).botGuesses.length >= 2,
    );
    // The first node dies in the middle of a move: it has claimed the next one (its lease is
    // in the database) and goes away without making it or giving it back.
    await first.app.botMoveJob.stop();
    const claimed = await waitUntil('the next move due', async () => {
      const [claim] = await first.app.bots.claimDueMoves(1);
      return claim;
    });
    expect(claimed.gameId).toBe(gameId);
    const held = await botGameState(first, gameId);
    const movesBefore = held.botGuesses.length;
    const leaseEnd = held.bot!.leaseUntil!.getTime();
    await first.close();
    firstClosed = true;

    // The player's socket is on the second node, which starts looking for moves.
    const socket = await connected(openSocket(secondUrl, agent.cookies.get(SESSION_COOKIE)));
    sockets.push(socket);
    const events = recordEvents(socket, ['game:counts']);
    await second.app.botMoveJob.start();
    // Finished, and its last move's lease given back (the statement after the move's own).
    const state = await waitUntil('the computer to finish on the second node', async () => {
      const s = await botGameState(second, gameId);
      return botFinished(s) && s.bot?.leaseToken === null && s;
    });
    const moves = state.botGuesses.length;
    expect(moves).toBeGreaterThan(movesBefore);
    expect(state.bot).toMatchObject({ nextMoveAt: null, leaseToken: null });
    // Not before the lease had run out (both times are the database's): the second node did
    // not make a move another node held.
    expect(state.botGuesses[movesBefore]!.createdAt.getTime()).toBeGreaterThanOrEqual(leaseEnd);
    // Every move after the takeover reached the player through the second node.
    const received = await events.waitFor(moves - movesBefore, 'game:counts', 20_000);
    expect(received.map((e) => e.payload.enemyGuesses)).toEqual(
      Array.from({ length: moves - movesBefore }, (_, i) => movesBefore + i + 1),
    );
    const words = state.botGuesses.map((g) => g.word);
    expect(new Set(words).size).toBe(moves);
  });
});
