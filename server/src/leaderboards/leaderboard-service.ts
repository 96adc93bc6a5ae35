import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { PROVISIONAL_DEVIATION } from '@jotto/shared/glicko2';
import type { LeaderboardEntry, LeaderboardResponse } from '@jotto/shared/leaderboard-schemas';
import {
  LEADERBOARD_SIZE,
  LEADERBOARD_TYPES,
  type LeaderboardType,
  leaderboardWindowStart,
} from '@jotto/shared/leaderboard-windows';
import { usernameKey } from '@jotto/shared/account-rules';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { pointAwards } from '../db/game-tables.ts';
import { leaderboardSnapshots } from '../db/snapshot-tables.ts';
import { currentRatingOf, ratingColumns } from '../ratings/rating-model.ts';

/** The cluster-wide lock of a leaderboard refresh (see db/advisory-locks.ts). */
export const LEADERBOARD_LOCK_KEY = ADVISORY_LOCKS.leaderboardRefresh;

/**
 * How often a node asks the database whether another node stored a newer snapshot (one tiny
 * query per period per node). A refresh on the same node is seen at once; one on another node
 * within this long, which is small next to the 5-minute refresh period.
 */
const SNAPSHOT_CHECK_MS = 5_000;

/** Rated players read per query while the rating leaderboard looks for 100 settled ratings. */
const RATING_PAGE = 500;

/** What one call of `refreshLeaderboards` did. */
export type RefreshOutcome =
  /** Computed and stored every snapshot. */
  | 'refreshed'
  /** Another node (or call) holds the lock and is computing right now. */
  | 'locked'
  /** Every snapshot was already younger than `freshForMs`: nothing to do. */
  | 'fresh';

export interface RefreshOptions {
  /**
   * Skip the computation when every stored snapshot is younger than the service's
   * `freshForMs` at `now`. The periodic job sets it; a forced refresh (tests, operators) not.
   */
  onlyIfStale?: boolean;
  /** Wait for the lock instead of giving up when another node holds it. */
  waitForLock?: boolean;
}

/** One leaderboard as this node serves it: the stored snapshot, ready to send. */
interface Board {
  kind: LeaderboardType;
  version: number;
  response: LeaderboardResponse;
}

/**
 * Leaderboards (docs/PRODUCT.md, 'Points and leaderboards'): top 100 users by points earned in a
 * UTC window, computed from `point_awards`, and by rating ('Ratings'), by `refreshLeaderboards`
 * (the periodic job, once per cluster) and stored as one snapshot row per kind. Requests never compute: they are served from
 * the snapshot, cached in memory and revalidated against its `version` every few seconds.
 */
