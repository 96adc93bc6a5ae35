import {
  GAME_MESSAGES,
  guessProblem,
  isGiveUp,
  type Move,
  type MoveRefusal,
  normalizeGuess,
  versusOutcome,
  versusSideOf,
} from '@jotto/shared/game-rules';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import { hardModeRefusal } from '@jotto/shared/hard-mode';
import { isValidGuessWord } from '@jotto/shared/word-lists';
import { badRequest, conflict, notFound, unavailable } from '../errors.ts';
import type { Viewer } from '../sessions/viewer.ts';
import type { GameAnnouncer } from './game-announcer.ts';
import { secretVisibleTo } from './game-state.ts';
import type { MoveOutcome, MoveRecorder, RecordedMove } from './move-recorder.ts';

/**
 * Who sends a move. The guess route does not look the session up before its handler: the
 * viewer comes from this node's memory of sessions where it can, and the move's own write
 * checks that the session is still live.
 */
export interface MoveActor {
  /** Keyed hash of the session the cookie names (unchecked); null for the computer. */
  sessionHash: string | null;
  /**
   * The viewer this actor speaks for (`viewerOfSession`), or the route's refusal (thrown).
   * `fresh`: read the session from the database, not from memory.
   */
  viewer(fresh: boolean): Viewer | Promise<Viewer>;
}

/**
 * Plans made on a copy that went stale before one is written. Each new plan reads afresh; the
 * last locks the mover's row first, which nothing can overtake.
 */
const MAX_ATTEMPTS = 20;

const REFUSALS: Record<MoveRefusal | 'notFound', () => Error> = {
  gameOver: () => conflict(GAME_MESSAGES.gameOver),
  alreadyGuessed: () => badRequest(GAME_MESSAGES.alreadyGuessed),
  notFound: () => notFound(GAME_MESSAGES.notFound),
};

/**
 * `GET /game/:id/play/:word`: one guess, or `giveup` (docs/PRODUCT.md, 'Scoring', 'Giving up').
 * The word is checked first, outside the database; the move is then recorded (`MoveRecorder`:
 * an ongoing guess in the node's next batch, a move that ends the game alone, with the
 * settling), and announced after commit (`GameAnnouncer`) before the answer goes out.
 */
export class GuessCommand {
  constructor(
    private readonly recorder: MoveRecorder,
    private readonly announcer: GameAnnouncer,
    /** What time it is for the rules (a daily's word is revealed when its day ends). */
    private readonly clock: () => Date,
  ) {}

  async play(actor: MoveActor, gameId: number, rawWord: string): Promise<PlayResponse> {
    const word = normalizeGuess(rawWord);
    const problem = guessProblem(word);
    if (problem) throw badRequest(problem);
    const move: Move = isGiveUp(word) ? { kind: 'give up' } : { kind: 'guess', word };
    if (move.kind === 'guess' && !isValidGuessWord(word)) {
      throw badRequest(GAME_MESSAGES.notInDictionary);
    }
    const recorded = await this.record(actor, gameId, move);
    const response = playResponseOf(recorded, this.clock().getTime());
    await this.announcer.moved(recorded, response);
    return response;
  }

  private async record(actor: MoveActor, gameId: number, move: Move): Promise<RecordedMove> {
    // One more than the plans: a write refused for its session alone (it ended meanwhile) is
    // answered by the fresh look at the session that follows.
    for (let attempt = 0; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const fresh = attempt > 0;
      const found = actor.viewer(fresh);
      const viewer = found instanceof Promise ? await found : found;
      const request = { gameId, move, viewer, sessionHash: actor.sessionHash, fresh };
      let outcome: MoveOutcome =
        move.kind === 'guess'
          ? await this.recorder.recordBatched(request)
          : { kind: 'alone' as const };
      if (outcome.kind === 'alone') {
        outcome = await this.recorder.recordAlone(request, { lock: attempt >= MAX_ATTEMPTS - 1 });
      }
      if (outcome.kind === 'recorded') return outcome.recorded;
      if (outcome.kind === 'refused') throw REFUSALS[outcome.refusal]();
      if (outcome.kind === 'misfit')
        throw badRequest(hardModeRefusal(outcome.word, outcome.conflict));
    }
    throw unavailable('The game is busy: try again');
  }
}

/** The answer to a move: my side after it, the secret once it can no longer help. */
function playResponseOf(
  { game, me, opponent, matches, finished }: RecordedMove,
  now: number,
): PlayResponse {
  return {
    result: 'ok',
    ...(matches === undefined ? {} : { matches }),
    score: me.score,
    win: me.status === 'won',
    forfeit: me.forfeit,
    finished,
    ...(secretVisibleTo(game, me, now) ? { target: game.secret } : {}),
    ...(game.mode === 'versus' && opponent
      ? {
          enemyGuesses: opponent.guessCount,
          outcome: versusOutcome(versusSideOf(me), versusSideOf(opponent)),
          seq: game.seq,
        }
      : {}),
  };
}
