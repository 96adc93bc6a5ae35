import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHALLENGE_ERRORS,
  CHALLENGE_TTL_MS,
  type ChallengeInfoResponse,
  type ChallengeItem,
  OPEN_CHALLENGE_TARGET,
} from '@jotto/shared/challenge-schemas';
import { usernameKey } from '@jotto/shared/account-rules';
import { RATED_GAMES_PER_PAIR_PER_DAY } from '@jotto/shared/game-rules';
import { describeTimeAgo } from '@jotto/shared/time-ago';
import { DEFAULT_CHALLENGE_TIME_CONTROL } from '@jotto/shared/time-controls';
import { ADVISORY_LOCKS, pairLockKey } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers, games as gamesTable } from '../db/game-tables.ts';
import { challenges } from '../db/social-tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { InvalidationPublisher } from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { blockBetween, blockedByYou } from '../blocks/block-lookup.ts';
import { userBlocks } from '../db/moderation-tables.ts';
import type { Notifier } from '../realtime/notifier.ts';
import { type GameCreation, ratedGamesTodayByOpponent } from '../games/game-creation.ts';

// Transaction-scoped advisory locks (keys in db/advisory-locks.ts). The open queue has one
// lock; a pair of players has one lock per pair (two int4 keys), so that "A challenges B" and
// "B challenges A" at the same moment (both pressing Rematch) are decided one after the
// other: one game.
const OPEN_QUEUE_LOCK = ADVISORY_LOCKS.openChallengeQueue;
const PAIR_LOCK_SPACE = ADVISORY_LOCKS.challengePair;

type ChallengeRow = typeof challenges.$inferSelect;

export interface ChallengeCreated {
  challengeId: number;
  gameId?: number;
  message: string;
}

/**
 * Challenges, open challenges and rematches (docs/PRODUCT.md, 'Challenges'): a challenge to
 * someone who already challenged me starts the game at once; `@open` challenges pair in a queue;
 * exactly one game per challenge, even under concurrent accepts; pending ones expire after 7
 * days; the sender hears of an accept or a deny at once.
 */
export class ChallengeService {
  constructor(
    private readonly db: Database,
    private readonly games: GameCreation,
    private readonly notifier: Notifier,
    /** Announces each change of a challenge after commit (its info is a polled answer). */
    private readonly invalidations: InvalidationPublisher | null = null,
  ) {}

