import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { applyGuess, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import type { PreparedRawRunner } from '../db/database.ts';
import { isRetryableWriteConflict } from '../db/database-errors.ts';
import { badRequest, conflict } from '../errors.ts';
import { KeyedBatcher } from '../lib/keyed-batcher.ts';
import { loggableError } from '../plugins/error-handler-plugin.ts';
import { type PlayerRow, type PlayerState, playResultWith, type PlayResult } from './game-model.ts';
import {
  type GuessWriteInput,
  readSidesStatement,
  writeGuessesStatement,
} from './guess-batch-sql.ts';

/**
 * One guess (already a valid dictionary word, not `giveup`) waiting for its batch, with the
 * keyed hash of the session that sent it, unchecked: the batch checks it in its own statements.
 */
export interface GuessAttempt {
  sessionHash: string;
  gameId: number;
  word: string;
}

/** What the recorder did with one guess. */
export type GuessAttemptOutcome =
  | { kind: 'recorded'; result: PlayResult }
  | { kind: 'refused'; error: Error }
  /**
   * Not for the batch: the guess ends the player's game (a win, the last points), the batch
   * found no side of this session's in the game (the locked path decides the status), the side
   * kept changing under it, or the batch failed. The caller's locked transaction takes it.
   */
  | { kind: 'locked' };

/** What one batch did with one guess: `changed` means the side moved on, submit again. */
type BatchOutcome = GuessAttemptOutcome | { kind: 'changed' };

/** Where the batches are counted (`/metrics`). */
export interface GuessBatchMetrics {
  /** After each batch: how many guesses it held and how long it took. */
  batchDone(size: number, seconds: number): void;
  /** A batch failed as a whole: its guesses took the locked path. */
  batchFailed(): void;
}

/** The most guesses one batch records; more wait for the next batch. */
const BATCH_SIZE = 64;
/**
 * Batches running at once per node. One: measured on the guess bench (2 cores shared by the
 * load, the server and Postgres), 1 in flight beat 2 to 4, because larger batches cost
 * Postgres less per guess than more of them in parallel; new guesses gather meanwhile.
 */
const BATCHES_IN_FLIGHT = 1;
/**
 * Sides of games in play this node remembers (about 1 KB each at most): enough for every
 * player guessing within minutes on one node; the least recently used are dropped first.
 */
const KNOWN_SIDES = 20_000;
/**
 * Batches one guess may go through while its side keeps changing (another guess of the same
 * player on another node, each time) before it takes the locked transaction, which cannot be
 * raced.
 */
const MAX_BATCHES_PER_GUESS = 20;

/** What this node last saw of a guesser's side of a game in play (see `known`). */
interface KnownSide {
  playerId: number;
  gameId: number;
  mode: 'solo' | 'versus';
  secret: string;
  score: number;
  guessCount: number;
  /** Every word this side has guessed, as of `guessCount`. */
  words: Set<string>;
}

/** The read of one guesser's side (raw SQL: snake_case, as the database names it). */
interface SideRead {
  idx: number;
  id: number;
  game_id: number;
  score: number;
  status: PlayerRow['status'];
  guess_count: number;
  mode: 'solo' | 'versus';
  secret: string;
  words: string[];
}

/** A guess the write recorded, with the opponent's side for versus games. */
interface GuessWritten {
  idx: number;
  /** The guesser's account (for the own-move event), null for a guest. */
  user_id: number | null;
  seq: number | null;
  opponent_user_id: number | null;
  opponent_score: number | null;
  opponent_status: PlayerRow['status'] | null;
  opponent_forfeit: boolean | null;
  opponent_guess_count: number | null;
}

/** A planned write: the side as known, and what the guess makes of it. */
interface PlannedGuess {
  idx: number;
  attempt: GuessAttempt;
  side: KnownSide;
  /** The side's guess count the write expects to find. */
  expected: number;
  matches: number;
  score: number;
}

/** A guess for which the batch found no side of this session's: the locked path decides. */
const orLocked = (outcome: BatchOutcome | undefined): BatchOutcome => outcome ?? { kind: 'locked' };

const knownKey = ({ sessionHash, gameId }: GuessAttempt) => `${gameId}:${sessionHash}`;

/**
 * Records the guesses that leave a game going (most of them), in batches: every guess that
 * arrives while a batch runs joins the next one, which costs Postgres one statement for all of
 * them, the write, plus a read before it when some guesser's side is not known to this node.
 *
 * The read and the write are separate statements, each its own transaction, and no lock is held
 * between them. What makes that safe is the write's compare-and-set: the rules are applied here,
 * in TypeScript, to the side as this node knows it (from the read, or from what this node's last
 * write of that side left: `known`), and the write updates a player's row only if it is still
 * exactly that (same guess count, still playing) and the session still owns it (the rule of
 * `viewerOfSession`, in SQL). A guess scored on a stale side, one that raced a guess of the same
 * player on another node, or one whose session ended meanwhile is not written; it goes to the
 * next batch ('changed'), which reads its side afresh. The write is one statement, so a guess's
 * rows (player, guess, event number) are written all together or not at all.
 *
 * Anything else than an ongoing guess predicted from `known` (a repeat, a win, the last points)
 * is read afresh before it is answered; wins and last points, and guesses whose side the batch
 * cannot find, are handed to the caller's locked transaction (`locked`).
 */
export class OngoingGuessRecorder {
  private readonly known = new LRUCache<string, KnownSide>({ max: KNOWN_SIDES });
  private readonly batcher: KeyedBatcher<GuessAttempt, BatchOutcome>;

  constructor(
    private readonly runPrepared: PreparedRawRunner,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: GuessBatchMetrics,
  ) {
    this.batcher = new KeyedBatcher({
      run: (attempts) => this.recordBatchOrHandOver(attempts),
      // One guess per game per batch: a player's guesses queue up behind each other, and a
      // versus game's event number and opponent's side are read once per batch.
      keyOf: (attempt) => attempt.gameId,
      maxBatchSize: BATCH_SIZE,
      maxInFlight: BATCHES_IN_FLIGHT,
      ...(metrics
        ? { onBatchDone: (size: number, seconds: number) => metrics.batchDone(size, seconds) }
        : {}),
    });
  }

  /**
   * Records one guess through the batches: answered from here when it leaves the game going,
   * refused when the rules refuse it, else handed to the locked transaction (`locked`).
   */
  async record(attempt: GuessAttempt): Promise<GuessAttemptOutcome> {
    for (let batch = 0; batch < MAX_BATCHES_PER_GUESS; batch++) {
      const outcome = await this.batcher.submit(attempt);
      // 'changed': the side moved on (another guess of this player, on another node) or was
      // predicted from memory: the next batch reads it afresh.
      if (outcome.kind !== 'changed') return outcome;
    }
    return { kind: 'locked' };
  }

  /**
   * One batch; if it fails as a whole (a database error that is not a write conflict, maybe
   * caused by another player's guess), each of its guesses is handed to the locked path, where
   * it either goes through alone or fails for a reason of its own. Logged and counted, since a
   * failing batch costs every guess the slow path.
   */
  private async recordBatchOrHandOver(attempts: readonly GuessAttempt[]): Promise<BatchOutcome[]> {
    try {
      return await this.recordBatch(attempts);
    } catch (err) {
      this.log.warn(
        { err: err instanceof Error ? loggableError(err) : String(err), size: attempts.length },
        'guess batch failed: its guesses take the locked path',
      );
      this.metrics?.batchFailed();
      return attempts.map(() => ({ kind: 'locked' }));
    }
  }

  private async recordBatch(attempts: readonly GuessAttempt[]): Promise<BatchOutcome[]> {
    // Left undefined until a read finds the guesser's side (else: see `orLocked`).
    const outcomes: (BatchOutcome | undefined)[] = attempts.map(() => undefined);
    const planned: PlannedGuess[] = [];
    const keys = attempts.map(knownKey);
    const sides = keys.map((key) => this.known.get(key));
    const fromKnown = sides.map((side) => side !== undefined);
    const unknown = attempts.flatMap((_, idx) => (fromKnown[idx] ? [] : [idx]));
    if (unknown.length > 0) {
      for (const read of await this.readSides(attempts, unknown)) {
        if (read.status !== 'playing') {
          outcomes[read.idx] = { kind: 'refused', error: conflict(GAME_MESSAGES.gameOver) };
          continue;
        }
        sides[read.idx] = {
          playerId: read.id,
          gameId: read.game_id,
          mode: read.mode,
          secret: read.secret,
          score: read.score,
          guessCount: read.guess_count,
          words: new Set(read.words),
        };
      }
    }

    attempts.forEach((attempt, idx) => {
      const side = sides[idx];
      if (!side) return;
      const repeat = side.words.has(attempt.word);
      const outcome = repeat ? null : applyGuess({ score: side.score }, attempt.word, side.secret);
      if (!outcome || outcome.won || outcome.lost) {
        this.known.delete(keys[idx]!);
        // Predicted from memory: make sure with a fresh read before answering.
        if (fromKnown[idx]) outcomes[idx] = { kind: 'changed' };
        else if (repeat)
          outcomes[idx] = { kind: 'refused', error: badRequest(GAME_MESSAGES.alreadyGuessed) };
        else outcomes[idx] = { kind: 'locked' };
        return;
      }
      planned.push({
        idx,
        attempt,
        side,
        expected: side.guessCount,
        matches: outcome.matches,
        score: outcome.score,
      });
      // Until the write says otherwise: the side changed under us.
      outcomes[idx] = { kind: 'changed' };
    });
    if (planned.length === 0) return outcomes.map(orLocked);

    let written: GuessWritten[];
    try {
      written = await this.writeGuesses(planned);
    } catch (error) {
      // The whole batch rolled back. A repeated word (raced on another node) or a deadlock
      // with another node's batch: every guess of the batch is read again.
      if (!isRetryableWriteConflict(error)) throw error;
      written = [];
    }
    const byIdx = new Map(written.map((row) => [row.idx, row]));
    for (const guess of planned) {
      const key = keys[guess.idx]!;
      const row = byIdx.get(guess.idx);
      if (!row) {
        this.known.delete(key);
        continue;
      }
      const { side } = guess;
      side.score = guess.score;
      side.guessCount += 1;
      side.words.add(guess.attempt.word);
      this.known.set(key, side);
      outcomes[guess.idx] = { kind: 'recorded', result: resultOf(guess, row) };
    }
    return outcomes.map(orLocked);
  }

  /** The sides of the guessers at `indices`, owned by the session that asks (one statement). */
  private readSides(attempts: readonly GuessAttempt[], indices: number[]): Promise<SideRead[]> {
    const input = indices.map((idx) => ({
      idx,
      game_id: attempts[idx]!.gameId,
      session_hash: attempts[idx]!.sessionHash,
    }));
    return this.runPrepared<SideRead>(readSidesStatement(input));
  }

  /** The batch's write (one statement); answers the guesses it recorded. */
  private writeGuesses(planned: PlannedGuess[]): Promise<GuessWritten[]> {
    const input: GuessWriteInput[] = [...planned]
      .sort((a, b) => a.side.playerId - b.side.playerId)
      .map(({ idx, attempt, side, expected, matches, score }) => ({
        idx,
        player_id: side.playerId,
        game_id: side.gameId,
        versus: side.mode === 'versus',
        expected,
        score,
        word: attempt.word,
        matches,
        session_hash: attempt.sessionHash,
      }));
    return this.runPrepared<GuessWritten>(writeGuessesStatement(input));
  }
}

/** The answer to a guess that left the game going, and the opponent's event. */
function resultOf(guess: PlannedGuess, row: GuessWritten): PlayResult {
  const after: PlayerState = {
    score: guess.score,
    status: 'playing',
    forfeit: false,
    guessCount: guess.expected + 1,
  };
  const response: PlayResponse = {
    result: 'ok',
    matches: guess.matches,
    score: guess.score,
    win: false,
    forfeit: false,
    finished: false,
  };
  const mover = {
    gameId: guess.side.gameId,
    userId: row.user_id,
    word: guess.attempt.word,
    guesses: after.guessCount,
  };
  if (guess.side.mode !== 'versus' || row.opponent_status === null)
    return playResultWith(response, mover, null);
  return playResultWith(response, mover, {
    seq: row.seq!,
    me: after,
    opponent: {
      score: row.opponent_score!,
      status: row.opponent_status,
      forfeit: row.opponent_forfeit!,
      guessCount: row.opponent_guess_count!,
    },
    opponentUserId: row.opponent_user_id,
  });
}
