import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { applyGuess, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import type { PreparedRawRunner } from '../db/database.ts';
import { isRetryableWriteConflict } from '../db/database-errors.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import {
  GAME_ERRORS,
  type PlayerRow,
  type PlayerState,
  playResultWith,
  type PlayResult,
  type Viewer,
} from './game-model.ts';
import { KeyedBatcher } from '../lib/keyed-batcher.ts';

/** One guess (already a valid dictionary word, not `giveup`) waiting for its batch. */
export interface GuessAttempt {
  viewer: Viewer;
  gameId: number;
  word: string;
}

/** What the batch did with one guess. */
export type GuessAttemptOutcome =
  | { kind: 'recorded'; result: PlayResult }
  /** The guess ends the player's game: the caller's locked transaction records and settles. */
  | { kind: 'finishes' }
  /** The player's side changed between what the batch knew and its write: submit again. */
  | { kind: 'changed' }
  | { kind: 'refused'; error: Error };

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

/** The viewer's columns in the statements' JSON input (one of the three is set). */
function viewerRecord(viewer: Viewer) {
  return {
    user_id: viewer.kind === 'user' ? viewer.userId : null,
    guest_hash: viewer.kind === 'guest' ? viewer.sessionHash : null,
    session_hash: viewer.kind === 'session' ? viewer.sessionHash : null,
  };
}

/**
 * The live session of input row `i` (a `session` viewer), as `s`: the session plugin's rules
 * (not expired; a user's only once they have a username, checked by `ownedByViewer`).
 */
const liveSession = sql`LEFT JOIN LATERAL (
  SELECT s.id_hash, s.user_id, su.username
  FROM sessions s LEFT JOIN users su ON su.id = s.user_id
  WHERE s.id_hash = i.session_hash AND s.expires_at > now()
  LIMIT 1) s ON true`;

/** Whether side `gp` belongs to the viewer of input row `i` (with `liveSession` as `s`). */
const ownedByViewer = sql`(gp.user_id = i.user_id OR gp.guest_session_hash = i.guest_hash
  OR (s.username IS NOT NULL AND gp.user_id = s.user_id)
  OR (s.id_hash IS NOT NULL AND s.user_id IS NULL AND gp.guest_session_hash = s.id_hash))`;

const orNotFound = (outcome: GuessAttemptOutcome | undefined): GuessAttemptOutcome =>
  outcome ?? { kind: 'refused', error: notFound(GAME_ERRORS.notFound) };

const knownKey = ({ viewer, gameId }: GuessAttempt) =>
  `${gameId}:${viewer.kind === 'user' ? viewer.userId : viewer.sessionHash}:${viewer.kind}`;

/**
 * Records the guesses that leave a game going (most of them), in batches: every guess that
 * arrives while a batch runs joins the next one, which costs Postgres one statement for all of
 * them (two when some guesser's side is not known to this node yet). Each batch is one
 * transaction, and each guess's writes are all in it: a guess is never half recorded.
 *
 * The rules are applied here, in TypeScript, to the side as this node knows it: from a read
 * (the first guess of a side on this node, or after any doubt) or from what this node's last
 * write of that side left (`known`). The write then updates the player's row only if it is
 * still exactly that (same guess count, still playing) and the viewer still owns it (live
 * session, same rules as the session plugin), so a guess scored on a stale side, one that
 * raced a guess of the same player on another node, or a session that ended is sent back
 * ('changed') and read afresh. Anything else than an ongoing guess predicted from `known`
 * (a repeat, a win, the last points) is also read afresh before it is answered.
 */
export class OngoingGuessRecorder {
  private readonly known = new LRUCache<string, KnownSide>({ max: KNOWN_SIDES });
  private readonly batcher: KeyedBatcher<GuessAttempt, GuessAttemptOutcome>;

  constructor(
    private readonly runPrepared: PreparedRawRunner,
    onBatchDone?: (size: number, seconds: number) => void,
  ) {
    this.batcher = new KeyedBatcher({
      run: (attempts) => this.recordBatch(attempts),
      // One guess per game per batch: a player's guesses queue up behind each other, and a
      // versus game's event number and opponent's side are read once per batch.
      keyOf: (attempt) => attempt.gameId,
      maxBatchSize: BATCH_SIZE,
      maxInFlight: BATCHES_IN_FLIGHT,
      ...(onBatchDone ? { onBatchDone } : {}),
    });
  }

  /** Queues one guess for the next batch. */
  record(attempt: GuessAttempt): Promise<GuessAttemptOutcome> {
    return this.batcher.submit(attempt);
  }

