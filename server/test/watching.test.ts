import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedGameAnalyser } from '@jotto/shared/game-analysis';
import { GIVE_UP_WORD } from '@jotto/shared/game-rules';
import type { GuessEntry } from '@jotto/shared/game-schemas';
import type { Profile } from '@jotto/shared/social-schemas';
import {
  LIVE_GAMES_LIMIT,
  type LiveGamesResponse,
  type WatchCountsEvent,
  type WatchResponse,
} from '@jotto/shared/watch-schemas';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { connected, quietFor, recordEvents } from '@jotto/test-support/socket-client';
import { users } from '../src/db/account-tables.ts';
import { games } from '../src/db/game-tables.ts';
import { userBlocks } from '../src/db/moderation-tables.ts';
import { friendships } from '../src/db/social-tables.ts';
import { registerPlayer, type RegisteredPlayer } from './test-app.ts';
import { listeningTestApp } from './listening-test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type SpectatorEvents = 'watch:counts' | 'game:watchers' | 'watch:closed';

/** How long a test listens for an event that must not come (see realtime-channel.test.ts). */
const NOTHING_ELSE_WITHIN_MS = 300;

/**
 * Watching (docs/PRODUCT.md, 'Watching') on one node: who may watch, the spectator's view and
 * what it hides until the game is settled, the live list, the watch rooms and their counts, and
 * a profile's live game.
 */
