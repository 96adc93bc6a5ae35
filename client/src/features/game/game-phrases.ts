import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import type { GameDetail } from './game-state.ts';

/** How long a phrase's bubble stays on the scores box (docs/PRODUCT.md, 'Quick phrases'). */
export const BUBBLE_MS = 4_000;

/**
 * How long after a game is settled the server still takes phrases (a 409 'This game is over'
 * after): the screen asks for those the real-time channel missed only that long.
 */
export const PHRASES_AFTER_SETTLED_MS = 10 * 60_000;

/** A versus game between people: the only kind whose players can say phrases. */
export function isTalkGame(game: GameDetail): boolean {
  return game.multiplayer && game.enemyLevel === undefined;
}

/**
 * The phrases of `known` and `added` together, each once (by its `seq`: the same phrase may come
 * by its event, a poll, the detail and the say answer), oldest first. The same array when
 * `added` brings nothing new, so a cache update that changes nothing re-renders nothing.
 */
export function mergeSaid(
  known: readonly SaidEntry[] | undefined,
  added: readonly SaidEntry[] | undefined,
): SaidEntry[] | undefined {
  if (!added || added.length === 0) return known as SaidEntry[] | undefined;
  const seqs = new Set((known ?? []).map((entry) => entry.seq));
  const fresh = added.filter((entry) => !seqs.has(entry.seq));
  if (fresh.length === 0) return known as SaidEntry[] | undefined;
  return [...(known ?? []), ...fresh].sort((a, b) => a.seq - b.seq);
}

/** Whether `from` names me (usernames are unique without regard to case). */
export function saidByMe(entry: SaidEntry, myName: string): boolean {
  return myName !== '' && entry.from.toLowerCase() === myName.toLowerCase();
}