  /**
   * `POST /challenges/new`: challenge a player by name, or `@open`, under a time control (three
   * days unless told: docs/PRODUCT.md, 'Time controls').
   */
  async create(
    sender: { userId: number; username: string },
    target: string,
    timeControl: string = DEFAULT_CHALLENGE_TIME_CONTROL,
  ): Promise<ChallengeCreated> {
    if (target === OPEN_CHALLENGE_TARGET) return this.createOpen(sender, timeControl);
    const [recipient] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(target)}`)
      .limit(1);
    if (!recipient?.username) throw notFound(CHALLENGE_ERRORS.unknownUser);
    if (recipient.id === sender.userId) throw badRequest(CHALLENGE_ERRORS.yourself);
    const recipientName = recipient.username;

    const outcome = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${PAIR_LOCK_SPACE}, ${pairLockKey(sender.userId, recipient.id)})`,
      );
      const now = new Date();
      // Read under the pair's lock, which a block takes too (docs/PRODUCT.md, 'Blocks').
      const block = await blockBetween(tx, sender.userId, recipient.id);
      if (block?.blockerId === sender.userId) throw conflict(blockedByYou(recipientName));
      if (block) {
        // The blocked player's challenge answers as one the blocker denied: a row of its own
        // (its info says 'stop', its sender's notices say declined) that never reached them.
        const [denied] = await tx
          .insert(challenges)
          .values({
            senderId: sender.userId,
            recipientId: recipient.id,
            status: 'denied',
            respondedAt: now,
            expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
            rematch: await isRematch(tx, sender.userId, recipient.id),
            timeControl,
          })
          .returning();
        return { kind: 'denied' as const, challenge: denied! };
      }
      // They already challenged me: that is a yes from both sides, so the game starts now.
      const [theirs] = await tx
        .select()
        .from(challenges)
        .where(and(pendingBetween(recipient.id, sender.userId, now)))
        .orderBy(asc(challenges.createdAt))
        .limit(1)
        .for('update');
      if (theirs) {
        const gameId = await this.startGame(tx, theirs, sender.userId);
        return { kind: 'started' as const, challenge: theirs, gameId };
      }
      // Sending the same challenge twice keeps one pending challenge.
      const [mine] = await tx
        .select()
        .from(challenges)
        .where(pendingBetween(sender.userId, recipient.id, now))
        .limit(1);
      if (mine) return { kind: 'existing' as const, challenge: mine };
      const [created] = await tx
        .insert(challenges)
        .values({
          senderId: sender.userId,
          recipientId: recipient.id,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
          rematch: await isRematch(tx, sender.userId, recipient.id),
          timeControl,
        })
        .returning();
      return { kind: 'created' as const, challenge: created! };
    });

    if (outcome.kind === 'started') {
      // Their challenge to me is answered: its notice goes from my other tabs too.
      this.notifier.notify(sender.userId, 'challenge:answered', {
        challengeId: outcome.challenge.id,
      });
      return this.announceStart(
        outcome.challenge,
        outcome.gameId,
        `${recipientName} had challenged you: game on!`,
      );
    }
    if (outcome.kind === 'denied') {
      await this.announce(outcome.challenge.id);
      this.notifier.notify(sender.userId, 'challenge:denied', {
        challengeId: outcome.challenge.id,
      });
    }
    if (outcome.kind === 'created') {
      this.notifier.notify(recipient.id, 'challenge:received', {
        challengeId: outcome.challenge.id,
        sender: sender.username,
      });
    }
    return { challengeId: outcome.challenge.id, message: 'Challenge sent!' };
  }

  /**
   * `POST /challenges`: my pending challenges, received (in) or sent (out), newest first, each
   * with its time control and whether its game would be rated if it started now.
   */
  async list(userId: number, type: 'in' | 'out'): Promise<ChallengeItem[]> {
    const sender = alias(users, 'sender');
    const recipient = alias(users, 'recipient');
    const now = new Date();
    const [rows, ratedToday] = await Promise.all([
      this.db
        .select({
          id: challenges.id,
          createdAt: challenges.createdAt,
          senderId: challenges.senderId,
          recipientId: challenges.recipientId,
          sender: sender.username,
          recipient: recipient.username,
          timeControl: challenges.timeControl,
        })
        .from(challenges)
        .innerJoin(sender, eq(sender.id, challenges.senderId))
        .leftJoin(recipient, eq(recipient.id, challenges.recipientId))
        .where(
          and(
            type === 'in' ? eq(challenges.recipientId, userId) : eq(challenges.senderId, userId),
            eq(challenges.status, 'pending'),
            gt(challenges.expiresAt, now),
          ),
        )
        .orderBy(desc(challenges.createdAt), desc(challenges.id))
        .limit(100),
      ratedGamesTodayByOpponent(this.db, userId),
    ]);
    return rows.map((row) => {
      const other = row.senderId === userId ? row.recipientId : row.senderId;
      return {
        id: row.id,
        sender: row.sender ?? '',
        recipient: row.recipient ?? OPEN_CHALLENGE_TARGET,
        timeAgo: describeTimeAgo(row.createdAt, now),
        createdAt: row.createdAt.toISOString(),
        timeControl: row.timeControl,
        rated: other === null || (ratedToday.get(other) ?? 0) < RATED_GAMES_PER_PAIR_PER_DAY,
      };
    });
  }

  /** `POST /challenges/accept`: the recipient starts the game; exactly one per challenge. */
  async accept(
    userId: number,
    challengeId: number,
  ): Promise<{ challengeId: number; gameId: number }> {
    const { challenge, gameId } = await this.db.transaction(async (tx) => {
      const row = await this.lockAnswerable(tx, userId, challengeId);
      // A challenge from before a block (one made as the block committed) starts no game
      // between the two: it is as withdrawn as the block made the others.
      if (await blockBetween(tx, row.senderId, userId)) throw conflict(CHALLENGE_ERRORS.notPending);
      return { challenge: row, gameId: await this.startGame(tx, row, userId) };
    });
    await this.announce(challengeId);
    this.notifier.notify(userId, 'challenge:answered', { challengeId });
    this.notifier.notify(challenge.senderId, 'challenge:accepted', { challengeId, gameId });
    return { challengeId, gameId };
  }

  /** `POST /challenges/deny` */
  async deny(userId: number, challengeId: number): Promise<void> {
    const challenge = await this.db.transaction(async (tx) => {
      const row = await this.lockAnswerable(tx, userId, challengeId);
      await tx
        .update(challenges)
        .set({ status: 'denied', respondedAt: new Date() })
        .where(eq(challenges.id, challengeId));
      return row;
    });
    await this.announce(challengeId);
    this.notifier.notify(userId, 'challenge:answered', { challengeId });
    this.notifier.notify(challenge.senderId, 'challenge:denied', { challengeId });
  }

  /**
   * `GET /challenges/:id/info`: what the rematch screen polls for (same state as the events),
   * and when that answer stops being true by itself (a pending challenge's expiry), if ever.
   */
  async info(
    userId: number,
    challengeId: number,
  ): Promise<{ answer: ChallengeInfoResponse; changesAt: Date | null }> {
    const challenge = await this.visibleChallenge(this.db, userId, challengeId);
    if (challenge.status === 'accepted' && challenge.gameId !== null) {
      return { answer: { result: 'ok', challengeId, gameId: challenge.gameId }, changesAt: null };
    }
    if (challenge.status === 'pending' && challenge.expiresAt > new Date())
      return { answer: { result: 'ok', challengeId }, changesAt: challenge.expiresAt };
    return { answer: { result: 'stop', challengeId }, changesAt: null };
  }

  /**
   * An `@open` challenge: paired at once with another player's waiting open challenge of the
   * same time control, else it waits for one.
   */
  private async createOpen(
    sender: { userId: number; username: string },
    timeControl: string,
  ): Promise<ChallengeCreated> {
    const outcome = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${OPEN_QUEUE_LOCK})`);
      const now = new Date();
      const openPending = and(
        eq(challenges.isOpen, true),
        eq(challenges.status, 'pending'),
        gt(challenges.expiresAt, now),
        eq(challenges.timeControl, timeControl),
      );
      const [waiting] = await tx
        .select()
        .from(challenges)
        .where(
          and(
            openPending,
            ne(challenges.senderId, sender.userId),
            // Never a player either of the two blocked (docs/PRODUCT.md, 'Blocks'): two
            // primary-key probes per candidate, and the first candidate is nearly always taken.
            sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} WHERE (${userBlocks.blockerId} = ${challenges.senderId} AND ${userBlocks.blockedId} = ${sender.userId}) OR (${userBlocks.blockerId} = ${sender.userId} AND ${userBlocks.blockedId} = ${challenges.senderId}))`,
          ),
        )
        .orderBy(asc(challenges.createdAt), asc(challenges.id))
        .limit(1)
        .for('update');
      // The check above saw the blocks committed when it began. A block committing since then
      // held the pair's lock from its start: once this holds it too, a fresh read sees it (the
      // order, queue lock then pair lock, is the same in every path that takes both).
      if (waiting) {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${PAIR_LOCK_SPACE}, ${pairLockKey(sender.userId, waiting.senderId)})`,
        );
        if (!(await blockBetween(tx, sender.userId, waiting.senderId))) {
          const gameId = await this.startGame(tx, waiting, sender.userId);
          return { kind: 'paired' as const, challenge: waiting, gameId };
        }
      }
      const [mine] = await tx
        .select()
        .from(challenges)
        .where(and(openPending, eq(challenges.senderId, sender.userId)))
        .limit(1);
      if (mine) return { kind: 'waiting' as const, challenge: mine };
      const [created] = await tx
        .insert(challenges)
        .values({
          senderId: sender.userId,
          isOpen: true,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
          timeControl,
        })
        .returning();
      return { kind: 'waiting' as const, challenge: created! };
    });
    if (outcome.kind === 'paired') {
      return this.announceStart(
        outcome.challenge,
        outcome.gameId,
        'Paired with an open challenge: game on!',
      );
    }
    return {
      challengeId: outcome.challenge.id,
      message: 'Open challenge sent! The next player to send one will be paired with you.',
    };
  }

  /** After commit: tells the waiting challenger their game started, and answers the other. */
  private async announceStart(
    challenge: ChallengeRow,
    gameId: number,
    message: string,
  ): Promise<ChallengeCreated> {
    await this.announce(challenge.id);
    this.notifier.notify(challenge.senderId, 'challenge:accepted', {
      challengeId: challenge.id,
      gameId,
    });
    return { challengeId: challenge.id, gameId, message };
  }

  /** After commit: every node forgets what it answered about this challenge (its info). */
  private async announce(challengeId: number): Promise<void> {
    await this.invalidations?.publish([changeTopics.challenge(challengeId)]);
  }

  /** Creates the versus game of a pending challenge and marks it accepted, in `tx`. */
  private async startGame(
    tx: Transaction,
    challenge: ChallengeRow,
    accepterId: number,
  ): Promise<number> {
    const { gameId } = await this.games.createVersusGame([challenge.senderId, accepterId], tx, {
      timeControl: challenge.timeControl,
    });
    await tx
      .update(challenges)
      .set({ status: 'accepted', gameId, recipientId: accepterId, respondedAt: new Date() })
      .where(eq(challenges.id, challenge.id));
    return gameId;
  }

  /**
   * The one authorisation check for challenges: the sender and the recipient see a challenge;
   * anyone else gets the same 404 as for one that does not exist.
   */
  private async visibleChallenge(
    executor: Database | Transaction,
    userId: number,
    challengeId: number,
    lock = false,
  ) {
    const query = executor
      .select()
      .from(challenges)
      .where(
        and(
          eq(challenges.id, challengeId),
          or(eq(challenges.senderId, userId), eq(challenges.recipientId, userId)),
        ),
      )
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(CHALLENGE_ERRORS.notFound);
    return row;
  }

  /** A pending challenge to this user, locked for the answer; concurrent answers queue here. */
  private async lockAnswerable(
    tx: Transaction,
    userId: number,
    challengeId: number,
  ): Promise<ChallengeRow> {
    const row = await this.visibleChallenge(tx, userId, challengeId, true);
    if (row.recipientId !== userId) throw forbidden(CHALLENGE_ERRORS.onlyRecipient);
    if (row.status !== 'pending' || row.expiresAt <= new Date())
      throw conflict(CHALLENGE_ERRORS.notPending);
    return row;
  }
}

/** A pending, unexpired challenge from one user to another. */
function pendingBetween(senderId: number, recipientId: number, now: Date) {
  return and(
    eq(challenges.senderId, senderId),
    eq(challenges.recipientId, recipientId),
    eq(challenges.status, 'pending'),
    gt(challenges.expiresAt, now),
  );
}

/**
 * Whether a challenge is a rematch: its recipient is the other player of the sender's newest
 * versus game, and the sender's own game there has ended (the end screen's 'Rematch!' sends
 * exactly that; a challenge to the opponent of a game still in play is a challenge). A user's
 * games are few enough to sort.
 */
async function isRematch(tx: Transaction, senderId: number, recipientId: number) {
  const opponent = alias(gamePlayers, 'opponent');
  const [last] = await tx
    .select({ opponentId: opponent.userId, senderStatus: gamePlayers.status })
    .from(gamePlayers)
    .innerJoin(
      gamesTable,
      and(eq(gamesTable.id, gamePlayers.gameId), eq(gamesTable.mode, 'versus')),
    )
    .innerJoin(
      opponent,
      and(eq(opponent.gameId, gamePlayers.gameId), ne(opponent.id, gamePlayers.id)),
    )
    .where(eq(gamePlayers.userId, senderId))
    .orderBy(desc(gamesTable.createdAt), desc(gamesTable.id))
    .limit(1);
  return last !== undefined && last.opponentId === recipientId && last.senderStatus !== 'playing';
}
