import type { FastifyBaseLogger } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { applyMove, type Move, type MoveRefusal } from '@jotto/shared/game-rules';
import { type CountedGuess, hardModeConflict } from '@jotto/shared/hard-mode';
import { type Database, type PreparedRawRunner, rowsOf } from '../db/database.ts';
import {
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isRetryableWriteConflict,
} from '../db/database-errors.ts';
import { gamePlayers } from '../db/game-tables.ts';
import { KeyedBatcher } from '../lib/keyed-batcher.ts';
import type { WriteStart } from '../lib/cluster-cache.ts';
import { loggableError } from '../plugins/error-handler-plugin.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { ownedBy, ownerKeyOf } from './game-ownership.ts';
import { settleIfDone } from './game-settlement.ts';
import type { GameStateCache, HeldGame } from './game-state-cache.ts';
import {
  type GameState,
  opponentOf,
  readGame,
  type Side,
  sideOfViewer,
  wordsOf,
} from './game-state.ts';
import {
  type MoveWriteRow,
  type MoveWritten,
  writeMovesPrepared,
  writeMovesStatement,
} from './move-write.ts';

/** A move to record: in which game, what, and whose. */
export interface MoveAttempt {
  gameId: number;
  move: Move;
  /** Who moves (`viewerOfSession`, or the computer). */
  viewer: Viewer;
  /** The session the move came with: its write checks it is still live. Null for the computer. */
  sessionHash: string | null;
  /** Plan on a fresh read of the game rather than this node's copy. */
  fresh: boolean;
}

/** A move as recorded: the game as it left it. */
export interface RecordedMove {
  game: GameState;
  me: Side;
  opponent: Side | null;
  /** The guess's match count; absent for giving up. */
  matches?: number;
  /** The move ended the mover's game. */
  finished: boolean;
  /** Set when `game` may be kept in the node's cache in place of a read (see `announce`). */
  keepSince: WriteStart | null;
}

/** What an attempt came to. */
export type MoveOutcome =
  | { kind: 'recorded'; recorded: RecordedMove }
  | { kind: 'refused'; refusal: MoveRefusal | 'notFound' }
  /** A guess in a hard game that contradicts an earlier guess's count (`hardModeConflict`). */
  | { kind: 'misfit'; word: string; conflict: CountedGuess }
  /** Planned on a copy that was stale, or the write found the row changed: plan it afresh. */
  | { kind: 'retry' }
  /** Not for a batch (it ends the game, or the batch failed): record it alone (`recordAlone`). */
  | { kind: 'alone' };

/** Where the batches are counted (`/metrics`). */
export interface MoveBatchMetrics {
  batchDone(size: number, seconds: number): void;
  /** A batch failed as a whole: its moves were each recorded alone. */
  batchFailed(): void;
}

/** The most moves one batch writes; more wait for the next. */
const BATCH_SIZE = 64;
/**
 * Batches running at once per node. One: on the guess bench larger batches cost Postgres less
 * per guess than more of them in parallel, and new guesses gather meanwhile.
 */
const BATCHES_IN_FLIGHT = 1;

interface Planned {
  attempt: MoveAttempt;
  held: HeldGame;
  side: Side;
  applied: Exclude<ReturnType<typeof applyMove>, { refused: MoveRefusal }>;
  row: MoveWriteRow;
}

/**
 * Records moves through the one write (`writeMovesStatement`), in two ways that share it:
 *
 * - `recordBatched`: an ongoing guess (most of them) joins the node's next batch, planned on the
 *   game as this node holds it (`GameStateCache`) and written with every other move of the
 *   batch in one statement. Every guess that arrives while a batch runs joins the next one; a
 *   game's moves never share a batch, so a player's quick guesses apply one after the other.
 * - `recordAlone`: a move that ends the mover's game (a win, the last points, giving up), or
 *   one a failed batch hands back, in a transaction of its own that reads the game, writes the
 *   move and settles the game when every player has finished: settling is atomic with the move
 *   that finishes it.
 *
 * A move is planned with the shared rule (`applyMove`) on the state it read; the write is a
 * compare-and-set on that state, so a plan made on a stale copy is never written (`retry`).
 */
export class MoveRecorder {
  private readonly batcher: KeyedBatcher<MoveAttempt, MoveOutcome>;

  constructor(
    private readonly db: Database,
    /** The batch's write runs prepared: it is the hottest statement. */
    private readonly runPrepared: PreparedRawRunner,
    private readonly games: GameStateCache,
    private readonly log: FastifyBaseLogger,
    /** What time it is for the rules: a game past its deadline takes no move. */
    private readonly clock: () => Date,
    private readonly metrics?: MoveBatchMetrics,
  ) {
    this.batcher = new KeyedBatcher({
      run: (attempts) => this.runBatch(attempts),
      keyOf: (attempt) => attempt.gameId,
      maxBatchSize: BATCH_SIZE,
      maxInFlight: BATCHES_IN_FLIGHT,
      ...(metrics ? { onBatchDone: (size: number, s: number) => metrics.batchDone(size, s) } : {}),
    });
  }

