import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import { dailyDayOf } from '@jotto/shared/daily-rules';
import type { DailyLeaderEntry, DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import { LEADERBOARD_SIZE } from '@jotto/shared/leaderboard-windows';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers } from '../db/game-tables.ts';
import { dailyLeaderSnapshots } from '../db/snapshot-tables.ts';
import type { RefreshOptions, RefreshOutcome } from '../leaderboards/leaderboard-service.ts';
import type { Clock } from './daily-service.ts';

/** The daily leaders served are never older than this: they are refreshed every minute. */
export const DAILY_LEADERS_MAX_AGE_MS = 60_000;
/**
 * How often every node's timer asks for a refresh. A snapshot counts as fresh for the rest of
 * the minute, so whatever the timers' phases (and a snapshot made between two ticks by the
 * first request of a day) the one served is at most a minute old.
 */
export const DAILY_LEADERS_TICK_MS = 15_000;
/** A stored snapshot younger than this is not recomputed (see DAILY_LEADERS_TICK_MS). */
export const DAILY_LEADERS_FRESH_MS = DAILY_LEADERS_MAX_AGE_MS - DAILY_LEADERS_TICK_MS;

/** How often a node asks whether another node stored a newer snapshot of the day. */
const SNAPSHOT_CHECK_MS = 5_000;

/** The day's leaders as this node serves them: the stored snapshot, ready to send. */
interface Board {
  day: string;
  version: number;
  response: DailyLeadersResponse;
}

/**
 * Today's Daily Jotto leaders (docs/PRODUCT.md, 'Daily Jotto'): the day's solvers among
 * signed-in players, fewest guesses first, then the earliest solve, top 100. The same pattern
 * as the leaderboards (`LeaderboardService`): computed by a periodic job under a cluster-wide
 * advisory lock with a freshness check, so the cluster computes once per period however many
 * nodes run the timer; stored as one snapshot row per day; served from the stored snapshot,
 * cached in memory and revalidated against its `version` every few seconds. Only the first
 * request of a day, before any snapshot of it exists, computes (once, under the same lock).
 */
export class DailyLeadersService {
  private board: Board | null = null;
  private checkedAt = 0;
  // Single-flight: concurrent requests share one revalidation and one cold-start computation.
  private syncing: Promise<void> | null = null;
  private coldStart: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** A stored snapshot younger than this counts as fresh (a bit under the job's period). */
    private readonly freshForMs: number,
  ) {}

  /** `GET /daily/leaders`: the stored snapshot of today's leaders. */
  async getLeaders(): Promise<DailyLeadersResponse> {
    const day = dailyDayOf(this.clock());
    if (this.board?.day !== day || Date.now() - this.checkedAt >= SNAPSHOT_CHECK_MS) {
      await this.revalidate(day);
    }
    if (this.board?.day !== day) {
      this.coldStart ??= this.computeMissing().finally(() => {
        this.coldStart = null;
      });
      await this.coldStart;
    }
    const board = this.board;
    if (board?.day !== day) throw new Error(`daily leaders of ${day} missing after a refresh`);
    return board.response;
  }

