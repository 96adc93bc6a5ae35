import { and, eq, isNotNull } from 'drizzle-orm';
import {
  addDays,
  dailyDayOf,
  dailyNumberOf,
  type DailyOutcome,
  type DailyRecord,
  dailyStats,
} from '@jotto/shared/daily-rules';
import type { DailyGameResponse, DailyStatsResponse } from '@jotto/shared/daily-schemas';
import { lockAccountDaily } from '../db/account-daily-lock.ts';
import type { Database } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import { insertGame } from '../games/game-creation.ts';
import { ownedBy, ownerColumnsOf } from '../games/game-ownership.ts';
import type { Viewer } from '../sessions/viewer.ts';
import type { DailyWordDraw } from './daily-word.ts';

/** What time it is: the daily's day follows it (tests hand in a clock of their own). */
export type Clock = () => Date;

const OUTCOME_OF_STATUS: Record<(typeof gamePlayers.$inferSelect)['status'], DailyOutcome> = {
  won: 'solved',
  lost: 'failed',
  playing: 'playing',
};

/**
 * Daily Jotto (docs/PRODUCT.md, 'Daily Jotto'): each player's game of the day and their record.
 * A daily game is a solo game in every other way (the game routes, points and lists treat it
 * as one); what makes it daily is its secret, the day's word (`DailyWordDraw`), and its
 * `daily_day`, unique per owner and day.
 */
export class DailyService {
  constructor(
    private readonly db: Database,
    private readonly draw: DailyWordDraw,
    private readonly clock: Clock,
  ) {}

  /** Today by the UTC calendar, by this service's clock. */
  today(): string {
    return dailyDayOf(this.clock());
  }

  /**
   * `GET /daily`: today's daily game of the viewer, created by the first call of the day. Two
   * first calls at once make one game: the unique index on (owner, day) lets one insert
   * through, and the other takes that game (see `createDailyGame`). `hard` decides whether a
   * game made now is hard (docs/PRODUCT.md, 'Hard mode'); a game made before keeps its flag.
   */
  async todaysGame(
    viewer: Viewer,
    hard: () => Promise<boolean> = async () => false,
  ): Promise<DailyGameResponse> {
    const day = this.today();
    const gameId =
      (await this.dailyGameOf(viewer, day)) ??
      (await this.createDailyGame(viewer, day, await hard()));
    return { result: 'ok', gameId, day, number: dailyNumberOf(day) };
  }

  /** `GET /daily/stats`: a signed-in player's dailies played and solved, streaks, guesses. */
  async stats(userId: number): Promise<DailyStatsResponse> {
    const rows = await this.db
      .select({
        day: gamePlayers.dailyDay,
        status: gamePlayers.status,
        guesses: gamePlayers.guessCount,
      })
      .from(gamePlayers)
      .where(and(eq(gamePlayers.userId, userId), isNotNull(gamePlayers.dailyDay)));
    const records: DailyRecord[] = rows.map((row) => ({
      day: row.day!,
      outcome: OUTCOME_OF_STATUS[row.status],
      guesses: row.guesses,
    }));
    return { result: 'ok', ...dailyStats(records, this.today()) };
  }

  private async dailyGameOf(viewer: Viewer, day: string): Promise<number | null> {
    const [row] = await this.db
      .select({ gameId: gamePlayers.gameId })
      .from(gamePlayers)
      .where(and(ownedBy(viewer), eq(gamePlayers.dailyDay, day)))
      .limit(1);
    return row?.gameId ?? null;
  }

  /**
   * A new solo game on the day's word for the viewer. When another request made the viewer's
   * game of the day first, the player row's insert finds it (Postgres waits for that
   * transaction to commit) and does nothing; the game row made here is then removed, and the
   * other request's game is the answer.
   */
  private async createDailyGame(viewer: Viewer, day: string, hard: boolean): Promise<number> {
    const secret = this.draw.secretOf(day);
    const created = await this.db.transaction(async (tx) => {
      if (viewer.kind === 'user') await lockAccountDaily(tx, viewer.userId);
      const { gameId, sideIds } = await insertGame(
        tx,
        // Played on its day only: unfinished at the next midnight (UTC), it ends lost.
        { mode: 'solo', secret, hard, deadline: new Date(`${addDays(day, 1)}T00:00:00.000Z`) },
        [{ ...ownerColumnsOf(viewer), dailyDay: day }],
        { skipTakenSides: true },
      );
      if (sideIds.length > 0) return gameId;
      await tx.delete(games).where(eq(games.id, gameId));
      return null;
    });
    if (created !== null) return created;
    const existing = await this.dailyGameOf(viewer, day);
    if (existing === null) throw new Error(`the daily game of ${day} was neither made nor found`);
    return existing;
  }
}
