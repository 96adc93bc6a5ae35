import {
  and,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchFoundEvent } from '@jotto/shared/match-schemas';
import {
  bestPartner,
  isSeekAlive,
  pairQueue,
  type QueuedSeek,
  SEEK_EXPIRY_MS,
} from '@jotto/shared/pairing-rules';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { blocksAmong } from '../blocks/block-lookup.ts';
import type { Database, Transaction } from '../db/database.ts';
import { sessions, users } from '../db/account-tables.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import { matchSeeks } from '../db/social-tables.ts';
import type { GameCreation } from '../games/game-creation.ts';
import { KeyedBatcher } from '../lib/keyed-batcher.ts';
import type { Notifier } from '../realtime/notifier.ts';
import type { MatchMetrics } from './match-metrics.ts';
import type { SignedInUser } from '../sessions/route-access.ts';
import { type EndedSession, liveSessionCondition } from '../sessions/session-store.ts';

const QUEUE_LOCK = ADVISORY_LOCKS.matchQueue;
/** The most seeks and cancels one transaction of a node decides. */
const MAX_BATCH = 64;

/** Where a player stands in the queue (the answers of the seek and status routes). */
export type MatchStanding =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'paired'; gameId: number; rated: boolean }
  /** The player left their last game unstarted and it was aborted: they seek again later. */
  | { status: 'cooling down'; retryInMs: number };

/**
 * How long a player whose 'Play now' game was aborted because they did not start waits before
 * seeking again (docs/PRODUCT.md, 'Play now'): leaving a paired game unplayed to seek another
 * opponent is not free.
 */
export const ABORT_COOLDOWN_MS = 60_000;

/** Two players the queue paired into a game: each hears `match:found` after commit. */
interface Pairing {
  gameId: number;
  rated: boolean;
  players: readonly [{ userId: number; username: string }, { userId: number; username: string }];
  /** How long each player had waited (ms), from their seek to this pair. */
  waitedMs: readonly [number, number];
}

/** What a node's batch decides: a seek (from one session), or a cancel. */
type QueueRequest =
  | { kind: 'seek'; userId: number; username: string; sessionHash: string }
  | { kind: 'cancel'; userId: number };

/**
 * A waiting row as the pairing rules see it, with the username its event will carry and the
 * sessions that keep it: those that sought in this wait and are live.
 */
export type WaitingSeek = QueuedSeek & { username: string; liveSessions: string[] };

/**
 * Whose a seek is: the one rule. A seek belongs to the sessions that sought in its wait (their
 * keyed hashes in `match_seeks.session_hashes`) and lives only while one of them is live, so a
 * player's seek never outlives their signing out: a session that ends (logout, a password reset,
 * a sign-in replacing it, expiry) cancels the account's seek, as a cancel would, unless another
 * live session of the account sought too (`sessionsEnded`, told by the session store). Only these
 * sessions keep a waiting seek alive (their polls of the status, their sockets: `MatchQueueJob`),
 * and a seek with none of them live is never paired and is deleted by the next pass, whatever
 * ended them (expiry, which nobody announces, included). The player's other sessions still hear
 * `match:found`, which goes to the account, and may still cancel.
 *
 * Rendered here as SQL: the live sessions among a row's seeking ones.
 */
const isLiveSeekingSession = and(
  sql`${sessions.idHash} = ANY(${matchSeeks.sessionHashes})`,
  liveSessionCondition,
);
/** A row's live seeking sessions (their keyed hashes). */
const liveSeekingSessions = sql<
  string[]