export class LeaderboardService {
  private readonly cache = new Map<LeaderboardType, Board>();
  private checkedAt = 0;
  // Single-flight: concurrent requests share one revalidation and one cold-start computation.
  private syncing: Promise<void> | null = null;
  private coldStart: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    /** A stored snapshot younger than this counts as fresh (a bit under the job's period). */
    private readonly freshForMs: number,
  ) {}

  /**
   * `GET /leaders/:type`: the stored snapshot of one leaderboard. Only on a fresh start, before
   * any snapshot exists, is it computed here: once, under the same lock as the job.
   */
  async getLeaderboard(kind: LeaderboardType): Promise<LeaderboardResponse> {
    if (Date.now() - this.checkedAt >= SNAPSHOT_CHECK_MS || !this.cache.has(kind)) {
      await this.revalidate();
    }
    let board = this.cache.get(kind);
    if (!board) {
      this.coldStart ??= this.computeMissing().finally(() => {
        this.coldStart = null;
      });
      await this.coldStart;
      board = this.cache.get(kind);
    }
    if (!board) throw new Error(`leaderboard snapshot "${kind}" missing after a refresh`);
    return board.response;
  }

  /**
   * Computes the top 100 of every window at `now` and stores the three snapshots (each
   * `version` + 1), all in one transaction that holds the cluster-wide advisory lock.
   *
   * Why a Postgres advisory lock and not a Redis one: the snapshots live in Postgres, and a
   * transaction-level lock is released by the same commit (or rollback, or lost connection)
   * that ends the write, so there is no lease to expire halfway through a slow computation
   * and no second system to keep consistent; Redis is optional (REDIS_URL) while Postgres is
   * always there, and PGlite, single-node, runs the same code. The freshness check inside
   * the lock makes nodes whose timers fire just after another node's commit skip as well:
   * N nodes, one computation per period.
   */
  async refreshLeaderboards(now: Date, options: RefreshOptions = {}): Promise<RefreshOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      if (options.waitForLock) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
      } else {
        const [lock] = await tx
          .select({ acquired: sql<boolean>`pg_try_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})` })
          .from(sql`(SELECT 1) AS lock_probe`);
        if (!lock?.acquired) return { kind: 'locked' as const };
      }
      if (options.onlyIfStale && (await this.storedAreFresh(tx, now))) {
        return { kind: 'fresh' as const };
      }
      const boards: Board[] = [];
      for (const kind of LEADERBOARD_TYPES) {
        const entries =
          kind === 'rating'
            ? await this.topRatings(tx, now)
            : await this.topEntries(tx, leaderboardWindowStart(kind, now));
        const [stored] = await tx
          .insert(leaderboardSnapshots)
          .values({ kind, computedAt: now, entries, version: 1 })
          .onConflictDoUpdate({
            target: leaderboardSnapshots.kind,
            set: {
              computedAt: now,
              entries,
              version: sql`${leaderboardSnapshots.version} + 1`,
            },
          })
          .returning({ kind: leaderboardSnapshots.kind, version: leaderboardSnapshots.version });
        boards.push(boardOf(stored!.kind, stored!.version, now, entries));
      }
      return { kind: 'refreshed' as const, boards };
    });
    if (outcome.kind !== 'refreshed') return outcome.kind;
    // This node serves its own result at once; other nodes pick it up at their next check.
    for (const board of outcome.boards) this.remember(board);
    return 'refreshed';
  }

  /** Reloads the snapshots whose version changed since this node cached them. */
  private revalidate(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const versions = await this.db
          .select({ kind: leaderboardSnapshots.kind, version: leaderboardSnapshots.version })
          .from(leaderboardSnapshots);
        const changed = versions
          .filter((row) => this.cache.get(row.kind)?.version !== row.version)
          .map((row) => row.kind);
        if (changed.length > 0) {
          const rows = await this.db
            .select()
            .from(leaderboardSnapshots)
            .where(inArray(leaderboardSnapshots.kind, changed));
          for (const row of rows) {
            // We wrote it (refreshLeaderboards), so its shape is LeaderboardEntry[].
            const entries = row.entries as LeaderboardEntry[];
            this.remember(boardOf(row.kind, row.version, row.computedAt, entries));
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
   * Fresh start: no snapshot yet. Waits for the lock (another node may be computing the
   * first one this very moment), then computes only if nobody has meanwhile.
   */
  private async computeMissing(): Promise<void> {
    const outcome = await this.refreshLeaderboards(new Date(), {
      onlyIfStale: true,
      waitForLock: true,
    });
    if (outcome !== 'refreshed') {
      this.checkedAt = 0;
      await this.revalidate();
    }
  }

  // The database is the truth: a revalidation that read just before this node's own refresh
  // committed may put the older snapshot back, and the next check (versions differ) fixes it.
  private remember(board: Board): void {
    this.cache.set(board.kind, board);
  }

  private async storedAreFresh(tx: Transaction, now: Date): Promise<boolean> {
    const stored = await tx
      .select({ computedAt: leaderboardSnapshots.computedAt })
      .from(leaderboardSnapshots);
    // A snapshot stamped after `now` (a node whose clock runs ahead) counts as fresh too.
    return (
      stored.length === LEADERBOARD_TYPES.length &&
      stored.every((row) => now.getTime() - row.computedAt.getTime() < this.freshForMs)
    );
  }

  /** Users by points earned since `from` (everything when null); users without a name never. */
  private async topEntries(tx: Transaction, from: Date | null): Promise<LeaderboardEntry[]> {
    const score = sql<number>`cast(sum(${pointAwards.points}) as integer)`;
    const rows = await tx
      .select({ id: users.id, username: users.username, admin: users.admin, score })
      .from(pointAwards)
      .innerJoin(users, eq(users.id, pointAwards.userId))
      .where(and(isNotNull(users.username), from ? gte(pointAwards.awardedAt, from) : undefined))
      .groupBy(users.id)
      .orderBy(desc(score), asc(sql`lower(${users.username})`), asc(users.id))
      .limit(LEADERBOARD_SIZE);
    return rows.map((row) => ({
      id: row.id,
      displayName: row.username!,
      username: usernameKey(row.username!),
      score: Number(row.score),
      admin: row.admin,
    }));
  }

  /**
   * Players by rating at `now` (docs/PRODUCT.md, 'Ratings'), the rounded rating as the score,
   * without provisional ratings (a deviation above 110 as of `now`). A stored deviation only
   * grows with the days since, so one already above 110 is left out by the query; the others
   * are judged by the shared rule, best first, a page at a time, until 100 qualify.
   */
  private async topRatings(tx: Transaction, now: Date): Promise<LeaderboardEntry[]> {
    // Math.round's rounding (half up), so that the order is the order of the scores shown.
    const score = sql<number>`floor(${users.rating} + 0.5)`;
    const entries: LeaderboardEntry[] = [];
    // A rating that changes between two pages could move a player onto the next page as well.
    const seen = new Set<number>();
    for (let offset = 0; entries.length < LEADERBOARD_SIZE; offset += RATING_PAGE) {
      const rows = await tx
        .select({ id: users.id, username: users.username, admin: users.admin, ...ratingColumns })
        .from(users)
        .where(
          and(
            isNotNull(users.username),
            gt(users.ratedGames, 0),
            lte(users.ratingDeviation, PROVISIONAL_DEVIATION),
          ),
        )
        .orderBy(desc(score), asc(sql`lower(${users.username})`), asc(users.id))
        .limit(RATING_PAGE)
        .offset(offset);
      for (const row of rows) {
        if (entries.length === LEADERBOARD_SIZE) break;
        if (seen.has(row.id) || currentRatingOf(row, now).provisional) continue;
        seen.add(row.id);
        entries.push({
          id: row.id,
          displayName: row.username!,
          username: usernameKey(row.username!),
          score: Math.round(row.rating),
          admin: row.admin,
        });
      }
      if (rows.length < RATING_PAGE) break;
    }
    return entries;
  }
}

function boardOf(
  kind: LeaderboardType,
  version: number,
  computedAt: Date,
  entries: LeaderboardEntry[],
): Board {
  return {
    kind,
    version,
    response: { result: 'ok', scores: entries, computedAt: computedAt.toISOString() },
  };
}