  /** An ongoing move through the node's batches (see the class). */
  recordBatched(attempt: MoveAttempt): Promise<MoveOutcome> {
    return this.batcher.submit(attempt);
  }

  /**
   * One move in its own transaction, on the game read inside it, settling the game if the move
   * ends it. With `lock`, the mover's row is locked first, so that no other write can change it
   * before this one (for a move whose plans keep going stale).
   */
  async recordAlone(attempt: MoveAttempt, options: { lock: boolean }): Promise<MoveOutcome> {
    return this.db.transaction(async (tx) => {
      if (options.lock) {
        await tx
          .select({ id: gamePlayers.id })
          .from(gamePlayers)
          .where(and(eq(gamePlayers.gameId, attempt.gameId), ownedBy(attempt.viewer)))
          .for('update');
      }
      const since = { position: 0, at: Date.now() };
      const run = async <Row>(query: SQL) => rowsOf<Row>(await tx.execute(query));
      const game = await readGame(run, attempt.gameId);
      if (!game) return { kind: 'refused', refusal: 'notFound' };
      const planned = plan({ game, since }, { ...attempt, fresh: true }, this.clock().getTime());
      if (!('row' in planned)) return planned;
      const [written] = rowsOf<MoveWritten>(await tx.execute(writeMovesStatement([planned.row])));
      if (!written) return { kind: 'retry' };
      const recorded = { ...recordedOf(planned, written), keepSince: null };
      if (!planned.applied.finished) return { kind: 'recorded', recorded };
      await settleIfDone(tx, attempt.gameId);
      // Read again under the game row's lock, which settling took: the opponent's last move, if
      // it raced this one, has committed by now, and the answer must show how the game ended.
      const settled = await readGame(run, attempt.gameId);
      const me = settled?.sides.find((side) => side.id === recorded.me.id);
      if (!settled || !me) return { kind: 'recorded', recorded };
      return {
        kind: 'recorded',
        recorded: { ...recorded, game: settled, me, opponent: opponentOf(settled, me) },
      };
    });
  }

  /**
   * One batch. If it fails as a whole (a database error that is not a write conflict, maybe
   * caused by another player's move), each of its moves is recorded alone, where it either
   * goes through or fails for a reason of its own; but for a database that is away or timing
   * out, whose 503 each move gets at once. Logged and counted, since a failing batch
   * costs every move the slow path.
   */
  private async runBatch(attempts: readonly MoveAttempt[]): Promise<MoveOutcome[]> {
    try {
      return await this.writeBatch(attempts);
    } catch (err) {
      // The database is away or not serving in time (a table locked elsewhere): each move
      // alone would wait the same lock timeout again. Every move of the batch answers 503 now.
      if (isDatabaseTimeout(err) || isDatabaseUnavailable(err)) throw err;
      this.log.warn(
        { err: err instanceof Error ? loggableError(err) : String(err), size: attempts.length },
        'move batch failed: its moves are recorded alone',
      );
      this.metrics?.batchFailed();
      return attempts.map(() => ({ kind: 'alone' }));
    }
  }

  private async writeBatch(attempts: readonly MoveAttempt[]): Promise<MoveOutcome[]> {
    // Most moves find their game in memory; the others' games are read in one statement.
    const held: (HeldGame | null | undefined)[] = attempts.map((attempt) =>
      attempt.fresh ? undefined : this.games.peek(attempt.gameId),
    );
    const missing = held.flatMap((game, idx) => (game === undefined ? [idx] : []));
    if (missing.length > 0) {
      const read = await this.games.hold(missing.map((idx) => attempts[idx]!));
      missing.forEach((idx, i) => (held[idx] = read[i]));
    }
    const now = this.clock().getTime();
    const outcomes: MoveOutcome[] = [];
    const planned: Planned[] = [];
    attempts.forEach((attempt, idx) => {
      const game = held[idx];
      const plannedOrOutcome: Planned | MoveOutcome = !game
        ? { kind: 'refused', refusal: 'notFound' }
        : plan(game, attempt, now, idx);
      if (!('row' in plannedOrOutcome)) {
        outcomes[idx] = plannedOrOutcome;
      } else if (plannedOrOutcome.applied.finished) {
        outcomes[idx] = { kind: 'alone' };
      } else {
        planned.push(plannedOrOutcome);
        // Until the write says otherwise: the row changed under the plan.
        outcomes[idx] = { kind: 'retry' };
      }
    });
    if (planned.length === 0) return outcomes;

    let written: MoveWritten[];
    try {
      const rows = planned.map((p) => p.row).sort((a, b) => a.player_id - b.player_id);
      written = await this.runPrepared<MoveWritten>(writeMovesPrepared(rows));
    } catch (error) {
      // The whole batch rolled back: a word raced on another node (unique guess), or a
      // deadlock with another node's batch. Every move of it is planned again.
      if (!isRetryableWriteConflict(error)) throw error;
      written = [];
    }
    const byIdx = new Map(written.map((row) => [row.idx, row]));
    for (const p of planned) {
      const row = byIdx.get(p.row.idx);
      if (!row) continue;
      const recorded = recordedOf(p, row);
      // Kept in place of a read only if the opponent's side the write found is the one held:
      // else the held copy of the opponent's guesses is behind (the announcement of that move
      // would drop it anyway; this does not wait for it).
      const held = opponentOf(p.held.game, p.side);
      const current = !held || held.guessCount === recorded.opponent?.guessCount;
      outcomes[p.row.idx] = {
        kind: 'recorded',
        recorded: { ...recorded, keepSince: current ? p.held.since : null },
      };
    }
    return outcomes;
  }
}

