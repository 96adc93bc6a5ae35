import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import { blockBetween } from '../blocks/block-lookup.ts';
import type { Database } from '../db/database.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { phrasesSince } from './game-phrases.ts';
import { type GameState, opponentOf, type Side, sideOfViewer } from './game-state.ts';

/** The two people of a versus game, as the viewer sees them: me and my opponent. */
export interface PhrasePair {
  me: Side & { userId: number };
  opponent: Side & { userId: number };
}

/**
 * The viewer's side and the opponent's when the game is a versus game between two people (no
 * guest, not the computer) and the viewer plays it: the only games with quick phrases
 * (docs/PRODUCT.md, 'Quick phrases'). Null otherwise (the say and mute routes' 404; no `said`
 * in the detail or the counts). Whose side is whose is `sideOfViewer`, the games' ownership rule.
 */
export function phrasePairOf(game: GameState, viewer: Viewer): PhrasePair | null {
  if (game.mode !== 'versus' || game.bot !== null) return null;
  const me = sideOfViewer(game, viewer);
  const opponent = me && opponentOf(game, me);
  if (!me || !opponent || me.userId === null || opponent.userId === null) return null;
  return { me: { ...me, userId: me.userId }, opponent: { ...opponent, userId: opponent.userId } };
}

/**
 * The phrases said after `since` that reach me, oldest first: mine, and my opponent's unless I
 * muted them (`mutedOpponent`, on my row) or a block stands between us, whoever blocked whom
 * (docs/PRODUCT.md, 'Blocks'). A block hides every phrase of theirs from then on, those said
 * before it too. Most polls find nothing new: then one query, and the block is not looked up.
 */
export async function phrasesReaching(
  db: Database,
  game: GameState,
  { me, opponent }: PhrasePair,
  since: number,
): Promise<SaidEntry[]> {
  if (me.mutedOpponent) return phrasesSince(db, game.id, since, opponent.userId);
  const said = await phrasesSince(db, game.id, since);
  if (said.length === 0 || !(await blockBetween(db, me.userId, opponent.userId))) return said;
  return phrasesSince(db, game.id, since, opponent.userId);
}
