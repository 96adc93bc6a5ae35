import { pickSecretWord } from '@jotto/shared/word-lists';
import type { Database, Transaction } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { ownerColumnsOf, type SideOwner } from './game-ownership.ts';

/** A new game's row: its mode, its secret (a fresh draw unless given) and whether it is rated. */
export interface NewGame {
  mode: 'solo' | 'versus';
  secret?: string;
  rated?: boolean;
}

/**
 * Inserts a game and its sides in the caller's transaction; answers the game's id and the
 * sides' row ids, in the order given. Every game is made here (solo, versus, the computer's,
 * the daily), so a new column of a game or a side has one place to be set.
 */
export async function insertGame(
  tx: Transaction,
  game: NewGame,
  sides: readonly (SideOwner & { dailyDay?: string })[],
  options: { skipTakenSides?: boolean } = {},
): Promise<{ gameId: number; sideIds: number[] }> {
  const [row] = await tx
    .insert(games)
    .values({
      mode: game.mode,
      secret: game.secret ?? pickSecretWord(),
      rated: game.rated ?? false,
    })
    .returning({ id: games.id });
  const gameId = row!.id;
  const values = tx.insert(gamePlayers).values(sides.map((side) => ({ gameId, ...side })));
  // `skipTakenSides`: a side a unique index refuses (the owner's daily of that day, made by a
  // concurrent request) is left out rather than failing the transaction; the caller decides.
  const inserted = await (options.skipTakenSides ? values.onConflictDoNothing() : values).returning(
    { id: gamePlayers.id },
  );
  return { gameId, sideIds: inserted.map((side) => side.id) };
}

/** New solo and versus games (the computer's and the daily are made by their own services). */
export class GameCreation {
  constructor(private readonly db: Database) {}

  /** A new solo game for a user or a guest session. */
  async createSoloGame(viewer: Viewer): Promise<number> {
    return this.db.transaction(
      async (tx) => (await insertGame(tx, { mode: 'solo' }, [ownerColumnsOf(viewer)])).gameId,
    );
  }

  /**
   * A versus game for two users racing on one secret. Called by the challenge and pairing
   * services inside their own transaction (so that one challenge makes exactly one game). Rated
   * unless told otherwise: a game between two people changes their ratings (docs/PRODUCT.md,
   * 'Ratings').
   */
  async createVersusGame(
    userIds: readonly [number, number],
    executor?: Transaction,
    options: { rated?: boolean } = {},
  ): Promise<number> {
    const create = async (tx: Transaction) => {
      const owners = userIds.map((userId) => ({ userId, guestSessionHash: null }));
      return (await insertGame(tx, { mode: 'versus', rated: options.rated ?? true }, owners))
        .gameId;
    };
    return executor ? create(executor) : this.db.transaction(create);
  }
}
