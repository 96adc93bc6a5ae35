import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import type { BlockedUser } from '@jotto/shared/moderation-schemas';
import { ADVISORY_LOCKS, pairLockKey } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { userBlocks } from '../db/moderation-tables.ts';
import { challenges, friendRequests, friendships } from '../db/social-tables.ts';
import { badRequest, notFound } from '../errors.ts';
import type { InvalidationPublisher } from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import type { Notifier } from '../realtime/notifier.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import type { WatchService } from '../watching/watch-service.ts';
import { MODERATION_ERRORS } from './moderation-errors.ts';

/** The list of players I blocked is bounded rather than trusting its size. */
const BLOCKED_LIST_LIMIT = 500;

/** The signed-in user acting. */
interface Actor {
  userId: number;
  username: string;
}

/** What a block withdrew, for the events after commit. */
interface Withdrawn {
  challenges: { id: number; senderId: number; recipientId: number }[];
  requests: { id: number; senderId: number; recipientId: number }[];
}

/**
 * Blocks (docs/PRODUCT.md, 'Blocks'). A block, in one transaction under both of the pair's
 * locks (the challenges' and the friends', which their services take before they read the
 * block: `blocks/block-lookup.ts`), records the block, ends the friendship both ways and
 * withdraws every pending challenge and friend request between the two. After commit, each
 * withdrawn item's notice goes as an answered one goes:
 *
 * - a challenge to the blocker, from the player blocked, is denied as the blocker's Deny would
 *   deny it: the blocker's tabs hear `challenge:answered`, its sender `challenge:denied` (a
 *   'declined' notice, the same as every later challenge of theirs gets);
 * - a challenge of the blocker's own to the player blocked is withdrawn: stored as denied but
 *   already seen by its sender (no 'declined' notice for a decline nobody made), and the player
 *   blocked hears `challenge:answered`, which takes its notice away;
 * - friend requests either way are closed as denied (a denied request is never told to its
 *   sender), and their recipient hears `friend:answered`.
 */
export class BlockService {
  constructor(
    private readonly db: Database,
    private readonly notifier: Notifier,
    /** Announces each withdrawn challenge after commit (its info is a polled answer). */
    private readonly invalidations: InvalidationPublisher | null = null,
    /** Takes each out of the watch rooms of the other's games (docs/PRODUCT.md, 'Watching'). */
    private readonly watching: Pick<WatchService, 'stopWatchingBetween'> | null = null,
  ) {}

  /** `POST /user/block`: blocking twice is a success that changes nothing. */
  async block(actor: Actor, username: string): Promise<void> {
    const other = await this.otherPlayer(actor, username);
    const withdrawn = await this.db.transaction(async (tx) => {
      await lockPairs(tx, actor.userId, other);
      await tx
        .insert(userBlocks)
        .values({ blockerId: actor.userId, blockedId: other })
        .onConflictDoNothing();
      await tx
        .delete(friendships)
        .where(
          or(
            and(eq(friendships.userId, actor.userId), eq(friendships.friendId, other)),
            and(eq(friendships.userId, other), eq(friendships.friendId, actor.userId)),
          ),
        );
      return withdrawBetween(tx, actor.userId, other);
    });
    // Both players' notices changed (news of the friendship ended went too), whether or not
    // an event goes to them below.
    // The games the two play together answer phrases by the block from now on (neither's
    // reaches the other, those said before too): their cached answers go.
    const shared = await gamesOfBoth(this.db, actor.userId, other);
    await this.invalidations?.publish([
      ...withdrawn.challenges.map((challenge) => changeTopics.challenge(challenge.id)),
      ...shared.map((gameId) => changeTopics.game(gameId)),
      changeTopics.notices(actor.userId),
      changeTopics.notices(other),
    ]);
    await this.watching?.stopWatchingBetween(actor.userId, other);
    for (const challenge of withdrawn.challenges) {
      this.notifier.notify(challenge.recipientId, 'challenge:answered', {
        challengeId: challenge.id,
      });
      if (challenge.senderId !== actor.userId) {
        this.notifier.notify(challenge.senderId, 'challenge:denied', {
          challengeId: challenge.id,
        });
      }
    }
    for (const request of withdrawn.requests) {
      this.notifier.notify(request.recipientId, 'friend:answered', { id: request.id });
    }
  }

