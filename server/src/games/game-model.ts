import type { CountsResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { versusOutcome, type VersusSide } from '@jotto/shared/game-rules';
import type { gamePlayers } from '../db/schema.ts';

/**
 * Who is asking about a game: a signed-in user, a guest by their session, or (`session`) a
 * live session not yet resolved, whose owner the game query itself looks up: the guess route
 * uses it to save the separate session lookup on its hot path.
 */
export type Viewer =
  | { kind: 'user'; userId: number }
  | { kind: 'guest'; sessionHash: string }
  | { kind: 'session'; sessionHash: string };

export const GAME_ERRORS = {
  notFound: 'Game not found',
  notVersus: 'This is not a versus game',
  guestsCannotSave: 'You must be logged in to save games',
  guestsCannotMark: 'You must be logged in to save the board',
  analysisBeforeEnd: 'The analysis is shown once your game has ended',
} as const;

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

export const isFinished = (player: PlayerState) => player.status !== 'playing';

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