  /**
   * Computes the leaders of the day of `now` and stores them (`version` + 1) in one
   * transaction holding the cluster-wide advisory lock; with `onlyIfStale`, skips when the
   * stored snapshot of that day is younger than `freshForMs`. The name and outcomes are the
   * leaderboards', so the same periodic job runs both.
   */
  async refreshLeaderboards(now: Date, options: RefreshOptions = {}): Promise<RefreshOutcome> {
    const day = dailyDayOf(now);
    const outcome = await this.db.transaction(async (tx) => {
      const key = ADVISORY_LOCKS.dailyLeadersRefresh;
      if (options.waitForLock) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
      } else {
        const [lock] = await tx
          .select({ acquired: sql<boolean>`pg_try_advisory_xact_lock(${key})` })
          .from(sql`(SELECT 1) AS lock_probe`);
        if (!lock?.acquired) return { kind: 'locked' as const };
      }
      if (options.onlyIfStale && (await this.storedIsFresh(tx, day, now))) {
        return { kind: 'fresh' as const };
      }
      const entries = await this.topSolvers(tx, day);
      const [stored] = await tx
        .insert(dailyLeaderSnapshots)
        .values({ day, computedAt: now, entries, version: 1 })
        .onConflictDoUpdate({
          target: dailyLeaderSnapshots.day,
          set: { computedAt: now, entries, version: sql`${dailyLeaderSnapshots.version} + 1` },
        })
        .returning({ version: dailyLeaderSnapshots.version });
      return { kind: 'refreshed' as const, board: boardOf(day, stored!.version, now, entries) };
    });
    if (outcome.kind !== 'refreshed') return outcome.kind;
    // This node serves its own result at once; other nodes pick it up at their next check.
    if (outcome.board.day === dailyDayOf(this.clock())) this.board = outcome.board;
    return 'refreshed';
  }

  /** Reloads the day's snapshot when its version differs from the one this node has. */
  private revalidate(day: string): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const [row] = await this.db
          .select({ version: dailyLeaderSnapshots.version })
          .from(dailyLeaderSnapshots)
          .where(eq(dailyLeaderSnapshots.day, day));
        if (row && (this.board?.day !== day || this.board.version !== row.version)) {
          const [stored] = await this.db
            .select()
            .from(dailyLeaderSnapshots)
            .where(eq(dailyLeaderSnapshots.day, day));
          // We wrote it (refreshLeaderboards), so its shape is DailyLeaderEntry[].
          if (stored) {
            const entries = stored.entries as DailyLeaderEntry[];
            this.board = boardOf(day, stored.version, stored.computedAt, entries);
          }
        }
        this.checkedAt = Date.now();
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /**
   * A new day (or a brand-new database): no snapshot of today yet. Waits for the lock (another
   * node may be computing it this very moment), then computes only if nobody has meanwhile.
   */
  private async computeMissing(): Promise<void> {
    const now = this.clock();
    const outcome = await this.refreshLeaderboards(now, { onlyIfStale: true, waitForLock: true });
    if (outcome !== 'refreshed') {
      this.checkedAt = 0;
      await this.revalidate(dailyDayOf(now));
    }
  }

  private async storedIsFresh(tx: Transaction, day: string, now: Date): Promise<boolean> {
    const [stored] = await tx
      .select({ computedAt: dailyLeaderSnapshots.computedAt })
      .from(dailyLeaderSnapshots)
      .where(eq(dailyLeaderSnapshots.day, day));
    // A snapshot stamped after `now` (a node whose clock runs ahead) counts as fresh too.
    return stored !== undefined && now.getTime() - stored.computedAt.getTime() < this.freshForMs;
  }

  /** The day's solvers among users with a name: fewest guesses, then the earliest solve. */
  private async topSolvers(tx: Transaction, day: string): Promise<DailyLeaderEntry[]> {
    const rows = await tx
      .select({
        username: users.username,
        guesses: gamePlayers.guessCount,
        score: gamePlayers.score,
        finishedAt: gamePlayers.finishedAt,
      })
      .from(gamePlayers)
      .innerJoin(users, eq(users.id, gamePlayers.userId))
      .where(
        and(
          eq(gamePlayers.dailyDay, day),
          eq(gamePlayers.status, 'won'),
          isNotNull(users.username),
        ),
      )
      .orderBy(asc(gamePlayers.guessCount), asc(gamePlayers.finishedAt), asc(gamePlayers.id))
      .limit(LEADERBOARD_SIZE);
    return rows.map((row) => ({
      username: usernameKey(row.username!),
      displayName: row.username!,
      guesses: row.guesses,
      score: row.score,
      // A solved game always has its finishing time; the epoch only keeps the type total.
      finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
    }));
  }
}

function boardOf(
  day: string,
  version: number,
  computedAt: Date,
  entries: DailyLeaderEntry[],
): Board {
  return {
    day,
    version,
    response: { result: 'ok', day, entries, computedAt: computedAt.toISOString() },
  };
}
