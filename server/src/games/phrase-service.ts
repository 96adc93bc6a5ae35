import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { PHRASES_PER_MINUTE, type QuickPhrase, type SaidEntry } from '@jotto/shared/phrase-schemas';
import { blockBetween } from '../blocks/block-lookup.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import { gamePhrases } from '../db/moderation-tables.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import type { SignedInUser } from '../sessions/route-access.ts';
import type { GameAnnouncer } from './game-announcer.ts';
import { ownedBy } from './game-ownership.ts';
import type { GameStateCache } from './game-state-cache.ts';
import { type PhrasePair, phrasePairOf } from './phrase-audience.ts';

export const PHRASE_MESSAGES = {
  tooMany: 'Too many phrases: wait a minute',
} as const;

/** How long after a game is settled its players may still talk (a 'well played', a 'rematch'). */
const TALK_AFTER_SETTLED = sql`interval '10 minutes'`;

/**
 * Quick phrases (docs/PRODUCT.md, 'Quick phrases'): saying one, and muting the opponent's.
 * Only the two people of a versus game may talk in it; anyone else is told there is no game.
 */
export class PhraseService {
  constructor(
    private readonly db: Database,
    private readonly games: GameStateCache,
    private readonly announcer: GameAnnouncer,
  ) {}

  /**
   * `POST /game/:id/say`: the phrase takes the game's next seq (as a move does) and is stored,
   * in one transaction; after commit the opponent hears `game:said` unless they muted me or a
   * block stands between us, and the spectators hear it either way. The sender is answered the
   * same whether or not it reached the opponent: a block is not told (docs/PRODUCT.md, 'Blocks').
   */
  async say(user: SignedInUser, gameId: number, phrase: QuickPhrase): Promise<SaidEntry> {
    const { me, opponent } = await this.pairOf(user, gameId);
    const { said, reaches } = await this.db.transaction(async (tx) => {
      await refuseOverLimit(tx, me.userId);
      const [taken] = await tx
        .update(games)
        .set({ eventSeq: sql`${games.eventSeq} + 1` })
        .where(
          and(
            eq(games.id, gameId),
            or(isNull(games.settledAt), gt(games.settledAt, sql`now() - ${TALK_AFTER_SETTLED}`)),
          ),
        )
        .returning({ seq: games.eventSeq });
      if (!taken) throw conflict(GAME_MESSAGES.gameOver);
      const [row] = await tx
        .insert(gamePhrases)
        .values({
          gameId,
          userId: me.userId,
          phrase,
          seq: taken.seq,
          // The moment it is stored, after any wait for the lock: what the limit counts.
          createdAt: sql`clock_timestamp()`,
        })
        .returning({ at: gamePhrases.createdAt });
      const [theirs] = await tx
        .select({ muted: gamePlayers.mutedOpponent })
        .from(gamePlayers)
        .where(eq(gamePlayers.id, opponent.id));
      const blocked = await blockBetween(tx, me.userId, opponent.userId);
      return {
        said: { from: user.username, phrase, at: row!.at.toISOString(), seq: taken.seq },
        reaches: theirs?.muted === true || blocked !== null ? null : opponent.userId,
      };
    });
    await this.announcer.said({ gameId, ...said }, reaches);
    return said;
  }

  /**
   * `POST /game/:id/mute`: mutes (or unmutes) my opponent's phrases in this game, for me only;
   * the opponent is not told. My answers about the game (detail, counts) change with it.
   */
  async mute(user: SignedInUser, gameId: number, muted: boolean): Promise<boolean> {
    const { me } = await this.pairOf(user, gameId);
    await this.db
      .update(gamePlayers)
      .set({ mutedOpponent: muted })
      .where(and(eq(gamePlayers.id, me.id), ownedBy({ kind: 'user', ...user })));
    await this.announcer.changed([gameId]);
    return muted;
  }

  /** The two people of the game, the caller one of them, or the 404 of a game without phrases. */
  private async pairOf(user: SignedInUser, gameId: number): Promise<PhrasePair> {
    const held = await this.games.get(gameId);
    const pair = held && phrasePairOf(held.game, { kind: 'user', ...user });
    if (!pair) throw notFound(GAME_MESSAGES.notFound);
    return pair;
  }
}

/**
 * At most PHRASES_PER_MINUTE phrases per player in any 60 seconds, across games: the sixth is a
 * 429. Counted from the phrases stored, in the transaction that stores the next one, under a
 * per-player advisory lock, so that parallel sends (any node) are decided one after the other
 * and exactly five pass. Not the app's rate-limit plugin: its windows are fixed (opened by the
 * first request, so ten could pass in a few seconds across two windows) and it counts requests,
 * refused ones too, where the rule counts phrases said. The count reads one range of
 * `game_phrases_user_created_idx` (at most five rows), however many games the player has.
 */
async function refuseOverLimit(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.phrasesOfPlayer}, ${userId})`);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(gamePhrases)
    .where(
      and(
        eq(gamePhrases.userId, userId),
        gt(gamePhrases.createdAt, sql`clock_timestamp() - interval '1 minute'`),
      ),
    );
  if ((counted?.count ?? 0) >= PHRASES_PER_MINUTE) {
    throw new ApiError(429, PHRASE_MESSAGES.tooMany);
  }
}
