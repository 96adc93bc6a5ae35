import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PlayerStatus } from '@jotto/shared/game-rules';
import { type RenderedStatement, renderOnce } from '../db/database.ts';
import { liveSessionCondition } from '../sessions/session-store.ts';
import type { OwnerKind } from './game-ownership.ts';
import { ownedByInputRow } from './game-ownership.ts';

/**
 * One planned move, as the write takes it: the side as the planner saw it, who owns it, and
 * what the move makes of it (`applyMove`).
 */
export interface MoveWriteRow {
  idx: number;
  player_id: number;
  game_id: number;
  versus: boolean;
  /** The side's guess count the write expects to find (the compare in compare-and-set). */
  expected: number;
  /** The owner the planner checked the side against (`ownerKeyOf`). */
  owner_kind: OwnerKind;
  owner_value: string;
  /** The session the move came with, still to be live; null for the computer's moves. */
  session_hash: string | null;
  score: number;
  status: PlayerStatus;
  forfeit: boolean;
  /** The word guessed and its matches; null for giving up. */
  word: string | null;
  matches: number | null;
}

/** What the write did for one move it recorded, with the opponent's side for versus games. */
export interface MoveWritten {
  idx: number;
  /** The game's sequence after the move (versus), else null. */
  seq: number | null;
  opponent_id: number | null;
  opponent_score: number | null;
  opponent_status: PlayerStatus | null;
  opponent_forfeit: boolean | null;
  opponent_guess_count: number | null;
}

/**
 * The one write of a move, for a batch of moves (one statement, so one transaction: a move's
 * rows, its player row, its guess and a versus game's event number, are written together or
 * not at all). It is a compare-and-set: a player's row is updated only if it is still exactly
 * as planned (still playing, the same guess count), still owned by the owner the planner
 * checked (`ownedByInputRow`, the one ownership rule), its game still open (not aborted, its
 * deadline not passed: the game clock may not have ended it yet) and, for a move that came with
 * a session, that session is still live. A move whose row no longer matches is not written and not
 * returned; its caller plans it again on a fresh read. So no lock is held between the read a
 * move was planned on and its write, and two nodes' moves of one player apply one after the
 * other. Rows must come in player-id order, so that two batches lock the rows they share in the
 * same order (they queue, never deadlock). The same statement records an ongoing guess in a
 * batch and a finishing move inside its settling transaction (`MoveRecorder`).
 *
 * The game's and the session's checks are scalar subqueries, one primary-key probe per move,
 * rather than joins: the planner cannot know how many moves the JSON holds (it assumes 100) nor,
 * before a table is analyzed, how many games are open, and as joins it chose to scan every open
 * game against every move of the batch and to hash every live session. At 1,500 live games on one
 * node that made a batch of 17 moves take 28 ms of Postgres instead of about 1 ms
 * (`pnpm bench capacity`, Postgres CPU per guess; `move-write-plan.test.ts` fails on a plan that
 * scans).
 *
 * The input is one JSON text cast in SQL (`json_to_recordset`), so it does not depend on how
 * either driver serialises a parameter, and the statement's text is the same for every batch
 * (prepared once per connection).
 */
function writeMovesSql(rows: SQLWrapper | string): SQL {
  return sql`
    WITH i AS (
      SELECT * FROM json_to_recordset(${rows}::text::json)
        AS i(idx int, player_id int, game_id int, versus boolean, expected int, owner_kind text,
          owner_value text, session_hash text, score int, status text, forfeit boolean,
          word char(5), matches int)
    ), upd AS (
      UPDATE game_players gp
      SET score = i.score, status = i.status, forfeit = i.forfeit,
        guess_count = gp.guess_count + (CASE WHEN i.word IS NULL THEN 0 ELSE 1 END),
        last_guess = coalesce(i.word, gp.last_guess), last_played_at = now(),
        finished_at = CASE WHEN i.status = 'playing' THEN gp.finished_at ELSE now() END
      FROM i
      WHERE gp.id = i.player_id AND gp.game_id = i.game_id AND gp.status = 'playing'
        AND gp.guess_count = i.expected AND ${ownedByInputRow()}
        AND (SELECT g.settled_at IS NULL AND (g.deadline IS NULL OR g.deadline > now())
          FROM games g WHERE g.id = i.game_id)
        AND (i.session_hash IS NULL OR coalesce((
          SELECT ${liveSessionCondition} FROM sessions
          WHERE sessions.id_hash = i.session_hash), false))
      RETURNING gp.id, gp.game_id, i.versus
    ), ins AS (
      INSERT INTO guesses (player_id, word, matches)
      SELECT i.player_id, i.word, i.matches FROM i JOIN upd ON upd.id = i.player_id
      WHERE i.word IS NOT NULL
    ), seq AS (
      UPDATE games g SET event_seq = g.event_seq + 1
      FROM upd WHERE upd.versus AND g.id = upd.game_id
      RETURNING g.id, g.event_seq
    )
    SELECT i.idx, seq.event_seq AS seq,
      o.id AS opponent_id, o.score AS opponent_score, o.status AS opponent_status,
      o.forfeit AS opponent_forfeit, o.guess_count AS opponent_guess_count
    FROM upd
    JOIN i ON i.player_id = upd.id
    LEFT JOIN seq ON seq.id = upd.game_id
    LEFT JOIN game_players o ON upd.versus AND o.game_id = upd.game_id AND o.id <> upd.id
  `;
}

/** The write of `rows`, to run inside a transaction (`tx.execute`). */
export function writeMovesStatement(rows: readonly MoveWriteRow[]): SQL {
  return writeMovesSql(JSON.stringify(rows));
}

const writeMovesRendered = renderOnce(writeMovesSql(sql.placeholder('rows')));

/** The same write, rendered once, for the pool's prepared runner (the batch: the hot path). */
export function writeMovesPrepared(rows: readonly MoveWriteRow[]): RenderedStatement {
  return writeMovesRendered({ rows: JSON.stringify(rows) });
}