/**
 * Plans a move on a held game: the viewer's side, the rule's verdict, and the write that
 * records it. On a copy from memory, anything but an ongoing move is checked on a fresh read
 * before it is answered (`retry`): the copy may be behind.
 */
function plan(held: HeldGame, attempt: MoveAttempt, now: number, idx = 0): Planned | MoveOutcome {
  const { game } = held;
  const side = sideOfViewer(game, attempt.viewer);
  if (!side) return attempt.fresh ? { kind: 'refused', refusal: 'notFound' } : { kind: 'retry' };
  // The clock may not have ended the game yet: its deadline is final, and so is an abort.
  if (game.aborted || (game.deadline !== null && now >= game.deadline)) {
    return { kind: 'refused', refusal: 'gameOver' };
  }
  // Only the fields the rule reads: it copies what it is given into the side it answers.
  const state = {
    score: side.score,
    status: side.status,
    forfeit: side.forfeit,
    guessCount: side.guessCount,
  };
  const applied = applyMove(state, wordsOf(side), attempt.move, game.secret);
  if ('refused' in applied) {
    return attempt.fresh ? { kind: 'refused', refusal: applied.refused } : { kind: 'retry' };
  }
  // Hard mode, after the rule's own refusals (a finished game, a repeated word): a guess that
  // could not be the secret is refused before anything is written, so it costs nothing. The
  // side's guesses are newest first: the refusal names the latest one the word contradicts.
  if (game.hard && attempt.move.kind === 'guess') {
    const conflict = hardModeConflict(attempt.move.word, side.guesses);
    if (conflict) {
      // A copy from memory may be behind: only a fresh read's verdict is answered.
      return attempt.fresh
        ? { kind: 'misfit', word: attempt.move.word, conflict }
        : { kind: 'retry' };
    }
  }
  const owner = ownerKeyOf(attempt.viewer);
  const word = attempt.move.kind === 'guess' ? attempt.move.word : null;
  const row: MoveWriteRow = {
    idx,
    player_id: side.id,
    game_id: game.id,
    versus: game.mode === 'versus',
    expected: side.guessCount,
    owner_kind: owner.kind,
    owner_value: String(owner.value),
    session_hash: attempt.sessionHash,
    score: applied.side.score,
    status: applied.side.status,
    forfeit: applied.side.forfeit,
    word,
    matches: applied.matches ?? null,
  };
  return { attempt, held, side, applied, row };
}

/**
 * The game as a recorded move left it, from the plan and what the write returned: the mover's
 * side after the move, the game's sequence after it, and the opponent's side as the write read
 * it. The opponent's guesses are the held copy's.
 */
function recordedOf(p: Planned, row: MoveWritten): Omit<RecordedMove, 'keepSince'> {
  const { game } = p.held;
  const word = p.row.word;
  const me: Side = {
    ...p.side,
    ...p.applied.side,
    lastGuess: word ?? p.side.lastGuess,
    guesses:
      word === null ? p.side.guesses : [{ word, matches: p.row.matches ?? 0 }, ...p.side.guesses],
  };
  const heldOpponent = opponentOf(game, p.side);
  const opponent: Side | null =
    heldOpponent && row.opponent_id !== null
      ? {
          ...heldOpponent,
          score: row.opponent_score!,
          status: row.opponent_status!,
          forfeit: row.opponent_forfeit!,
          guessCount: row.opponent_guess_count!,
        }
      : heldOpponent;
  const sides = game.sides.map((side) =>
    side.id === me.id ? me : opponent && side.id === opponent.id ? opponent : side,
  );
  return {
    game: { ...game, seq: row.seq ?? game.seq, sides },
    me,
    opponent,
    ...(p.applied.matches === undefined ? {} : { matches: p.applied.matches }),
    finished: p.applied.finished,
  };
}