>`ARRAY(SELECT ${sessions.idHash} FROM ${sessions} WHERE ${isLiveSeekingSession})`;
/** Whether a row has a live seeking session: whether its seek lives. */
const hasLiveSeekingSession = sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${isLiveSeekingSession})`;

/**
 * 'Play now' (docs/PRODUCT.md, 'Play now'): the pairing queue in Postgres (`match_seeks`).
 *
 * Every change of the queue (a seek, a cancel, a pairing pass) runs in a transaction that first
 * takes the queue's advisory lock (`ADVISORY_LOCKS.matchQueue`), on whichever node: decisions
 * are made one after the other on what the previous one committed, so a waiting player is taken
 * by one seek only, and two players seeking at the same moment on two nodes pair with each
 * other rather than both waiting. The game of a pair is made in that same transaction, and both
 * rows point to it, so a pairing and its game exist together or not at all. Which pair is made
 * is for the pure rules of `@jotto/shared/pairing-rules` (closest rating within ±100, any rating
 * once either has waited 10 s).
 *
 * One lock for the queue rather than row locks (`FOR UPDATE SKIP LOCKED`): with skipped rows,
 * two seekers that each hold their own row skip each other and both wait, which the next pass
 * would have to repair; and the same code runs on PGlite, whose one connection serialises
 * everything anyway. What one lock costs is that every decision waits for the one before, on
 * any node. So a node never sends more than one transaction to the lock: the seeks and cancels
 * that arrive while its transaction runs wait in a `KeyedBatcher` and are decided together in
 * the next one (read the queue once, decide each in arrival order, write once). Without that, a
 * crowd's seeks each held a pooled connection while queueing for the lock, and every other
 * request of the node (a session lookup, a status poll) waited for a connection: under a crowd
 * the pool, not the lock, was the bottleneck (`bench/pairing.bench.ts`; today's figures in
 * docs/SCALING.md).
 *
 * A waiting seek lives while one of the sessions that sought it is live (the rule at the top of
 * this file) and shows a sign of life: a poll of `GET /match/status`, or a socket of that session
 * connected to some node, which that node's `MatchQueueJob` reports by refreshing `seen_at` every
 * few seconds. Without either for 60 s it has expired: it is never paired, and the next pass
 * deletes it.
 */
export class MatchService {
  private readonly batcher = new KeyedBatcher<QueueRequest, MatchStanding>({
    run: (requests) => this.decide(requests),
    keyOf: (request) => request.userId,
    maxBatchSize: MAX_BATCH,
    maxInFlight: 1,
  });

  constructor(
    private readonly db: Database,
    private readonly games: GameCreation,
    private readonly notifier: Notifier,
    /** The time control of every 'Play now' game (PLAY_NOW_TIME_CONTROL). */
    private readonly timeControl: string,
    private readonly clock: () => Date = () => new Date(),
    /** Told how long paired players waited (/metrics). */
    private readonly metrics: Pick<MatchMetrics, 'paired'> | null = null,
  ) {}

  /**
   * `POST /match/seek`: joins the queue and pairs at once with the best waiting partner, if any.
   * A player already paired gets that game again until they cancel or make a move in it; one
   * still waiting keeps their place (and the time they began waiting, which widens the window),
   * the seeking session joining those that keep it. Answers `idle` when the session ended before
   * its seek was decided (a logout that overtook it).
   */
  async seek(user: SignedInUser): Promise<MatchStanding> {
    return this.batcher.submit({
      kind: 'seek',
      userId: user.userId,
      username: user.username,
      sessionHash: user.sessionHash,
    });
  }

  /**
   * `POST /match/cancel`: leaves the queue, or forgets the game it paired (the game stays).
   * Decided under the queue's lock like a seek, so a cancel lands wholly before a pairing that
   * would take this player, or wholly after it: never a game made for a player whose row is gone.
   */
  async cancel(userId: number): Promise<void> {
    await this.batcher.submit({ kind: 'cancel', userId });
  }

  /**
   * One batch of this node's seeks and cancels, in the order they arrived, in one transaction
   * under the queue's lock: the queue is read once, each request is decided on it as the ones
   * before left it (a seek of the batch may pair with a seek of the same batch), and the rows
   * and games are written at the end.
   */
  private async decide(requests: readonly QueueRequest[]): Promise<MatchStanding[]> {
    const opponent = alias(gamePlayers, 'opponent');
    const outcome = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK})`);
      const now = this.clock();
      const userIds = requests.map((request) => request.userId);
      // Read under the lock, as a session's end deletes seeks under it: a seek decided after a
      // logout sees that session gone, and one decided before is deleted by it.
      const liveSeekers = await liveSessionsAmong(
        tx,
        requests.flatMap((request) => (request.kind === 'seek' ? [request.sessionHash] : [])),
      );
      const players = new Map(
        (
          await tx
            .select({
              userId: users.id,
              rating: users.rating,
              gameId: matchSeeks.gameId,
              seekingSince: matchSeeks.seekingSince,
              seenAt: matchSeeks.seenAt,
              liveSessions: liveSeekingSessions,
              lastOpponentId: matchSeeks.lastOpponentId,
              guessCount: gamePlayers.guessCount,
              status: gamePlayers.status,
              forfeit: gamePlayers.forfeit,
              rated: games.rated,
              aborted: games.aborted,
              settledAt: games.settledAt,
              opponentId: opponent.userId,
            })
            .from(users)
            .leftJoin(matchSeeks, eq(matchSeeks.userId, users.id))
            .leftJoin(
              gamePlayers,
              and(eq(gamePlayers.gameId, matchSeeks.gameId), eq(gamePlayers.userId, users.id)),
            )
            .leftJoin(games, eq(games.id, matchSeeks.gameId))
            .leftJoin(
              opponent,
              and(eq(opponent.gameId, matchSeeks.gameId), ne(opponent.userId, users.id)),
            )
            .where(inArray(users.id, userIds))
        ).map((row) => [row.userId, row]),
      );
      // The others waiting; the batch's own players join as their seeks are decided.
      const waiting = new Map(
        (
          await waitingSeeks(tx, now, notInArray(matchSeeks.userId, userIds), hasLiveSeekingSession)
        ).map((seek) => [seek.userId, seek]),
      );
      const apart = await keptApart(tx, [...new Set([...waiting.keys(), ...userIds])]);
      for (const seek of waiting.values()) seek.keepsAwayFrom = apart.get(seek.userId);
      const rows = new Map<number, typeof matchSeeks.$inferInsert>();
      const cancelled: number[] = [];
      const pairings: Pairing[] = [];
      const answers: MatchStanding[] = [];
      const rowOf = (seek: WaitingSeek, gameId: number | null) => ({
        userId: seek.userId,
        rating: seek.rating,
        seekingSince: new Date(seek.since),
        seenAt: new Date(seek.seenAt),
        gameId,
        pairedAt: gameId === null ? null : now,
        // Written as the live ones: a session that ended leaves the row when it is next written.
        sessionHashes: seek.liveSessions,
        lastOpponentId: seek.lastOpponent ?? null,
      });
      for (const request of requests) {
        const me = players.get(request.userId);
        if (!me) throw new Error(`queue request of unknown user ${request.userId}`);
        if (request.kind === 'cancel') {
          waiting.delete(request.userId);
          cancelled.push(request.userId);
          answers.push({ status: 'idle' });
          continue;
        }
        if (!liveSeekers.has(request.sessionHash)) {
          answers.push({ status: 'idle' });
          continue;
        }
        // Paired before, and no move of mine in that game yet: that game again. (No side of
        // mine: the game is gone, deleted with its rows, so there is none to give.)
        if (
          me.gameId !== null &&
          me.status !== null &&
          !me.aborted &&
          !startedFor({ guessCount: me.guessCount ?? 0, status: me.status })
        ) {
          answers.push({ status: 'paired', gameId: me.gameId, rated: me.rated ?? false });
          continue;
        }
        // That game was aborted because I did not start it: not another one at once.
        const cooldownEnds =
          me.aborted && me.guessCount === 0 && !me.forfeit && me.settledAt !== null
            ? me.settledAt.getTime() + ABORT_COOLDOWN_MS
            : 0;
        if (cooldownEnds > now.getTime()) {
          answers.push({ status: 'cooling down', retryInMs: cooldownEnds - now.getTime() });
          continue;
        }
        // Still waiting and alive (seen lately, by a live session of its own): the wait goes on
        // from when it began, this session one more of its own. Otherwise a new wait.
        const stillWaiting =
          me.gameId === null &&
          me.seekingSince !== null &&
          me.seenAt !== null &&
          me.liveSessions.length > 0 &&
          isSeekAlive({ seenAt: me.seenAt.getTime() }, now.getTime());
        const seeker: WaitingSeek = {
          userId: request.userId,
          username: request.username,
          rating: me.rating,
          since: (stillWaiting ? me.seekingSince! : now).getTime(),
          seenAt: now.getTime(),
          liveSessions: stillWaiting
            ? [...new Set([...me.liveSessions, request.sessionHash])]
            : [request.sessionHash],
          // The opponent of the game the row points to, else whom the row remembers.
          lastOpponent: me.gameId !== null ? me.opponentId : me.lastOpponentId,
          keepsAwayFrom: apart.get(request.userId),
        };
        const partner = bestPartner(seeker, [...waiting.values()], now.getTime());
        if (!partner) {
          waiting.set(seeker.userId, seeker);
          rows.set(seeker.userId, rowOf(seeker, null));
          answers.push({ status: 'waiting' });
          continue;
        }
        waiting.delete(partner.userId);
        const { gameId, rated } = await this.games.createVersusGame(
          [partner.userId, seeker.userId],
          tx,
          { rated: true, timeControl: this.timeControl },
        );
        rows.set(partner.userId, rowOf(partner, gameId));
        rows.set(seeker.userId, rowOf(seeker, gameId));
        pairings.push({
          gameId,
          rated,
          players: [
            { userId: partner.userId, username: partner.username },
            { userId: seeker.userId, username: seeker.username },
          ],
          waitedMs: [now.getTime() - partner.since, now.getTime() - seeker.since],
        });
        answers.push({ status: 'paired', gameId, rated });
      }
      if (cancelled.length > 0) {
        await tx.delete(matchSeeks).where(inArray(matchSeeks.userId, cancelled));
      }
      if (rows.size > 0) {
        await tx
          .insert(matchSeeks)
          .values([...rows.values()])
          .onConflictDoUpdate({
            target: matchSeeks.userId,
            set: {
              rating: sql`excluded.rating`,
              seekingSince: sql`excluded.seeking_since`,
              seenAt: sql`excluded.seen_at`,
              gameId: sql`excluded.game_id`,
              pairedAt: sql`excluded.paired_at`,
              sessionHashes: sql`excluded.session_hashes`,
              lastOpponentId: sql`excluded.last_opponent_id`,
            },
          });
      }
      return { answers, pairings };
    });
    this.announce(outcome.pairings);
    return outcome.answers;
  }

  /**
   * `GET /match/status`: waiting, paired with the game, or idle. Asked by a session that sought
   * in this wait, a waiting seek is alive until 60 s from now (the poll is a sign of life); the
   * account's other sessions learn where it stands without keeping it alive. The common answer
   * while waiting is one statement and takes no lock: a pairing that holds this row makes the
   * update wait for its commit and then find the row paired.
   */
  async status(
    user: Pick<SignedInUser, 'userId' | 'sessionHash'>,
  ): Promise<Exclude<MatchStanding, { status: 'cooling down' }>> {
    const now = this.clock();
    const touched = await this.db
      .update(matchSeeks)
      .set({ seenAt: now })
      .where(
        and(
          eq(matchSeeks.userId, user.userId),
          isNull(matchSeeks.gameId),
          gt(matchSeeks.seenAt, expiryCutoff(now)),
          // The asking session is live (the route checked it): it is one that keeps the seek.
          sql`${user.sessionHash} = ANY(${matchSeeks.sessionHashes})`,
        ),
      )
      .returning({ userId: matchSeeks.userId });
    if (touched.length > 0) return { status: 'waiting' };
    const [row] = await this.db
      .select({
        gameId: matchSeeks.gameId,
        seenAt: matchSeeks.seenAt,
        kept: sql<boolean>`${hasLiveSeekingSession}`,
        guessCount: gamePlayers.guessCount,
        status: gamePlayers.status,
        rated: games.rated,
        aborted: games.aborted,
      })
      .from(matchSeeks)
      .leftJoin(
        gamePlayers,
        and(eq(gamePlayers.gameId, matchSeeks.gameId), eq(gamePlayers.userId, matchSeeks.userId)),
      )
      .leftJoin(games, eq(games.id, matchSeeks.gameId))
      .where(eq(matchSeeks.userId, user.userId));
    if (!row) return { status: 'idle' };
    if (row.gameId === null) {
      const alive = row.kept && isSeekAlive({ seenAt: row.seenAt.getTime() }, now.getTime());
      return alive ? { status: 'waiting' } : { status: 'idle' };
    }
    if (
      row.status !== null &&
      row.aborted === false &&
      !startedFor({ guessCount: row.guessCount ?? 0, status: row.status })
    ) {
      return { status: 'paired', gameId: row.gameId, rated: row.rated ?? false };
    }
    return { status: 'idle' };
  }

  /**
   * The waiting seeks as they stand (no lock), those left with no live session included: for a
   * node's job to see whether there is anything to keep alive, to pair or to delete before it
   * takes the lock.
   */
  async waiting(): Promise<WaitingSeek[]> {
    return waitingSeeks(this.db, null);
  }

  /**
   * Keeps these players' waiting seeks alive: a node holds a connected socket of a live session
   * that sought, for each.
   */
  async refreshSeen(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .update(matchSeeks)
      .set({ seenAt: this.clock() })
      .where(and(inArray(matchSeeks.userId, [...userIds]), isNull(matchSeeks.gameId)));
  }

  /**
   * After sessions ended (told by the session store, their rows gone): each of their accounts'
   * seeks, waiting or paired, is cancelled unless a live session of the account sought in it too
   * (the rule at the top of this file). Under the queue's lock, like a cancel, so that a seek
   * being decided lands wholly before (and goes) or wholly after (and sees its session gone).
   */
  async sessionsEnded(ended: readonly EndedSession[]): Promise<void> {
    const userIds = [...new Set(ended.flatMap((end) => (end.userId === null ? [] : [end.userId])))];
    if (userIds.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK})`);
      await tx.delete(matchSeeks).where(
        and(
          // One array parameter: the purge may end the sessions of many accounts at once.
          sql`${matchSeeks.userId} = ANY(${sql.param(userIds)}::int[])`,
          not(hasLiveSeekingSession),
        ),
      );
    });
  }

  /**
   * One pairing pass over the whole queue: deletes the expired seeks and those left with no live
   * session, then pairs what the rules now allow (a window that widened with time). Only tries
   * the lock: when a seek or another node's pass holds it, this pass is skipped ('locked'); the
   * next one comes within a second. Answers how many pairs it made.
   */
  async pairWaiting(): Promise<number | 'locked'> {
    const outcome = await this.db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ acquired: sql<boolean>`pg_try_advisory_xact_lock(${QUEUE_LOCK})` })
        .from(sql`(SELECT 1) AS lock_probe`);
      if (!lock?.acquired) return 'locked' as const;
      const now = this.clock();
      await tx
        .delete(matchSeeks)
        .where(
          and(
            isNull(matchSeeks.gameId),
            or(lte(matchSeeks.seenAt, expiryCutoff(now)), not(hasLiveSeekingSession)),
          ),
        );
      const seeks = await waitingSeeks(tx, now, hasLiveSeekingSession);
      const apart = await keptApart(
        tx,
        seeks.map((seek) => seek.userId),
      );
      for (const seek of seeks) seek.keepsAwayFrom = apart.get(seek.userId);
      const pairings: Pairing[] = [];
      for (const [first, second] of pairQueue(seeks, now.getTime())) {
        const { gameId, rated } = await this.games.createVersusGame(
          [first.userId, second.userId],
          tx,
          { rated: true, timeControl: this.timeControl },
        );
        await tx
          .update(matchSeeks)
          .set({ gameId, pairedAt: now })
          .where(inArray(matchSeeks.userId, [first.userId, second.userId]));
        pairings.push({
          gameId,
          rated,
          players: [
            { userId: first.userId, username: first.username },
            { userId: second.userId, username: second.username },
          ],
          waitedMs: [now.getTime() - first.since, now.getTime() - second.since],
        });
      }
      return pairings;
    });
    if (outcome === 'locked') return outcome;
    this.announce(outcome);
    return outcome.length;
  }

  /** After commit: each player of each pair hears of the game and the opponent, on every tab. */
  private announce(pairings: readonly Pairing[]): void {
    for (const { gameId, rated, players, waitedMs } of pairings) {
      this.metrics?.paired(waitedMs.map((ms) => ms / 1000));
      const [a, b] = players;
      this.notifier.notify(a.userId, 'match:found', {
        gameId,
        opponent: b.username,
        rated,
      } satisfies MatchFoundEvent);
      this.notifier.notify(b.userId, 'match:found', { gameId, opponent: a.username, rated });
    }
  }
}

/** Seen at or before this, a waiting seek has expired. */
function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - SEEK_EXPIRY_MS);
}

/**
 * The waiting seeks alive at `now` (every waiting row when `now` is null), with their players'
 * usernames and live seeking sessions, oldest first.
 */
async function waitingSeeks(
  executor: Database | Transaction,
  now: Date | null,
  ...conditions: SQL[]
): Promise<WaitingSeek[]> {
  const rows = await executor
    .select({
      userId: matchSeeks.userId,
      rating: matchSeeks.rating,
      seekingSince: matchSeeks.seekingSince,
      seenAt: matchSeeks.seenAt,
      liveSessions: liveSeekingSessions,
      lastOpponentId: matchSeeks.lastOpponentId,
      username: users.username,
    })
    .from(matchSeeks)
    .innerJoin(users, eq(users.id, matchSeeks.userId))
    .where(
      and(
        isNull(matchSeeks.gameId),
        ...(now ? [gt(matchSeeks.seenAt, expiryCutoff(now))] : []),
        ...conditions,
      ),
    )
    .orderBy(matchSeeks.seekingSince);
  return rows.map((row) => ({
    userId: row.userId,
    rating: row.rating,
    since: row.seekingSince.getTime(),
    seenAt: row.seenAt.getTime(),
    lastOpponent: row.lastOpponentId,
    username: row.username ?? '',
    liveSessions: row.liveSessions,
  }));
}

/**
 * For each player of a queue, those a block keeps them away from (docs/PRODUCT.md, 'Blocks'),
 * both ways. Why this keeps pairing cheap: one statement per pass (not one per candidate pair),
 * reading only the primary-key ranges of the queue's own players in `user_blocks` and keeping
 * the rows whose other end waits too, which are few; the pure rules then test a set per pair.
 */
async function keptApart(
  tx: Transaction,
  userIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const apart = new Map<number, Set<number>>();
  const add = (from: number, to: number) => {
    const set = apart.get(from) ?? new Set<number>();
    set.add(to);
    apart.set(from, set);
  };
  for (const [blockerId, blockedId] of await blocksAmong(tx, userIds)) {
    add(blockerId, blockedId);
    add(blockedId, blockerId);
  }
  return apart;
}

/** The live sessions among these keyed hashes (read in the caller's transaction). */
async function liveSessionsAmong(
  tx: Transaction,
  sessionHashes: readonly string[],
): Promise<Set<string>> {
  if (sessionHashes.length === 0) return new Set();
  const rows = await tx
    .select({ sessionHash: sessions.idHash })
    .from(sessions)
    .where(and(inArray(sessions.idHash, [...sessionHashes]), liveSessionCondition));
  return new Set(rows.map((row) => row.sessionHash));
}

/** Whether the player has moved in the game (a guess, or giving up): it has started for them. */
function startedFor(side: { guessCount: number; status: string }): boolean {
  return side.guessCount > 0 || side.status !== 'playing';
}