describe.each(DATABASE_KINDS)('watching on %s', (kind) => {
  const t = listeningTestApp(kind);

  const socketOf = async (player: RegisteredPlayer) => {
    return connected(t.socketOf(player.agent));
  };
  const spectatorSocket = async (player: RegisteredPlayer) =>
    recordEvents<SpectatorEvents>(await socketOf(player), [
      'watch:counts',
      'game:watchers',
      'watch:closed',
    ]);

  /** A versus game between two new players, and a way to guess words that never win. */
  async function versusGame() {
    const a = await registerPlayer(t.app, 'wa');
    const b = await registerPlayer(t.app, 'wb');
    const { gameId } = await t.app.games.createVersusGame([a.id, b.id]);
    const [row] = await t.app.db
      .select({ secret: games.secret })
      .from(games)
      .where(eq(games.id, gameId));
    const secret = row!.secret;
    const words = SECRET_WORDS.filter((word) => word !== secret);
    let next = 0;
    const guessed: string[] = [];
    return {
      a,
      b,
      gameId,
      secret,
      guessed,
      guess: async (player: RegisteredPlayer) => {
        const word = words[next++]!;
        guessed.push(word);
        const played = await player.agent.get<Json>(`/api/game/${gameId}/play/${word}`);
        expect(played.status).toBe(200);
        return played.body;
      },
      giveUp: async (player: RegisteredPlayer) => {
        const played = await player.agent.get(`/api/game/${gameId}/play/${GIVE_UP_WORD}`);
        expect(played.status).toBe(200);
      },
    };
  }
  type Game = Awaited<ReturnType<typeof versusGame>>;

  const watch = (player: RegisteredPlayer, gameId: number, query = '') =>
    player.agent.get<WatchResponse>(`/api/game/${gameId}/watch${query}`);
  const unwatch = (player: RegisteredPlayer, gameId: number) =>
    player.agent.post(`/api/game/${gameId}/unwatch`);
  const liveGames = async (player: RegisteredPlayer) => {
    const response = await player.agent.get<LiveGamesResponse>('/api/games/live');
    expect(response.status).toBe(200);
    return response.body.games;
  };

  /**
   * Nothing in a payload a spectator gets before settlement may help a player: no guessed word,
   * no match count, no secret, under any name.
   */
  const expectNothingSecret = (payload: unknown, game: Game) => {
    const text = JSON.stringify(payload);
    for (const word of [...game.guessed, game.secret]) expect(text).not.toContain(word);
    for (const key of ['"word"', '"matches"', '"target"', '"guessList"', '"secret"'])
      expect(text).not.toContain(key);
  };

  const setAllowWatchers = async (player: RegisteredPlayer, allow: boolean) => {
    const response = await player.agent.post('/api/user/settings', { allowWatchers: allow });
    expect(response.status).toBe(200);
  };

  it('is for accounts: 401 without a session', async () => {
    const game = await versusGame();
    const guest = (await registerPlayer(t.app, 'wg')).agent;
    guest.cookies.clear();
    expect((await guest.get(`/api/game/${game.gameId}/watch`)).status).toBe(401);
    expect((await guest.get('/api/games/live')).status).toBe(401);
    expect((await guest.post(`/api/game/${game.gameId}/unwatch`)).status).toBe(401);
  });

  it("is a 404 'Game not found' for a game that does not exist or is no versus game between people", async () => {
    const spectator = await registerPlayer(t.app, 'ws');
    const solo = await spectator.agent.get<Json>('/api/games/new');
    expect(solo.status).toBe(200);
    for (const gameId of [solo.body.gameId as number, 2_000_000_000]) {
      const response = await watch(spectator, gameId);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ result: 'error', err: 'Game not found' });
    }
    // Another player's solo game too.
    const other = await registerPlayer(t.app, 'wo');
    const hers = await other.agent.get<Json>('/api/games/new');
    expect((await watch(spectator, hers.body.gameId as number)).status).toBe(404);
  });

  it("is a 403 'This game cannot be watched' when either player turned watching off or a block stands, whoever blocked", async () => {
    const game = await versusGame();
    const spectator = await registerPlayer(t.app, 'ws');
    const refused = async () => {
      const response = await watch(spectator, game.gameId);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ result: 'error', err: 'This game cannot be watched' });
    };
    expect((await watch(spectator, game.gameId)).status).toBe(200);
    for (const player of [game.a, game.b]) {
      await setAllowWatchers(player, false);
      await refused();
      await setAllowWatchers(player, true);
    }
    for (const player of [game.a, game.b]) {
      for (const [blockerId, blockedId] of [
        [player.id, spectator.id],
        [spectator.id, player.id],
      ] as const) {
        await t.app.db.insert(userBlocks).values({ blockerId, blockedId });
        await refused();
        await t.app.db.delete(userBlocks).where(eq(userBlocks.blockerId, blockerId));
      }
    }
    expect((await watch(spectator, game.gameId)).status).toBe(200);
  });

  it('shows the race without a word, a count or the secret until the game is settled, then every guess and the secret', async () => {
    const game = await versusGame();
    const spectator = await registerPlayer(t.app, 'ws');
    await game.guess(game.a);
    await game.guess(game.a);
    await game.guess(game.b);
    const during = await watch(spectator, game.gameId);
    expect(during.status).toBe(200);
    expectNothingSecret(during.body, game);
    const view = during.body;
    expect(view).toMatchObject({
      result: 'ok',
      gameId: game.gameId,
      settled: false,
      watchers: 0,
      timeControl: '3d',
      said: [],
    });
    expect(typeof view.deadline).toBe('string');
    expect(typeof view.startedAt).toBe('string');
    const boardOf = async (player: RegisteredPlayer) =>
      (await player.agent.get<{ guesses: GuessEntry[] }>(`/api/games/${game.gameId}`)).body.guesses;
    const [aGuesses, bGuesses] = [await boardOf(game.a), await boardOf(game.b)];
    const analyser = sharedGameAnalyser();
    expect(view.players).toEqual([
      {
        username: game.a.username,
        rating: 1500,
        score: expect.any(Number),
        guesses: 2,
        finished: false,
        won: false,
        forfeit: false,
        wordsLeft: analyser.candidatesAfter(aGuesses).length,
      },
      {
        username: game.b.username,
        rating: 1500,
        score: expect.any(Number),
        guesses: 1,
        finished: false,
        won: false,
        forfeit: false,
        wordsLeft: analyser.candidatesAfter(bGuesses).length,
      },
    ]);
    expect(view.players[0]!.wordsLeft).toBeLessThan(SECRET_WORDS.length);

    // One player done is not settled: still nothing.
    await game.giveUp(game.a);
    const half = await watch(spectator, game.gameId);
    expectNothingSecret(half.body, game);
    expect(half.body.players[0]).toMatchObject({ finished: true, forfeit: true });

    await game.guess(game.b);
    await game.giveUp(game.b);
    const after = await watch(spectator, game.gameId);
    expect(after.body.settled).toBe(true);
    expect(after.body.target).toBe(game.secret);
    expect(after.body.players[0]!.guessList).toEqual(aGuesses);
    expect(after.body.players[1]!.guessList).toEqual(await boardOf(game.b));
    // Newest first.
    expect(after.body.players[1]!.guessList![0]!.word).toBe(game.guessed.at(-1));
  });

  it("a player asking gets the spectator's view and is not counted", async () => {
    const game = await versusGame();
    const events = await spectatorSocket(game.a);
    await game.guess(game.b);
    const own = await watch(game.a, game.gameId);
    expect(own.status).toBe(200);
    expect(own.body.watchers).toBe(0);
    await game.guess(game.b);
    expect(await quietFor(events, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(events.events).toEqual([]);
  });

  it('counts accounts with a socket in the room: two spectators, one leaves, one disconnects', async () => {
    const game = await versusGame();
    const aEvents = recordEvents(await socketOf(game.a), ['game:watchers']);
    const bEvents = recordEvents(await socketOf(game.b), ['game:watchers']);
    const first = await registerPlayer(t.app, 'ws');
    const second = await registerPlayer(t.app, 'ws');
    const firstTabs = [await spectatorSocket(first), await spectatorSocket(first)];
    const secondSocket = await socketOf(second);
    const secondEvents = recordEvents<SpectatorEvents>(secondSocket, [
      'watch:counts',
      'game:watchers',
    ]);
    // Two tabs of one account are one spectator.
    expect((await watch(first, game.gameId)).body.watchers).toBe(1);
    expect((await watch(first, game.gameId)).body.watchers).toBe(1);
    expect((await watch(second, game.gameId)).body.watchers).toBe(2);
    for (const events of [aEvents, bEvents]) {
      const heard = await events.waitFor(2, 'game:watchers');
      expect(heard.map((e) => e.payload)).toEqual([
        { gameId: game.gameId, count: 1 },
        { gameId: game.gameId, count: 2 },
      ]);
    }
    await firstTabs[0]!.waitFor(2, 'game:watchers');
    await secondEvents.waitFor(1, 'game:watchers');

    const countsOf = async (player: RegisteredPlayer) =>
      (await player.agent.get<Json>(`/api/game/${game.gameId}/counts`)).body.watchers;
    const detailOf = async (player: RegisteredPlayer) =>
      (await player.agent.get<Json>(`/api/games/${game.gameId}`)).body.watchers;
    expect(await countsOf(game.a)).toBe(2);
    expect(await detailOf(game.b)).toBe(2);

    // Every spectator socket hears each move, in its view.
    await game.guess(game.a);
    for (const events of [...firstTabs, secondEvents]) {
      const [pushed] = await events.waitFor(1, 'watch:counts');
      expect(pushed!.payload).toMatchObject({ gameId: game.gameId, watchers: 2, settled: false });
      expect(pushed!.payload).not.toHaveProperty('said');
      expectNothingSecret(pushed!.payload, game);
    }

    expect((await unwatch(first, game.gameId)).status).toBe(200);
    expect((await aEvents.waitFor(3, 'game:watchers'))[2]!.payload.count).toBe(1);
    expect(await countsOf(game.a)).toBe(1);
    expect(await detailOf(game.a)).toBe(1);
    // The first spectator no longer hears the game.
    await game.guess(game.b);
    await secondEvents.waitFor(2, 'watch:counts');
    expect(await quietFor(firstTabs[0]!, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(
      firstTabs.map((tab) => tab.events.filter((e) => e.name === 'watch:counts').length),
    ).toEqual([1, 1]);

    secondSocket.disconnect();
    expect((await bEvents.waitFor(4, 'game:watchers'))[3]!.payload.count).toBe(0);
    expect(await countsOf(game.b)).toBe(0);
    expect(await detailOf(game.a)).toBe(0);

    // A spectator without a socket is not counted.
    const polling = await registerPlayer(t.app, 'ws');
    expect((await watch(polling, game.gameId)).body.watchers).toBe(0);

    for (const payload of [...firstTabs, secondEvents].flatMap((r) => r.events))
      expectNothingSecret(payload.payload, game);
  });

  it('a game nobody watches sends no spectator event; a settled one sends the words and the secret', async () => {
    const game = await versusGame();
    const stranger = await spectatorSocket(await registerPlayer(t.app, 'ws'));
    await game.guess(game.a);
    await game.giveUp(game.a);
    expect(await quietFor(stranger, NOTHING_ELSE_WITHIN_MS)).toBe(true);

    const spectator = await registerPlayer(t.app, 'ws');
    const events = await spectatorSocket(spectator);
    await watch(spectator, game.gameId);
    await game.guess(game.b);
    const [during] = await events.waitFor(1, 'watch:counts');
    expectNothingSecret(during!.payload, game);
    await game.giveUp(game.b);
    const [, settled] = await events.waitFor(2, 'watch:counts');
    expect(settled!.payload).toMatchObject({ settled: true, target: game.secret });
    expect((settled!.payload as WatchCountsEvent).players[0]!.guessList).toHaveLength(1);
    expect(stranger.events).toEqual([]);
  });

  it('carries the phrases said after `since`, all of them without it', async () => {
    const game = await versusGame();
    const spectator = await registerPlayer(t.app, 'ws');
    const say = async (player: RegisteredPlayer, phrase: string) => {
      const said = await player.agent.post<{ said: { seq: number } }>(
        `/api/game/${game.gameId}/say`,
        { phrase },
      );
      expect(said.status).toBe(200);
      return said.body.said.seq;
    };
    const first = await say(game.a, 'hello');
    await say(game.b, 'good_luck');
    const all = await watch(spectator, game.gameId);
    expect(all.body.said.map((entry) => [entry.from, entry.phrase])).toEqual([
      [game.a.username, 'hello'],
      [game.b.username, 'good_luck'],
    ]);
    const later = await watch(spectator, game.gameId, `?since=${first}`);
    expect(later.body.said.map((entry) => entry.phrase)).toEqual(['good_luck']);
    expect((await watch(spectator, game.gameId, '?since=-1')).status).toBe(400);
  });

  it('a player turning watching off mid-game tells the spectators and sends them out at once', async () => {
    const game = await versusGame();
    const aEvents = recordEvents(await socketOf(game.a), ['game:watchers']);
    const spectator = await registerPlayer(t.app, 'ws');
    const events = await spectatorSocket(spectator);
    expect((await watch(spectator, game.gameId)).body.watchers).toBe(1);
    await game.guess(game.a);
    await events.waitFor(1, 'watch:counts');
    await setAllowWatchers(game.b, false);
    // Before any move: the spectator hears the room close, the players the count.
    const closed = await events.waitFor(1, 'watch:closed');
    expect(closed[0]!.payload).toEqual({ gameId: game.gameId });
    const heard = await aEvents.waitFor(2, 'game:watchers');
    expect(heard[1]!.payload).toEqual({ gameId: game.gameId, count: 0 });
    await game.guess(game.b);
    await game.guess(game.a);
    expect(await quietFor(events, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(events.events.filter((e) => e.name === 'watch:counts')).toHaveLength(1);
    expect((await watch(spectator, game.gameId)).status).toBe(403);
  });

  it('a player blocking a spectator (or blocked by one) takes the spectator out of the room at once', async () => {
    for (const blockerIsPlayer of [true, false]) {
      const game = await versusGame();
      const aEvents = recordEvents(await socketOf(game.a), ['game:watchers']);
      const spectator = await registerPlayer(t.app, 'ws');
      const events = await spectatorSocket(spectator);
      expect((await watch(spectator, game.gameId)).body.watchers).toBe(1);
      await aEvents.waitFor(1, 'game:watchers');
      const [blocker, blocked] = blockerIsPlayer ? [game.b, spectator] : [spectator, game.b];
      const blocking = await blocker.agent.post('/api/user/block', { username: blocked.username });
      expect(blocking.status).toBe(200);
      // Before any move: the block itself sends the spectator out, told, and the players hear it.
      const closed = await events.waitFor(1, 'watch:closed');
      expect(closed[0]!.payload).toEqual({ gameId: game.gameId });
      const heard = await aEvents.waitFor(2, 'game:watchers');
      expect(heard[1]!.payload).toEqual({ gameId: game.gameId, count: 0 });
      await game.guess(game.a);
      expect(await quietFor(events, NOTHING_ELSE_WITHIN_MS)).toBe(true);
      expect(events.events.filter((e) => e.name === 'watch:counts')).toHaveLength(0);
      expect((await watch(spectator, game.gameId)).status).toBe(403);
    }
  });

  it('the clock ending a game reaches its spectators', async () => {
    const game = await versusGame();
    const spectator = await registerPlayer(t.app, 'ws');
    const events = await spectatorSocket(spectator);
    await watch(spectator, game.gameId);
    await game.guess(game.a);
    await game.guess(game.b);
    await events.waitFor(2, 'watch:counts');
    await t.app.db
      .update(games)
      .set({
        deadline: sql`now() - interval '1 second'`,
        clockDueAt: sql`now() - interval '1 second'`,
      })
      .where(eq(games.id, game.gameId));
    await t.app.gameClock.runNow();
    const pushed = await events.waitFor(3, 'watch:counts');
    expect(pushed[2]!.payload).toMatchObject({ settled: true, target: game.secret });
    const ended = pushed[2]!.payload as WatchCountsEvent;
    expect(ended.players.every((p) => p.outOfTime === true)).toBe(true);
  });

  it('lists the games the caller may watch: friends first, then by mean rating, at most 30, never their own', async () => {
    const caller = await registerPlayer(t.app, 'wl');
    const setRating = (player: RegisteredPlayer, rating: number) =>
      t.app.db.update(users).set({ rating }).where(eq(users.id, player.id));
    const low = await versusGame();
    const high = await versusGame();
    const middle = await versusGame();
    await setRating(low.a, 2000);
    await setRating(low.b, 2000);
    await setRating(high.a, 2999);
    await setRating(high.b, 2901);
    await setRating(middle.a, 2600);
    await setRating(middle.b, 2500);
    // The friend's game comes first, whatever its rating.
    await t.app.db.insert(friendships).values([
      { userId: caller.id, friendId: low.b.id },
      { userId: low.b.id, friendId: caller.id },
    ]);
    // Not listed: the caller's own, one with watching off, one with a block, a settled one.
    const opponent = await registerPlayer(t.app, 'wl');
    const own = (await t.app.games.createVersusGame([caller.id, opponent.id])).gameId;
    const off = await versusGame();
    await setAllowWatchers(off.b, false);
    const blocked = await versusGame();
    await t.app.db.insert(userBlocks).values({ blockerId: blocked.a.id, blockedId: caller.id });
    const over = await versusGame();
    await over.giveUp(over.a);
    await over.giveUp(over.b);
    for (const game of [off, blocked, over]) await setRating(game.a, 3000);

    await watch(await registerPlayer(t.app, 'ws'), high.gameId);
    const listed = await liveGames(caller);
    expect(listed.slice(0, 3).map((game) => game.gameId)).toEqual([
      low.gameId,
      high.gameId,
      middle.gameId,
    ]);
    const ids = listed.map((game) => game.gameId);
    for (const gameId of [own, off.gameId, blocked.gameId, over.gameId])
      expect(ids).not.toContain(gameId);
    await high.guess(high.a);
    const [, highGame] = await liveGames(caller);
    expect(highGame).toEqual({
      gameId: high.gameId,
      players: [
        {
          username: high.a.username,
          rating: 2999,
          score: expect.any(Number),
          guesses: 1,
          finished: false,
        },
        {
          username: high.b.username,
          rating: 2901,
          score: expect.any(Number),
          guesses: 0,
          finished: false,
        },
      ],
      timeControl: '3d',
      watchers: 0,
      startedAt: expect.any(String),
    });
    expect(highGame!.players[0]!.score).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(listed)).not.toContain(high.secret);

    // At most 30, however many there are.
    const pair = [await registerPlayer(t.app, 'wl'), await registerPlayer(t.app, 'wl')] as const;
    const pairGames: number[] = [];
    for (let i = 0; i < LIVE_GAMES_LIMIT; i += 1) {
      const made = await t.app.games.createVersusGame([pair[0].id, pair[1].id], undefined, {
        rated: false,
      });
      pairGames.push(made.gameId);
    }
    expect(await liveGames(caller)).toHaveLength(LIVE_GAMES_LIMIT);
    // A player's own games are never theirs to watch.
    const theirs = (await liveGames(pair[0])).map((game) => game.gameId);
    expect(theirs.filter((gameId) => pairGames.includes(gameId))).toEqual([]);
    expect(theirs).toContain(own);
  });

  it('a profile carries the game its owner plays that the viewer may watch', async () => {
    const game = await versusGame();
    const viewer = await registerPlayer(t.app, 'wv');
    const profileOf = async (who: RegisteredPlayer, owner: RegisteredPlayer) => {
      const response = await who.agent.get<{ data: Profile }>(`/api/profile/${owner.username}`);
      expect(response.status).toBe(200);
      return response.body.data.liveGameId;
    };
    expect(await profileOf(viewer, game.a)).toBe(game.gameId);
    expect(await profileOf(viewer, game.b)).toBe(game.gameId);
    // Not to the owner, nor to their opponent.
    expect(await profileOf(game.a, game.a)).toBeUndefined();
    expect(await profileOf(game.b, game.a)).toBeUndefined();
    // Not when the other player turned watching off, nor across a block.
    await setAllowWatchers(game.b, false);
    expect(await profileOf(viewer, game.a)).toBeUndefined();
    await setAllowWatchers(game.b, true);
    await t.app.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: game.b.id });
    expect(await profileOf(viewer, game.a)).toBeUndefined();
    await t.app.db.delete(userBlocks).where(eq(userBlocks.blockerId, viewer.id));
    // Not to a guest.
    const guest = await registerPlayer(t.app, 'wv');
    guest.agent.cookies.clear();
    const anonymous = await guest.agent.get<{ data: Profile }>(`/api/profile/${game.a.username}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.liveGameId).toBeUndefined();
    // Not once the game is over.
    await game.giveUp(game.a);
    expect(await profileOf(viewer, game.a)).toBe(game.gameId);
    await game.giveUp(game.b);
    expect(await profileOf(viewer, game.a)).toBeUndefined();
  });
});
