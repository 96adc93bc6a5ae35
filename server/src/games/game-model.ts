import type { CountsResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { isPlayerFinished, versusOutcome, type VersusSide } from '@jotto/shared/game-rules';
import type { GameMovedEvent } from '@jotto/shared/realtime-events';
import type { gamePlayers } from '../db/schema.ts';

/** What a guess changed, for the route's answer and for the real-time events after commit. */
export interface PlayResult {
  response: PlayResponse;
  /** Versus only: the opponent's view of my progress, after commit. */
  opponentUpdate: { userId: number | null; counts: CountsResponse } | null;
  /** For my other tabs and devices: my move (a guest, `userId` null, has no channel). */
  ownUpdate: { userId: number | null; event: GameMovedEvent };
  /** Versus only: both sides as the move left them, and the game's sequence after it. */
  sides: { seq: number; mover: OwnedSide; opponent: OwnedSide } | null;
}

/** A player's side and whose it is (null: a guest's). */
export type OwnedSide = PlayerState & { userId: number | null };

/** Who moved in which game, and with what: what the own-move event needs besides the answer. */
export interface Mover {
  gameId: number;
  userId: number | null;
  /** The word guessed, or null for giving up. */
  word: string | null;
  /** My guess count after the move. */
  guesses: number;
}

export type PlayerRow = typeof gamePlayers.$inferSelect;

/** The fields of a player's side that the rules and the counts read. */
export type PlayerState = Pick<PlayerRow, 'score' | 'status' | 'forfeit' | 'guessCount'>;

export const sideOf = (player: PlayerState): VersusSide => ({
  won: player.status === 'won',
  forfeit: player.forfeit,
  score: player.score,
});

/** Only the fields of `PlayerState` (a whole row has more, such as the guest's session). */
const stateOf = ({ score, status, forfeit, guessCount }: PlayerState): PlayerState => ({
  score,
  status,
  forfeit,
  guessCount,
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
 * opponent's guess count and the outcome in my answer, the opponent's `game:counts` event, and
 * my own `game:moved` for my other tabs. Everything comes from what the move already read or
 * wrote: no query of its own.
 */
export function playResultWith(
  response: PlayResponse,
  mover: Mover,
  versus: {
    seq: number;
    me: PlayerState;
    opponent: PlayerState;
    opponentUserId: number | null;
  } | null,
): PlayResult {
  let opponentUpdate: PlayResult['opponentUpdate'] = null;
  let sides: PlayResult['sides'] = null;
  if (versus) {
    const { seq, me, opponent, opponentUserId } = versus;
    response.enemyGuesses = opponent.guessCount;
    response.outcome = versusOutcome(sideOf(me), sideOf(opponent));
    response.seq = seq;
    opponentUpdate = {
      userId: opponentUserId,
      counts: countsFor(mover.gameId, seq, opponent, me),
    };
    sides = {
      seq,
      mover: { ...stateOf(me), userId: mover.userId },
      opponent: { ...stateOf(opponent), userId: opponentUserId },
    };
  }
  return {
    response,
    opponentUpdate,
    ownUpdate: { userId: mover.userId, event: movedEvent(mover, response) },
    sides,
  };
}

/** My move as my other tabs hear it: the answer's fields, never the secret. */
function movedEvent(mover: Mover, response: PlayResponse): GameMovedEvent {
  return {
    gameId: mover.gameId,
    ...(mover.word !== null && response.matches !== undefined
      ? { word: mover.word, matches: response.matches }
      : {}),
    score: response.score,
    guesses: mover.guesses,
    win: response.win,
    forfeit: response.forfeit,
    finished: response.finished,
    ...(response.seq === undefined ? {} : { seq: response.seq }),
  };
}
