import type { CountsResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { isPlayerFinished, versusOutcome, type VersusSide } from '@jotto/shared/game-rules';
import type { gamePlayers } from '../db/schema.ts';

/** What a guess changed, for the route's answer and for the opponent's real-time event. */
export interface PlayResult {
  response: PlayResponse;
  /** Versus only: the opponent's view of my progress, after commit. */
  opponentUpdate: { userId: number | null; counts: CountsResponse } | null;
}

export type PlayerRow = typeof gamePlayers.$inferSelect;

/** The fields of a player's side that the rules and the counts read. */
export type PlayerState = Pick<PlayerRow, 'score' | 'status' | 'forfeit' | 'guessCount'>;

export const sideOf = (player: PlayerState): VersusSide => ({
  won: player.status === 'won',
  forfeit: player.forfeit,
  score: player.score,
});

/** Whether a player's game has ended: the shared rule, on a player's row. */
export const isFinished = (player: PlayerState) => isPlayerFinished(sideOf(player));

/** `me`'s view of the opponent's progress: the counts route and the `game:counts` event. */
export function countsFor(
  gameId: number,
  seq: number,
  me: PlayerState,
  opponent: PlayerState,
): CountsResponse {
  return {
    result: 'ok',
    gameId,
    seq,
    enemyScore: opponent.score,
    enemyWon: opponent.status === 'won',
    enemyForfeit: opponent.forfeit,
    enemyGuesses: opponent.guessCount,
    outcome: versusOutcome(sideOf(me), sideOf(opponent)),
  };
}

/**
 * A guess's result once its versus opponent is known (or not: solo, or no opponent yet): the
 * opponent's guess count and the outcome in my answer, and the opponent's `game:counts` event.
 */
export function playResultWith(
  response: PlayResponse,
  versus: {
    gameId: number;
    seq: number;
    me: PlayerState;
    opponent: PlayerState;
    opponentUserId: number | null;
  } | null,
): PlayResult {
  if (!versus) return { response, opponentUpdate: null };
  const { gameId, seq, me, opponent, opponentUserId } = versus;
  response.enemyGuesses = opponent.guessCount;
  response.outcome = versusOutcome(sideOf(me), sideOf(opponent));
  response.seq = seq;
  return {
    response,
    opponentUpdate: { userId: opponentUserId, counts: countsFor(gameId, seq, opponent, me) },
  };
}
