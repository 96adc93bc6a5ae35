import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GameDetailResponse } from '@jotto/shared/game-schemas';
import {
  currentDeviation,
  INITIAL_RATING,
  RATING_PERIOD_MS,
  ratingAfterGame,
  type StoredRating,
} from '@jotto/shared/glicko2';
import type { LeaderboardResponse } from '@jotto/shared/leaderboard-schemas';
import type { RatingHistoryResponse } from '@jotto/shared/rating-schemas';
import type { Profile } from '@jotto/shared/social-schemas';
import { users } from '../src/db/account-tables.ts';
import { games, pointAwards, ratingHistory } from '../src/db/game-tables.ts';
import { PROFILE_ERRORS } from '@jotto/shared/social-schemas';
import { countMatches } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import {
  registerPlayer,
  type RegisteredPlayer,
  startTestApp,
  TestAgent,
  type TestApp,
} from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

const fresh: StoredRating = { ...INITIAL_RATING, ratedAt: null };
const DAY = RATING_PERIOD_MS;

describe.each(DATABASE_KINDS)('ratings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  type Player = RegisteredPlayer;
  const newPlayer = (prefix: string) => registerPlayer(t.app, prefix);

  async function account(player: Player) {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, player.id));
    return row!;
  }

  async function stored(player: Player): Promise<StoredRating> {
    const row = await account(player);
    return {
      rating: row.rating,
      deviation: row.ratingDeviation,
      volatility: row.ratingVolatility,
      ratedAt: row.ratedAt,
    };
  }

  async function historyRows(player: Player) {
    return t.app.db
      .select()
      .from(ratingHistory)
      .where(eq(ratingHistory.userId, player.id))
      .orderBy(asc(ratingHistory.at), asc(ratingHistory.gameId));
  }

  async function newVersus(a: Player, b: Player, options: { rated?: boolean } = {}) {
    const gameId = (await t.app.games.createVersusGame([a.id, b.id], undefined, options)).gameId;
    const [row] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    return { gameId, secret: row!.secret.trim() };
  }

  async function play(player: Player, gameId: number, word: string) {
    const response = await player.agent.get(`/api/game/${gameId}/play/${word}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function detail(player: Player, gameId: number) {
    const response = await player.agent.get<GameDetailResponse>(`/api/games/${gameId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function profile(username: string, agent?: TestAgent) {
    const response = await (agent ?? freshAgent()).get<{ result: 'ok'; data: Profile }>(
      `/api/profile/${username}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  /** Someone without a session: profiles and leaderboards are open to anyone. */
  const freshAgent = () => new TestAgent(t.app);

  describe('a versus game played out', () => {
    it('moves both ratings once, when both have finished, and the game and profiles show it', async () => {
      const a = await newPlayer('Ra');
      const b = await newPlayer('Rb');
      const { gameId, secret } = await newVersus(a, b);

      // Before anyone finishes: both ratings as they are, nothing after.
      expect((await detail(a, gameId)).ratings).toEqual({
        me: { before: 1500, provisional: true },
        opponent: { before: 1500, provisional: true },
      });
      await play(a, gameId, secret);
      // One finished player changes no rating.
      expect(await stored(a)).toEqual(fresh);
      expect((await detail(a, gameId)).ratings).toEqual({
        me: { before: 1500, provisional: true },
        opponent: { before: 1500, provisional: true },
      });

      await play(b, gameId, 'giveup');
      const winner = ratingAfterGame(fresh, fresh, 1, new Date());
      const loser = ratingAfterGame(fresh, fresh, 0, new Date());
      const [rowA, rowB] = [await account(a), await account(b)];
      expect(rowA.rating).toBeCloseTo(winner.rating, 9);
      expect(rowA.ratingDeviation).toBeCloseTo(winner.deviation, 9);
      expect(rowA.ratingVolatility).toBeCloseTo(winner.volatility, 12);
      expect(rowB.rating).toBeCloseTo(loser.rating, 9);
      expect([rowA.ratedGames, rowB.ratedGames]).toEqual([1, 1]);
      expect(rowA.ratedAt).toEqual(rowB.ratedAt);
      expect(rowA.ratedAt).not.toBeNull();

      const up = Math.round(winner.rating);
      const down = Math.round(loser.rating);
      expect(up).toBe(1662);
      expect(down).toBe(1338);
      expect((await detail(a, gameId)).ratings).toEqual({
        me: { before: 1500, after: up, provisional: true },
        opponent: { before: 1500, after: down, provisional: true },
      });
      expect((await detail(b, gameId)).ratings).toEqual({
        me: { before: 1500, after: down, provisional: true },
        opponent: { before: 1500, after: up, provisional: true },
      });

      expect((await profile(a.username)).rating).toEqual({
        value: up,
        deviation: Math.round(winner.deviation),
        provisional: true,
        games: 1,
      });
      const history = await freshAgent().get<RatingHistoryResponse>(
        `/api/profile/${b.username.toUpperCase()}/ratings`,
      );
      expect(history).toMatchObject({ status: 200 });
      expect(history.body).toEqual({
        result: 'ok',
        history: [
          {
            gameId,
            at: rowB.ratedAt!.toISOString(),
            value: down,
            deviation: Math.round(loser.deviation),
          },
        ],
      });

      // Looking again, or another game's settling, changes nothing of this one.
      expect((await detail(a, gameId)).ratings?.me).toEqual({
        before: 1500,
        after: up,
        provisional: true,
      });
      expect(await historyRows(a)).toHaveLength(1);
    });

    it('applies a draw as half a win: equal ratings stay equal', async () => {
      const a = await newPlayer('Da');
      const b = await newPlayer('Db');
      const { gameId } = await newVersus(a, b);
      await play(a, gameId, 'giveup');
      await play(b, gameId, 'giveup');
      // Both forfeited: both lose by the versus outcome, which for ratings is a draw
      // (docs/PRODUCT.md, 'Ratings'): neither goes down.
      expect((await detail(a, gameId)).outcome).toBe('lose');
      expect((await detail(b, gameId)).outcome).toBe('lose');
      const [rowA, rowB] = [await account(a), await account(b)];
      expect(rowA.rating).toBeCloseTo(1500, 6);
      expect(rowB.rating).toBeCloseTo(1500, 6);
      expect(rowA.ratingDeviation).toBeLessThan(350);

      const c = await newPlayer('Dc');
      const d = await newPlayer('Dd');
      const game = await newVersus(c, d);
      // A sure 1500 against a newcomer's 1500.
      await t.app.db
        .update(users)
        .set({ rating: 1500, ratingDeviation: 80, ratedAt: new Date(), ratedGames: 12 })
        .where(eq(users.id, c.id));
      // Both run out of points: a draw.
      for (const player of [c, d]) {
        for (const word of missWordsFor(game.secret)) await play(player, game.gameId, word);
      }
      expect((await detail(c, game.gameId)).outcome).toBe('draw');
      const [afterC, afterD] = [await account(c), await account(d)];
      expect(afterC.rating).toBeCloseTo(1500, 6);
      expect(afterD.rating).toBeCloseTo(1500, 6);
      expect(afterC.ratingDeviation).toBeLessThan(80);
      expect(afterD.ratingDeviation).toBeLessThan(350);
    });

    it('rates two players who both solve with the same score as a draw, never both up', async () => {
      const a = await newPlayer('Ea');
      const b = await newPlayer('Eb');
      // A sure 1600 against a newcomer's 1500.
      await t.app.db
        .update(users)
        .set({ rating: 1600, ratingDeviation: 80, ratedAt: new Date(), ratedGames: 12 })
        .where(eq(users.id, a.id));
      const [beforeA, beforeB] = [await stored(a), await stored(b)];
      const { gameId, secret } = await newVersus(a, b);
      await play(a, gameId, secret);
      await play(b, gameId, secret);
      // Both win by the versus outcome ('You won!!!' for both)...
      expect((await detail(a, gameId)).outcome).toBe('win');
      expect((await detail(b, gameId)).outcome).toBe('win');
      // ...but the ratings count it as a draw: the higher rating gives some to the lower.
      const [rowA, rowB] = [await account(a), await account(b)];
      const now = new Date();
      expect(rowA.rating).toBeCloseTo(ratingAfterGame(beforeA, beforeB, 0.5, now).rating, 6);
      expect(rowB.rating).toBeCloseTo(ratingAfterGame(beforeB, beforeA, 0.5, now).rating, 6);
      expect(rowA.rating).toBeLessThan(1600);
      expect(rowB.rating).toBeGreaterThan(1500);
      expect(rowB.rating).toBeLessThan(ratingAfterGame(beforeB, beforeA, 1, now).rating);
      expect((await detail(a, gameId)).ratings).toEqual({
        me: { before: 1600, after: Math.round(rowA.rating), provisional: false },
        opponent: { before: 1500, after: Math.round(rowB.rating), provisional: true },
      });
    });

    it('settles once when the last two moves race, and a shared player loses no update', async () => {
      for (let round = 0; round < 3; round += 1) {
        const a = await newPlayer(`Sa${round}`);
        const b = await newPlayer(`Sb${round}`);
        const { gameId, secret } = await newVersus(a, b);
        const replies = await Promise.all([
          a.agent.get(`/api/game/${gameId}/play/${secret}`),
          b.agent.get(`/api/game/${gameId}/play/${secret}`),
        ]);
        expect(replies.map((r) => r.status)).toEqual([200, 200]);
        // Both solved with the same score: a draw for ratings, and each rating moved exactly once.
        const expected = ratingAfterGame(fresh, fresh, 0.5, new Date());
        for (const player of [a, b]) {
          const row = await account(player);
          expect(row.ratedGames).toBe(1);
          expect(row.rating).toBeCloseTo(expected.rating, 9);
          expect(row.ratingDeviation).toBeCloseTo(expected.deviation, 9);
          expect(await historyRows(player)).toHaveLength(1);
        }
      }

      // Two games of one player ending at the same moment: one after the other, each starting
      // from the rating the other left.
      const hub = await newPlayer('Hub');
      const left = await newPlayer('Left');
      const right = await newPlayer('Right');
      const first = await newVersus(hub, left);
      const second = await newVersus(hub, right);
      await play(left, first.gameId, 'giveup');
      await play(right, second.gameId, 'giveup');
      const replies = await Promise.all([
        hub.agent.get(`/api/game/${first.gameId}/play/${first.secret}`),
        hub.agent.get(`/api/game/${second.gameId}/play/${second.secret}`),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const rows = await historyRows(hub);
      expect(rows).toHaveLength(2);
      const [earlier, later] = [...rows].sort((x, y) => x.valueBefore - y.valueBefore);
      expect(earlier!.valueBefore).toBe(1500);
      expect(later!.valueBefore).toBeCloseTo(earlier!.value, 9);
      const hubRow = await account(hub);
      expect(hubRow.ratedGames).toBe(2);
      expect(hubRow.rating).toBeCloseTo(later!.value, 9);
      expect(hubRow.rating).toBeGreaterThan(earlier!.value);
    });

    it('never rates solo games or unrated versus games', async () => {
      const a = await newPlayer('Ua');
      const b = await newPlayer('Ub');
      const unrated = await newVersus(a, b, { rated: false });
      expect((await detail(a, unrated.gameId)).ratings).toBeUndefined();
      await play(a, unrated.gameId, unrated.secret);
      await play(b, unrated.gameId, 'giveup');
      expect((await detail(a, unrated.gameId)).outcome).toBe('win');
      expect((await detail(a, unrated.gameId)).ratings).toBeUndefined();

      const solo = await a.agent.get<{ gameId: number }>('/api/games/new');
      const [soloGame] = await t.app.db.select().from(games).where(eq(games.id, solo.body.gameId));
      expect(soloGame!.rated).toBe(false);
      await play(a, solo.body.gameId, soloGame!.secret.trim());
      expect((await detail(a, solo.body.gameId)).ratings).toBeUndefined();

      for (const player of [a, b]) {
        expect(await stored(player)).toEqual(fresh);
        expect((await account(player)).ratedGames).toBe(0);
        expect(await historyRows(player)).toEqual([]);
      }
      expect((await account(a)).gameCt).toBe(2);
    });
  });

  describe('GET /profile/:username', () => {
    it('shows the deviation grown by the days since the last rated game', async () => {
      const player = await newPlayer('Idle');
      const ratedAt = new Date(Date.now() - 40.5 * DAY);
      await t.app.db
        .update(users)
        .set({ rating: 1712.4, ratingDeviation: 70, ratedAt, ratedGames: 30 })
        .where(eq(users.id, player.id));
      const expected = currentDeviation(
        { rating: 1712.4, deviation: 70, volatility: 0.06, ratedAt },
        new Date(),
      );
      // 40 days of 0.06 volatility: √(70² + 40 · 10.42²) ≈ 96.
      expect(Math.round(expected)).toBe(96);
      expect((await profile(player.username)).rating).toEqual({
        value: 1712,
        deviation: 96,
        provisional: false,
        games: 30,
      });

      // Over a year away: provisional again.
      await t.app.db
        .update(users)
        .set({ ratedAt: new Date(Date.now() - 400 * DAY) })
        .where(eq(users.id, player.id));
      expect((await profile(player.username)).rating).toMatchObject({
        value: 1712,
        provisional: true,
      });
    });
  });

  describe('GET /profile/:username/ratings', () => {
    it('answers the last 100 rated games, oldest first, rounded', async () => {
      const player = await newPlayer('Long');
      const gameRows = await t.app.db
        .insert(games)
        .values(
          Array.from({ length: 105 }, () => ({
            mode: 'versus' as const,
            secret: 'crane',
            rated: true,
            settledAt: new Date(),
          })),
        )
        .returning({ id: games.id });
      const start = Date.UTC(2026, 0, 1);
      await t.app.db.insert(ratingHistory).values(
        gameRows.map((game, i) => ({
          gameId: game.id,
          userId: player.id,
          at: new Date(start + i * 3_600_000),
          valueBefore: 1500 + i,
          value: 1500.6 + i,
          deviation: 300.4 - i,
        })),
      );
      const response = await freshAgent().get<RatingHistoryResponse>(
        `/api/profile/${player.username}/ratings`,
      );
      expect(response.status).toBe(200);
      const { history } = response.body;
      expect(history).toHaveLength(100);
      expect(history[0]).toEqual({
        gameId: gameRows[5]!.id,
        at: new Date(start + 5 * 3_600_000).toISOString(),
        value: 1506,
        deviation: 295,
      });
      expect(history.at(-1)).toMatchObject({ gameId: gameRows[104]!.id, value: 1605 });
      expect(history.map((entry) => entry.at)).toEqual(
        [...history.map((entry) => entry.at)].sort(),
      );
    });

    it('answers an empty history before any rated game, and 404 for an unknown name', async () => {
      const player = await newPlayer('New');
      const guest = freshAgent();
      expect((await guest.get(`/api/profile/${player.username}/ratings`)).body).toEqual({
        result: 'ok',
        history: [],
      });
      const unknown = await guest.get(`/api/profile/nosuchplayer_x/ratings`);
      expect(unknown).toMatchObject({
        status: 404,
        body: { result: 'error', err: PROFILE_ERRORS.notFound },
      });
    });
  });

  describe('GET /leaders/rating', () => {
    // Leaderboards are global: these tests start from no accounts.
    beforeEach(async () => {
      await t.app.db.delete(pointAwards);
      await t.app.db.delete(games);
      await t.app.db.delete(users);
    });

    it('ranks settled ratings only, rounded, ties by username, from the refreshed snapshot', async () => {
      const now = new Date();
      const recent = new Date(now.getTime() - 2 * DAY);
      const insert = async (
        username: string | null,
        values: Partial<typeof users.$inferInsert>,
      ): Promise<number> => {
        const [row] = await t.app.db
          .insert(users)
          .values({ username, ratedGames: 20, ratedAt: recent, ...values })
          .returning({ id: users.id });
        return row!.id;
      };
      const top = await insert('Zed_top', { rating: 1899.7, ratingDeviation: 50, admin: true });
      const tieB = await insert('bTie', { rating: 1750.2, ratingDeviation: 60 });
      const tieA = await insert('ATie', { rating: 1749.6, ratingDeviation: 100 });
      await insert('Unsure', { rating: 2400, ratingDeviation: 111 });
      await insert('Away', {
        rating: 2300,
        ratingDeviation: 100,
        ratedAt: new Date(now.getTime() - 60 * DAY),
      });
      await insert(null, { rating: 2500, ratingDeviation: 40 });
      await insert('NeverRated', { rating: 1500, ratingDeviation: 40, ratedGames: 0 });

      expect(await t.app.leaderboards.refreshLeaderboards(now)).toBe('refreshed');
      const response = await freshAgent().get<LeaderboardResponse>('/api/leaders/rating');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'ok',
        computedAt: now.toISOString(),
        scores: [
          { id: top, displayName: 'Zed_top', username: 'zed_top', score: 1900, admin: true },
          { id: tieA, displayName: 'ATie', username: 'atie', score: 1750, admin: false },
          { id: tieB, displayName: 'bTie', username: 'btie', score: 1750, admin: false },
        ],
      });

      // Served from the snapshot: a change shows at the next refresh.
      await t.app.db.update(users).set({ rating: 1000 }).where(eq(users.id, top));
      expect(
        (await freshAgent().get<LeaderboardResponse>('/api/leaders/rating')).body.scores[0],
      ).toMatchObject({ id: top, score: 1900 });
      await t.app.leaderboards.refreshLeaderboards(new Date(now.getTime() + 300_000));
      const later = await freshAgent().get<LeaderboardResponse>('/api/leaders/rating');
      expect(later.body.scores.map((entry) => entry.id)).toEqual([tieA, tieB, top]);
    });

    it('refuses unknown types as before, with the same sentence', async () => {
      const response = await freshAgent().get('/api/leaders/ratings');
      expect(response).toMatchObject({
        status: 400,
        body: { result: 'error', err: 'type must be equal to constant' },
      });
    });
  });
});

/** 20 valid guesses that never hit `secret` (nor an anagram of it): they run a player out. */
function missWordsFor(secret: string): string[] {
  return SECRET_WORDS.filter((word) => countMatches(word, secret) < 5).slice(0, 20);
}