  /** `POST /user/unblock`: unblocking someone not blocked is a success that changes nothing. */
  async unblock(actor: Actor, username: string): Promise<void> {
    const other = await this.otherPlayer(actor, username);
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, actor.userId), eq(userBlocks.blockedId, other)));
  }

  /** `GET /user/blocked`: the players I blocked, newest first. */
  async blocked(userId: number): Promise<BlockedUser[]> {
    const rows = await this.db
      .select({ username: users.username, since: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
      .limit(BLOCKED_LIST_LIMIT);
    return rows.map((row) => ({ username: row.username ?? '', since: row.since.toISOString() }));
  }

  /** The id of the player named, never the actor: 404 unknown, 400 oneself. */
  private async otherPlayer(actor: Actor, username: string): Promise<number> {
    const [other] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    if (!other?.username) throw notFound(MODERATION_ERRORS.unknownUser);
    if (other.id === actor.userId) throw badRequest(MODERATION_ERRORS.blockYourself);
    return other.id;
  }
}

/**
 * Takes the pair's challenge lock, then its friend lock: the two services take one each, so
 * this order cannot deadlock with them.
 */
async function lockPairs(tx: Transaction, a: number, b: number): Promise<void> {
  const key = pairLockKey(a, b);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.challengePair}, ${key})`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.friendPair}, ${key})`);
}

/** Closes the pending challenges and friend requests between a blocker and the player blocked. */
async function withdrawBetween(
  tx: Transaction,
  blockerId: number,
  blockedId: number,
): Promise<Withdrawn> {
  const now = new Date();
  const challengeBetween = or(
    and(eq(challenges.senderId, blockerId), eq(challenges.recipientId, blockedId)),
    and(eq(challenges.senderId, blockedId), eq(challenges.recipientId, blockerId)),
  );
  const requestBetween = or(
    and(eq(friendRequests.senderId, blockerId), eq(friendRequests.recipientId, blockedId)),
    and(eq(friendRequests.senderId, blockedId), eq(friendRequests.recipientId, blockerId)),
  );
  const withdrawnChallenges = await tx
    .update(challenges)
    .set({
      status: 'denied',
      respondedAt: now,
      // The blocker's own: seen by them already, so no 'declined' notice tells them of it.
      senderSeenAt: sql`CASE WHEN ${challenges.senderId} = ${blockerId} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(challengeBetween, eq(challenges.status, 'pending'), gt(challenges.expiresAt, now)))
    .returning({
      id: challenges.id,
      senderId: challenges.senderId,
      recipientId: challenges.recipientId,
    });
  const withdrawnRequests = await tx
    .update(friendRequests)
    .set({ status: 'denied', respondedAt: now })
    .where(and(requestBetween, eq(friendRequests.status, 'pending')))
    .returning({
      id: friendRequests.id,
      senderId: friendRequests.senderId,
      recipientId: friendRequests.recipientId,
    });
  // News of the friendship the block ended ('{name} accepted your friend request.') is no news
  // any more, for either of them: seen.
  await tx
    .update(friendRequests)
    .set({ senderSeenAt: now })
    .where(
      and(
        requestBetween,
        eq(friendRequests.status, 'accepted'),
        isNull(friendRequests.senderSeenAt),
      ),
    );
  return {
    // An open challenge has no recipient until it is paired, and then it is no longer pending.
    challenges: withdrawnChallenges.flatMap((row) =>
      row.recipientId === null ? [] : [{ ...row, recipientId: row.recipientId }],
    ),
    requests: withdrawnRequests,
  };
}

/**
 * The versus games two players play together that are not settled, or settled within the last
 * hour (phrases may still be said in the first ten minutes after): the answers a block changes.
 */
async function gamesOfBoth(db: Database, userId: number, otherId: number): Promise<number[]> {
  const mine = db
    .select({ gameId: gamePlayers.gameId })
    .from(gamePlayers)
    .where(eq(gamePlayers.userId, userId));
  const rows = await db
    .select({ id: games.id })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(
      and(
        eq(gamePlayers.userId, otherId),
        eq(games.mode, 'versus'),
        sql`${gamePlayers.gameId} IN ${mine}`,
        or(isNull(games.settledAt), gt(games.settledAt, sql`now() - interval '1 hour'`)),
      ),
    )
    .limit(100);
  return rows.map((row) => row.id);
}