  private async recordBatch(attempts: readonly GuessAttempt[]): Promise<GuessAttemptOutcome[]> {
    // Left undefined until a read finds the guesser's side: a game that is not theirs.
    const outcomes: (GuessAttemptOutcome | undefined)[] = attempts.map(() => undefined);
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
        else outcomes[idx] = { kind: 'finishes' };
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
    if (planned.length === 0) return outcomes.map(orNotFound);

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
    return outcomes.map(orNotFound);
  }

  /**
   * The sides of the guessers at `indices`, with a live session's ownership checked as the
   * session plugin and requireUser do. Point lookups only: each LATERAL ... LIMIT 1 is a
   * nested loop over an index. The statement is prepared, so its generic plan must not depend
   * on table sizes: a hash join or hashed subplan chosen while a table was small would scan it
   * whole on every batch once it has grown.
   */
  private readSides(attempts: readonly GuessAttempt[], indices: number[]): Promise<SideRead[]> {
    const input = indices.map((idx) => ({
      idx,
      game_id: attempts[idx]!.gameId,
      ...viewerRecord(attempts[idx]!.viewer),
    }));
    return this.runPrepared<SideRead>(sql`
      SELECT i.idx, p.*, w.words
      FROM json_to_recordset(${JSON.stringify(input)}::text::json)
        AS i(idx int, game_id int, user_id int, guest_hash text, session_hash text)
      ${liveSession}
      CROSS JOIN LATERAL (
        SELECT gp.id, gp.game_id, gp.score, gp.status, gp.guess_count, g.mode, g.secret
        FROM game_players gp JOIN games g ON g.id = gp.game_id
        WHERE gp.game_id = i.game_id AND ${ownedByViewer}
        LIMIT 1) p
      CROSS JOIN LATERAL (
        SELECT coalesce(json_agg(x.word), '[]'::json) AS words
        FROM guesses x WHERE x.player_id = p.id) w
    `);
  }

  /**
   * One statement for the batch: each player's row is updated only if it is still as known
   * and still the viewer's; then its guess row, a versus game's event number, and the
   * opponent's side for the event. Returns the guesses it recorded.
   */
  private writeGuesses(planned: PlannedGuess[]): Promise<GuessWritten[]> {
    // In player order: two nodes' batches lock the rows they share in the same order, so
    // they queue rather than deadlock.
    const ordered = [...planned].sort((a, b) => a.side.playerId - b.side.playerId);
    const input = ordered.map(({ idx, attempt, side, expected, matches, score }) => ({
      idx,
      player_id: side.playerId,
      game_id: side.gameId,
      versus: side.mode === 'versus',
      expected,
      score,
      word: attempt.word,
      matches,
      ...viewerRecord(attempt.viewer),
    }));
    return this.runPrepared<GuessWritten>(sql`
      WITH i AS (
        SELECT * FROM json_to_recordset(${JSON.stringify(input)}::text::json)
          AS i(idx int, player_id int, game_id int, versus boolean, expected int, score int,
            word char(5), matches int, user_id int, guest_hash text, session_hash text)
      ), upd AS (
        UPDATE game_players gp
        SET score = i.score, guess_count = gp.guess_count + 1, last_guess = i.word,
          last_played_at = now()
        FROM i ${liveSession}
        WHERE gp.id = i.player_id AND gp.game_id = i.game_id AND gp.status = 'playing'
          AND gp.guess_count = i.expected AND ${ownedByViewer}
        RETURNING gp.id, gp.game_id, i.versus
      ), ins AS (
        INSERT INTO guesses (player_id, word, matches)
        SELECT i.player_id, i.word, i.matches FROM i JOIN upd ON upd.id = i.player_id
      ), seq AS (
        UPDATE games g SET event_seq = g.event_seq + 1
        FROM upd WHERE upd.versus AND g.id = upd.game_id
        RETURNING g.id, g.event_seq
      )
      SELECT i.idx, seq.event_seq AS seq,
        o.user_id AS opponent_user_id, o.score AS opponent_score,
        o.status AS opponent_status, o.forfeit AS opponent_forfeit,
        o.guess_count AS opponent_guess_count
      FROM upd
      JOIN i ON i.player_id = upd.id
      LEFT JOIN seq ON seq.id = upd.game_id
      LEFT JOIN game_players o ON upd.versus AND o.game_id = upd.game_id AND o.id <> upd.id
    `);
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
  if (guess.side.mode !== 'versus' || row.opponent_status === null)
    return playResultWith(response, null);
  return playResultWith(response, {
    gameId: guess.side.gameId,
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
