import { and, asc, eq, or, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import type { Friend, FriendRequest } from '@jotto/shared/social-schemas';
import { ADVISORY_LOCKS, pairLockKey } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { users } from '../db/account-tables.ts';
import { friendRequests, friendships } from '../db/social-tables.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { Notifier } from '../realtime/notifier.ts';
import { blockBetween, blockedByYou } from '../blocks/block-lookup.ts';

export const FRIEND_ERRORS = {
  unknownUser: 'No player has that username',
  yourself: 'You cannot add yourself as a friend',
  alreadyFriends: 'You are already friends',
  alreadyRequested: 'You already sent this player a friend request',
  requestNotFound: 'Friend request not found',
  notPending: 'This friend request was already answered',
} as const;

// A transaction-scoped advisory lock per pair of users (two int4 keys): adding, accepting and
// denying between two users are decided one after the other, so "A adds B" and "B adds A" at
// the same moment give one friendship and no crossed pending requests, and an accept racing
// an add is seen by it. Its own key space (db/advisory-locks.ts), apart from the challenges'.
const FRIEND_PAIR_LOCK_SPACE = ADVISORY_LOCKS.friendPair;

// Pending requests to one user are listed oldest first; anyone may send one, so the list is
// bounded rather than trusting its size.
const REQUESTS_LIST_LIMIT = 100;

/** The signed-in user acting. */
interface Actor {
  userId: number;
  username: string;
}

/**
 * Friend requests and friendships (docs/PRODUCT.md, 'Friends'): a request to
 * someone who already asked me makes us friends at once; myself, unknown users and friends
 * are refused; the other side hears of each request and acceptance at once.
 */
export class FriendService {
  constructor(
    private readonly db: Database,
    private readonly notifier: Notifier,
  ) {}

  /**
   * `GET /friends/add/:username`: sends a friend request; if that user already asked me, that
   * request is accepted instead and we are friends at once.
   */
  async add(sender: Actor, target: string): Promise<{ msg: string }> {
    const [recipient] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(target)}`)
      .limit(1);
    if (!recipient?.username) throw notFound(FRIEND_ERRORS.unknownUser);
    if (recipient.id === sender.userId) throw badRequest(FRIEND_ERRORS.yourself);
    const recipientName = recipient.username;

    let outcome:
      | { kind: 'befriended'; answeredId: number }
      | { kind: 'requested'; requestId: number }
      | { kind: 'swallowed' };
    try {
      outcome = await this.db.transaction(async (tx) => {
        await lockPair(tx, sender.userId, recipient.id);
        // Read under the pair's lock, which a block takes too (docs/PRODUCT.md, 'Blocks'): the
        // blocker is refused; the blocked player is answered as if it were sent, and nothing
        // is kept that could reach the blocker.
        const block = await blockBetween(tx, sender.userId, recipient.id);
        if (block?.blockerId === sender.userId) throw conflict(blockedByYou(recipientName));
        if (block) return { kind: 'swallowed' as const };
        const [theirs] = await tx
          .select({ id: friendRequests.id })
          .from(friendRequests)
          .where(pendingFrom(recipient.id, sender.userId))
          .limit(1);
        if (await this.areFriends(sender.userId, recipient.id, tx))
          throw conflict(FRIEND_ERRORS.alreadyFriends);
        if (theirs) {
          await befriend(tx, sender.userId, recipient.id);
          return { kind: 'befriended' as const, answeredId: theirs.id };
        }
        const [mine] = await tx
          .select({ id: friendRequests.id })
          .from(friendRequests)
          .where(pendingFrom(sender.userId, recipient.id))
          .limit(1);
        if (mine) throw conflict(FRIEND_ERRORS.alreadyRequested);
        const [created] = await tx
          .insert(friendRequests)
          .values({ senderId: sender.userId, recipientId: recipient.id })
          .returning({ id: friendRequests.id });
        return { kind: 'requested' as const, requestId: created!.id };
      });
    } catch (error) {
      // The pair lock makes this unreachable in practice; the unique index is the last word.
      if (violatedUniqueConstraint(error) === 'friend_requests_pending_pair_key')
        throw conflict(FRIEND_ERRORS.alreadyRequested);
      throw error;
    }

    if (outcome.kind === 'befriended') {
      // Their request to me is answered: its notice goes from my other tabs too.
      this.notifier.notify(sender.userId, 'friend:answered', { id: outcome.answeredId });
      this.notifier.notify(recipient.id, 'friend:accepted', { name: sender.username });
      return { msg: `${recipientName} had already asked you: you are now friends!` };
    }
    if (outcome.kind === 'swallowed') return { msg: `Friend request sent to ${recipientName}!` };
    this.notifier.notify(recipient.id, 'friend:request', {
      id: outcome.requestId,
      name: sender.username,
    });
    return { msg: `Friend request sent to ${recipientName}!` };
  }

  /** `GET /user/friends`: my friends, sorted by name without regard to case. */
  async listFriends(userId: number, executor: Database | Transaction = this.db): Promise<Friend[]> {
    const rows = await executor
      .select({ id: users.id, name: users.username })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(sql`lower(${users.username})`, asc(users.id));
    // A friend always has a username: only signed-in users with one can send or accept.
    return rows.map((row) => ({ id: row.id, name: row.name ?? '' }));
  }

  /** `GET /user/friend_requests`: pending requests to me, oldest first. */
  async listRequests(userId: number): Promise<FriendRequest[]> {
    const rows = await this.db
      .select({ id: friendRequests.id, name: users.username })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendRequests.senderId))
      .where(and(eq(friendRequests.recipientId, userId), eq(friendRequests.status, 'pending')))
      .orderBy(asc(friendRequests.createdAt), asc(friendRequests.id))
      .limit(REQUESTS_LIST_LIMIT);
    return rows.map((row) => ({ id: row.id, name: row.name ?? '' }));
  }

  /** `POST /friends/accept`: the recipient accepts; the friendship is made exactly once. */
  async accept(recipient: Actor, requestId: number): Promise<void> {
    const senderId = await this.db.transaction(async (tx) => {
      const request = await answerRequest(tx, recipient.userId, requestId, 'accepted');
      await befriend(tx, request.senderId, recipient.userId);
      return request.senderId;
    });
    this.notifier.notify(recipient.userId, 'friend:answered', { id: requestId });
    this.notifier.notify(senderId, 'friend:accepted', { name: recipient.username });
  }

  /**
   * `POST /friends/deny`: the recipient turns the request down; the sender may ask again. The
   * sender is not told (no event, no notice).
   */
  async deny(recipient: Actor, requestId: number): Promise<void> {
    await this.db.transaction((tx) => answerRequest(tx, recipient.userId, requestId, 'denied'));
    this.notifier.notify(recipient.userId, 'friend:answered', { id: requestId });
  }

  /** Whether two users are friends (friendships are stored in both directions). */
  async areFriends(
    userId: number,
    otherId: number,
    executor: Database | Transaction = this.db,
  ): Promise<boolean> {
    const [row] = await executor
      .select({ userId: friendships.userId })
      .from(friendships)
      .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)))
      .limit(1);
    return row !== undefined;
  }
}

/** A pending request from one user to another. */
function pendingFrom(senderId: number, recipientId: number) {
  return and(
    eq(friendRequests.senderId, senderId),
    eq(friendRequests.recipientId, recipientId),
    eq(friendRequests.status, 'pending'),
  );
}

/**
 * The one authorisation check for friend requests: only the recipient of a pending request
 * may answer it; anyone else's request, or an unknown id, is the same 404. Under the pair's
 * lock (taken in the same order as `add` takes it, so the two cannot deadlock), one
 * conditional UPDATE decides: of concurrent answers exactly one wins, the rest get 409.
 */
async function answerRequest(
  tx: Transaction,
  recipientId: number,
  requestId: number,
  status: 'accepted' | 'denied',
): Promise<{ senderId: number }> {
  const ownRequest = and(
    eq(friendRequests.id, requestId),
    eq(friendRequests.recipientId, recipientId),
  );
  const [request] = await tx
    .select({ senderId: friendRequests.senderId })
    .from(friendRequests)
    .where(ownRequest)
    .limit(1);
  if (!request) throw notFound(FRIEND_ERRORS.requestNotFound);
  await lockPair(tx, request.senderId, recipientId);
  const [answered] = await tx
    .update(friendRequests)
    .set({ status, respondedAt: new Date() })
    .where(and(ownRequest, eq(friendRequests.status, 'pending')))
    .returning({ senderId: friendRequests.senderId });
  if (!answered) throw conflict(FRIEND_ERRORS.notPending);
  return answered;
}

/** Serialises, until the transaction ends, everything that changes how two users relate. */
async function lockPair(tx: Transaction, a: number, b: number): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${FRIEND_PAIR_LOCK_SPACE}, ${pairLockKey(a, b)})`,
  );
}

/**
 * Makes two users friends, in both directions, and closes any request still pending between
 * them in either direction (it has been answered by the friendship).
 */
async function befriend(tx: Transaction, a: number, b: number): Promise<void> {
  await tx
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
  await tx
    .update(friendRequests)
    .set({ status: 'accepted', respondedAt: new Date() })
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(
          and(eq(friendRequests.senderId, a), eq(friendRequests.recipientId, b)),
          and(eq(friendRequests.senderId, b), eq(friendRequests.recipientId, a)),
        ),
      ),
    );
}
