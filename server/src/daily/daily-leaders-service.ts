import { eq, sql } from 'drizzle-orm';
import { dailyDayOf } from '@jotto/shared/daily-rules';
import type { DailyLeaderEntry, DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import type { InvalidationPublisher, InvalidationSource } from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { dailyLeaderSnapshots } from '../db/snapshot-tables.ts';
import type { RefreshOptions, RefreshOutcome } from '../leaderboards/leaderboard-service.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './daily-service.ts';
import { daySolvers } from './daily-leader-entry.ts';

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
/** Checks and computations one request waits for at most (see `getLeaders`). */
const MAX_ROUNDS = 3;
/** Every day's topic starts with this (see `changeTopics.dailyLeaders`). */
const DAILY_LEADERS_TOPIC = changeTopics.dailyLeaders('');

/** The day's leaders as this node serves them: the stored snapshot, ready to send. */
interface Board {
  day: string;
  version: number;
  response: DailyLeadersResponse;
}

/** The stored snapshot's row as the freshness checks read it. */
interface StoredMark {
  computedAt: Date;
  solves: number;
  solvesCounted: number;
}

/**
 * Today's Daily Jotto leaders (docs/PRODUCT.md, 'Daily Jotto'): the day's solvers among
 * signed-in players, fewest guesses first, then the earliest solve, top 100. The same pattern
 * as the leaderboards (`LeaderboardService`): computed by a periodic job under a cluster-wide
 * advisory lock with a freshness check, so the cluster computes once per period however many
 * nodes run the timer; stored as one snapshot row per day; served from the stored snapshot,
 * cached in memory and revalidated against its `version` every few seconds.
 *
 * A solve must be on the board at once, though, and the timer alone would leave it off for up
 * to a minute. So each solve, once committed, bumps the day's `solves` (`solved`) and is
 * announced to every node on the invalidation channel, before the solver's answer goes out; a
 * snapshot whose `solvesCounted` is behind `solves` is outdated, and the next request for it, on
 * any node, recomputes it under the same lock (concurrent requests share one computation, and a
 * node that waited for the lock uses what the other stored). Nothing runs while nobody solves
 * or asks: an idle cluster does no more than the minute's job. Without the announcement (Redis
 * away), a node finds the bump at its next check, a few seconds later. The first request of a
 * day, before any snapshot of it exists, computes the same way.
 */
export class DailyLeadersService {
  private board: Board | null = null;
  private checkedAt = 0;
  // Single-flight: concurrent requests share one revalidation and one computation.
  private syncing: Promise<void> | null = null;
  private computing: Promise<void> | null = null;
  /** The stored snapshot of `board.day` leaves out a solve (see `solved`). */
  private outdated = false;
  /** Bumped on every announced solve (see `solved`) heard by this node. */
  private solvesHeard = 0;
  /** `solvesHeard` when the last check or computation of the board began. */
  private checkedHeard = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** A stored snapshot younger than this counts as fresh (a bit under the job's period). */
    private readonly freshForMs: number,
    private readonly invalidations: InvalidationSource & InvalidationPublisher,
    private readonly log: FastifyBaseLogger,
  ) {
    invalidations.subscribe((topics) => {
      if (topics === 'all' || topics.some((topic) => topic.startsWith(DAILY_LEADERS_TOPIC))) {
        this.solvesHeard += 1;
      }
    });
  }

  /**
   * A player solved the daily of `day`; called after the solve committed, before the solver is
   * answered. Marks the day's snapshot outdated in the database (making a placeholder row when
   * the day has none yet, so that a computation running right now cannot miss it) and tells
   * every node. Never throws: a failure leaves the solve to the minute's refresh.
   */
  async solved(day: string): Promise<void> {
    try {
      await this.db
        .insert(dailyLeaderSnapshots)
        // An epoch placeholder: outdated (solves above solvesCounted) and stale by age too.
        .values({ day, computedAt: new Date(0), entries: [], version: 0, solves: 1 })
        .onConflictDoUpdate({
          target: dailyLeaderSnapshots.day,
          set: { solves: sql`${dailyLeaderSnapshots.solves} + 1` },
        });
      await this.invalidations.publish([changeTopics.dailyLeaders(day)]);
    } catch (err) {
      this.log.warn({ err, day }, 'daily solve not marked: the leaders catch up within a minute');
    }
  }

  /** `GET /daily/leaders`: the stored snapshot of today's leaders. */
  async getLeaders(): Promise<DailyLeadersResponse> {
    const day = dailyDayOf(this.clock());
    // Every solve announced before this request must be in the answer. A check or computation
    // already running may have begun before one of them: then another round follows, which
    // begins after it. A few rounds at most, so that a stream of solves cannot hold it forever.
    const heard = this.solvesHeard;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const checked =
        this.board?.day === day &&
        this.checkedHeard >= heard &&
        Date.now() - this.checkedAt < SNAPSHOT_CHECK_MS;
      if (!checked) await this.revalidate(day);
      if (this.board?.day === day && !this.outdated) {
        if (this.checkedHeard >= heard) break;
        continue;
      }
      this.computing ??= this.computeMissing().finally(() => {
        this.computing = null;
      });
      try {
        await this.computing;
      } catch (err) {
        // An outdated snapshot is still better than none while the database fails.
        if (this.board?.day !== day) throw err;
        this.log.warn({ err }, 'daily leaders not recomputed: serving the stored ones');
        break;
      }
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
      // Read before the solvers: a solve committed after this read is bumped after it too, so
      // it is either in `entries` or leaves the snapshot outdated, never lost.
      const mark = await this.storedMark(tx, day);
      if (options.onlyIfStale && mark && this.isFresh(mark, now)) {
        return { kind: 'fresh' as const };
      }
      const solvesCounted = mark?.solves ?? 0;
      const entries = await daySolvers(tx, day);
      const [stored] = await tx
        .insert(dailyLeaderSnapshots)
        .values({ day, computedAt: now, entries, version: 1, solvesCounted })
        .onConflictDoUpdate({
          target: dailyLeaderSnapshots.day,
          set: {
            computedAt: now,
            entries,
            version: sql`${dailyLeaderSnapshots.version} + 1`,
            solvesCounted,
          },
        })
        .returning({
          version: dailyLeaderSnapshots.version,
          solves: dailyLeaderSnapshots.solves,
        });
      return {
        kind: 'refreshed' as const,
        board: boardOf(day, stored!.version, now, entries),
        outdated: stored!.solves > solvesCounted,
      };
    });
    if (outcome.kind !== 'refreshed') return outcome.kind;
    // This node serves its own result at once; other nodes pick it up at their next check.
    if (outcome.board.day === dailyDayOf(this.clock())) {
      this.board = outcome.board;
      this.outdated = outcome.outdated;
    }
    return 'refreshed';
  }

  /**
   * Reloads the day's snapshot when its version differs from the one this node has, and notes
   * whether it leaves out a solve.
   */
  private revalidate(day: string): Promise<void> {
    this.syncing ??= (async () => {
      const heard = this.solvesHeard;
      try {
        const [row] = await this.db
          .select({
            version: dailyLeaderSnapshots.version,
            solves: dailyLeaderSnapshots.solves,
            solvesCounted: dailyLeaderSnapshots.solvesCounted,
          })
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
        if (row && this.board?.day === day) this.outdated = row.solves > row.solvesCounted;
        this.checkedAt = Date.now();
        this.checkedHeard = Math.max(this.checkedHeard, heard);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /**
   * A new day (or a brand-new database): no snapshot of today yet; or the snapshot leaves out a
   * solve. Waits for the lock (another node may be computing it this very moment), then
   * computes only if nobody has meanwhile.
   */
  private async computeMissing(): Promise<void> {
    const now = this.clock();
    const heard = this.solvesHeard;
    const outcome = await this.refreshLeaderboards(now, { onlyIfStale: true, waitForLock: true });
    if (outcome !== 'refreshed') {
      this.checkedAt = 0;
      await this.revalidate(dailyDayOf(now));
    }
    this.checkedHeard = Math.max(this.checkedHeard, heard);
  }

  private async storedMark(tx: Transaction, day: string): Promise<StoredMark | undefined> {
    const [stored] = await tx
      .select({
        computedAt: dailyLeaderSnapshots.computedAt,
        solves: dailyLeaderSnapshots.solves,
        solvesCounted: dailyLeaderSnapshots.solvesCounted,
      })
      .from(dailyLeaderSnapshots)
      .where(eq(dailyLeaderSnapshots.day, day));
    return stored;
  }

  /** Young enough and leaving no solve out. */
  private isFresh(mark: StoredMark, now: Date): boolean {
    // A snapshot stamped after `now` (a node whose clock runs ahead) counts as fresh too.
    const young = now.getTime() - mark.computedAt.getTime() < this.freshForMs;
    return young && mark.solves <= mark.solvesCounted;
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
