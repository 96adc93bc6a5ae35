import { and, eq } from 'drizzle-orm';
import { GAME_MESSAGES, type LetterMark } from '@jotto/shared/game-rules';
import type { Alphabet, ClearResponse } from '@jotto/shared/game-schemas';
import type { Database } from '../db/database.ts';
import { gamePlayers, letterMarks } from '../db/game-tables.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { Viewer } from '../sessions/viewer.ts';
import type { GameAnnouncer } from './game-announcer.ts';
import { ownedBy } from './game-ownership.ts';

/**
 * Letter marks (docs/PRODUCT.md, 'Alphabet marks'): stored per player per game, for signed-in
 * players only; a guest's live in their browser. Each change is announced (the board shows
 * them, and my other tabs hear `game:marks`).
 */
export class GameMarks {
  constructor(
    private readonly db: Database,
    private readonly announcer: GameAnnouncer,
  ) {}

  /** `POST /game/:id/update`: sets or removes one letter's mark; answers the marks after it. */
  async update(
    viewer: Viewer,
    gameId: number,
    letter: string,
    color: LetterMark,
  ): Promise<Alphabet> {
    // Whose game it is first, so that a game not the viewer's gets the same 404 as elsewhere.
    const playerId = await this.ownSideId(viewer, gameId);
    if (viewer.kind === 'guest') throw unauthorized(GAME_MESSAGES.guestsCannotMark);
    if (color === 'none') {
      await this.db
        .delete(letterMarks)
        .where(and(eq(letterMarks.playerId, playerId), eq(letterMarks.letter, letter)));
    } else {
      await this.db
        .insert(letterMarks)
        .values({ playerId, letter, color })
        .onConflictDoUpdate({ target: [letterMarks.playerId, letterMarks.letter], set: { color } });
    }
    const rows = await this.db
      .select({ letter: letterMarks.letter, color: letterMarks.color })
      .from(letterMarks)
      .where(eq(letterMarks.playerId, playerId));
    const alphabet: Alphabet = Object.fromEntries(rows.map((row) => [row.letter, row.color]));
    await this.announcer.marked(gameId, viewer.userId, alphabet);
    return alphabet;
  }

  /** `GET /game/:id/clear`: removes every mark. A guest's marks were never stored. */
  async clear(viewer: Viewer, gameId: number): Promise<ClearResponse> {
    const playerId = await this.ownSideId(viewer, gameId);
    if (viewer.kind === 'user') {
      await this.db.delete(letterMarks).where(eq(letterMarks.playerId, playerId));
      await this.announcer.marked(gameId, viewer.userId, {});
    }
    return { result: 'ok', alphabet: {} };
  }

  /** The viewer's row in the game, read from the database (a write follows), or a 404. */
  private async ownSideId(viewer: Viewer, gameId: number): Promise<number> {
    const [side] = await this.db
      .select({ id: gamePlayers.id })
      .from(gamePlayers)
      .where(and(eq(gamePlayers.gameId, gameId), ownedBy(viewer)))
      .limit(1);
    if (!side) throw notFound(GAME_MESSAGES.notFound);
    return side.id;
  }
}
