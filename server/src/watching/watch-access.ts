import { inArray } from 'drizzle-orm';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { WATCH_MESSAGES } from '@jotto/shared/watch-schemas';
import { blockBetween } from '../blocks/block-lookup.ts';
import { users } from '../db/account-tables.ts';
import type { Database } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import type { GameState } from '../games/game-state.ts';
import { isGameBetweenPeople } from '../games/game-watchers.ts';

/** How the caller stands to a game they may watch: one of its players, or a spectator. */
export type WatchRole = 'player' | 'spectator';

/**
 * Who may watch a game (docs/PRODUCT.md, 'Watching'), the one check behind the spectator's view
 * and a profile's `liveGameId`: a versus game between two people (else 404, as a game that does
 * not exist: a solo or computer game is nobody's to watch), whose players both allow watchers
 * and neither of whom has a block with the caller (else 403, the same words whatever the
 * reason: it does not tell who turned watching off or blocked whom). A player of the game may
 * always ask (they get the spectator's view, and are not counted).
 */
export async function watchRoleOf(
  db: Database,
  game: GameState | null,
  callerId: number,
): Promise<WatchRole> {
  if (!game || !isGameBetweenPeople(game)) throw notFound(GAME_MESSAGES.notFound);
  const playerIds = game.sides.map((side) => side.userId!);
  if (playerIds.includes(callerId)) return 'player';
  if (!(await mayWatchPlayers(db, callerId, playerIds)))
    throw forbidden(WATCH_MESSAGES.cannotWatch);
  return 'spectator';
}

/** Whether `callerId` (not one of them) may watch a game of these players. */
export async function mayWatchPlayers(
  db: Database,
  callerId: number,
  playerIds: readonly number[],
): Promise<boolean> {
  const settings = await db
    .select({ allowWatchers: users.allowWatchers })
    .from(users)
    .where(inArray(users.id, [...playerIds]));
  if (settings.length !== playerIds.length || settings.some((row) => !row.allowWatchers))
    return false;
  const blocks = await Promise.all(playerIds.map((id) => blockBetween(db, callerId, id)));
  return blocks.every((block) => block === null);
}
