import { and, between, eq, isNotNull } from 'drizzle-orm';
import {
  addDays,
  ARCHIVE_MESSAGES,
  archiveDayProblem,
  archivePageDays,
  archiveTally,
  dailyDayOf,
  dailyNumberOf,
  type DailyOutcome,
  type DailyRecord,
  dailyStats,
  isCalendarDay,
} from '@jotto/shared/daily-rules';
import type {
  DailyArchiveGameResponse,
  DailyArchiveResponse,
  DailyGameResponse,
  DailyLeadersResponse,
  DailyStatsResponse,
} from '@jotto/shared/daily-schemas';
import { badRequest } from '../errors.ts';
import { lockAccountDaily } from '../db/account-daily-lock.ts';
import type { Database } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import { insertGame } from '../games/game-creation.ts';
import { ownedBy, ownerColumnsOf } from '../games/game-ownership.ts';
import type { Viewer } from '../sessions/viewer.ts';
import type { DailyWordDraw } from './daily-word.ts';
import { friendsDailyLeaders } from './friends-daily-leaders.ts';

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
      (await this.dailyGameOf(viewer, day))?.gameId ??
      (await this.createDailyGame(viewer, day, { archive: false, hard: await hard() })).gameId;
    return { result: 'ok', gameId, day, number: dailyNumberOf(day) };
  }

  /** `GET /daily/leaders?scope=friends`: today's solvers among the user and their friends. */
  friendsLeaders(userId: number): Promise<DailyLeadersResponse> {
    const now = this.clock();
    return friendsDailyLeaders(this.db, userId, dailyDayOf(now), now);
  }

  /**
   * `GET /daily/archive`: one page of past days, newest first (docs/PRODUCT.md, 'Archive'),
   * each with how the viewer stands with it; a visitor without a session has played none.
   * Today is never listed, so nothing here is about today's word.
   */
  async archive(viewer: Viewer | null, before?: string): Promise<DailyArchiveResponse> {
    if (before !== undefined && !isCalendarDay(before)) {
      throw badRequest(`before: ${ARCHIVE_MESSAGES.noSuchDay} (${before})`);
    }
    const days = archivePageDays(this.today(), before);
    const newest = days[0];
    const oldest = days[days.length - 1];
    const rows =
      viewer && newest !== undefined && oldest !== undefined
        ? await this.db
            .select({
              day: gamePlayers.dailyDay,
              status: gamePlayers.status,
              guesses: gamePlayers.guessCount,
            })
            .from(gamePlayers)
            .where(and(ownedBy(viewer), between(gamePlayers.dailyDay, oldest, newest)))
        : [];
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return {
      result: 'ok',
      days: days.map((day) => {
        const game = byDay.get(day);
        return {
          day,
          number: dailyNumberOf(day),
          played: game !== undefined && game.status !== 'playing',
          solved: game?.status === 'won',
          guesses: game?.guesses ?? 0,
        };
      }),
    };
  }

  /** Refuses (400) a day that cannot be played from the archive today (`archiveDayProblem`). */
  checkArchiveDay(day: string): void {
    const problem = archiveDayProblem(day, this.today());
    if (problem !== null) throw badRequest(problem);
  }

  /**
   * `GET /daily/:day`: the viewer's game of a past day. Their game of that day when they have
   * one (played on the day: `archive` false), else a new archive game on the day's word, made
   * once however many first calls come at once (see `createDailyGame`). `hard` as for
   * `todaysGame`: archive games follow the hard-mode setting too.
   */
  async archiveGame(
    viewer: Viewer,
    day: string,
    hard: () => Promise<boolean> = async () => false,
  ): Promise<DailyArchiveGameResponse> {
    this.checkArchiveDay(day);
    const game =
      (await this.dailyGameOf(viewer, day)) ??
      (await this.createDailyGame(viewer, day, { archive: true, hard: await hard() }));
    return { result: 'ok', ...game, day, number: dailyNumberOf(day) };
  }

  /** `GET /daily/stats`: a signed-in player's dailies played and solved, streaks, guesses. */
  async stats(userId: number): Promise<DailyStatsResponse> {
    const rows = await dailyRowsOf(this.db, userId);
    const archived = rows.filter((row) => row.archive).map((row) => row.outcome);
    return {
      result: 'ok',
      ...dailyStats(recordsOf(rows), this.today()),
      ...archiveTally(archived),
    };
  }

  private async dailyGameOf(
    viewer: Viewer,
    day: string,
  ): Promise<{ gameId: number; archive: boolean } | null> {
    const [row] = await this.db
      .select({ gameId: gamePlayers.gameId, archive: gamePlayers.archive })
      .from(gamePlayers)
      .where(and(ownedBy(viewer), eq(gamePlayers.dailyDay, day)))
      .limit(1);
    return row ?? null;
  }

  /**
   * A new solo game on the day's word for the viewer: today's, or a past day's from the archive.
   * When another request made the viewer's game of the day first, the player row's insert finds
   * it (Postgres waits for that transaction to commit) and does nothing; the game row made here
   * is then removed, and the other request's game is the answer.
   */
  private async createDailyGame(
    viewer: Viewer,
    day: string,
    { archive, hard }: { archive: boolean; hard: boolean },
  ): Promise<{ gameId: number; archive: boolean }> {
    const secret = this.draw.secretOf(day);
    const created = await this.db.transaction(async (tx) => {
      if (viewer.kind === 'user') await lockAccountDaily(tx, viewer.userId);
      const { gameId, sideIds } = await insertGame(
        tx,
        // Today's is played on its day only: unfinished at the next midnight (UTC), it ends
        // lost. An archive game's day is over already: it has no deadline.
        archive
          ? { mode: 'solo', secret, hard }
          : {
              mode: 'solo',
              secret,
              hard,
              deadline: new Date(`${addDays(day, 1)}T00:00:00.000Z`),
            },
        [{ ...ownerColumnsOf(viewer), dailyDay: day, archive }],
        { skipTakenSides: true },
      );
      if (sideIds.length > 0) return gameId;
      await tx.delete(games).where(eq(games.id, gameId));
      return null;
    });
    if (created !== null) return { gameId: created, archive };
    const existing = await this.dailyGameOf(viewer, day);
    if (existing === null) throw new Error(`the daily game of ${day} was neither made nor found`);
    return existing;
  }
}

/** An account's game of a day: played on the day, or later from the archive. */
interface DailyRow extends DailyRecord {
  archive: boolean;
}

async function dailyRowsOf(db: Database, userId: number): Promise<DailyRow[]> {
  const rows = await db
    .select({
      day: gamePlayers.dailyDay,
      status: gamePlayers.status,
      guesses: gamePlayers.guessCount,
      archive: gamePlayers.archive,
    })
    .from(gamePlayers)
    .where(and(eq(gamePlayers.userId, userId), isNotNull(gamePlayers.dailyDay)));
  return rows.map((row) => ({
    day: row.day!,
    outcome: OUTCOME_OF_STATUS[row.status],
    guesses: row.guesses,
    archive: row.archive,
  }));
}

/** The dailies played on their day: archive games never count for streaks (docs/PRODUCT.md, 'Archive'). */
function recordsOf(rows: readonly DailyRow[]): DailyRecord[] {
  return rows
    .filter((row) => !row.archive)
    .map(({ day, outcome, guesses }) => ({ day, outcome, guesses }));
}

/** Every daily of an account played on its day, as the stats, the streaks and the streak reminder count them. */
export async function dailyRecordsOf(db: Database, userId: number): Promise<DailyRecord[]> {
  return recordsOf(await dailyRowsOf(db, userId));
}
