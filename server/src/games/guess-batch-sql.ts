import { type SQL, sql } from 'drizzle-orm';

/**
 * The raw SQL of the guess batch (see `OngoingGuessRecorder`), in one place. Raw rather than
 * Drizzle because each statement handles a whole batch through a JSON input table (`i`), runs
 * as a named prepared statement, and must keep a plan of point lookups (below).
 *
 * Every statement reads its input from `json_to_recordset(<text>::json)`: the JSON is passed as
 * text and cast in SQL, so it does not depend on how either driver serialises a parameter.
 */

/** One guesser's input row of the read: which game, and the session that asks. */
export interface SideReadInput {
  idx: number;
  game_id: number;
  session_hash: string;
}

/** One planned write: the side as this node knows it, and what the guess makes of it. */
export interface GuessWriteInput {
  idx: number;
  player_id: number;
  game_id: number;
  versus: boolean;
  /** The side's guess count the write expects to find (the compare in compare-and-set). */
  expected: number;
  score: number;
  word: string;
  matches: number;
  session_hash: string;
}

/**
 * The live session named by input row `i`, as `s`, with its account's username. The same
 * rule as `SessionStore.resolve` (a row with this hash that has not expired). LATERAL ...
 * LIMIT 1 keeps it a point lookup by the primary key in a generic plan, whatever the table's
 * size when the statement was prepared.
 */
const liveSessionOfInput = sql`LEFT JOIN LATERAL (
  SELECT s.id_hash, s.user_id, su.username
  FROM sessions s LEFT JOIN users su ON su.id = s.user_id
  WHERE s.id_hash = i.session_hash AND s.expires_at > now()
  LIMIT 1) s ON true`;

/**
 * Whether side `gp` is the game of the viewer of session `s`: `viewerOfSession` in SQL. An
 * account's side once it has a username (before that it speaks for nobody); a guest's side by
 * the guest session itself. No live session (`s` all null) owns nothing. A guess this refuses
 * is not answered from here: the locked path decides with `viewerOfSession` which status it
 * gets, so the two never disagree on a status, only this one is faster.
 */
const sideOwnedBySession = sql`((s.username IS NOT NULL AND gp.user_id = s.user_id)
  OR (s.id_hash IS NOT NULL AND s.user_id IS NULL AND gp.guest_session_hash = s.id_hash))`;

const inputRows = (input: readonly object[]) => sql`${JSON.stringify(input)}::text::json`;

/**
 * The sides of the guessers in `input`, each with its game's mode and secret and every word
 * guessed so far. Point lookups only: each LATERAL ... LIMIT 1 is a nested loop over an index.
 * The statement is prepared, so its generic plan must not depend on table sizes: a hash join or
 * hashed subplan chosen while a table was small would scan it whole on every batch once it has
 * grown (measured: 1,413 → 445 guesses/s within one bench run).
 */
export function readSidesStatement(input: readonly SideReadInput[]): SQL {
  return sql`
    SELECT i.idx, p.*, w.words
    FROM json_to_recordset(${inputRows(input)})
      AS i(idx int, game_id int, session_hash text)
    ${liveSessionOfInput}
    CROSS JOIN LATERAL (
      SELECT gp.id, gp.game_id, gp.score, gp.status, gp.guess_count, g.mode, g.secret
      FROM game_players gp JOIN games g ON g.id = gp.game_id
      WHERE gp.game_id = i.game_id AND ${sideOwnedBySession}
      LIMIT 1) p
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x.word), '[]'::json) AS words
      FROM guesses x WHERE x.player_id = p.id) w
  `;
}

/**
 * The batch's write, one statement and so one transaction for every guess in it. A player's
 * row is updated only if it is still exactly as the node knew it (still playing, the same
 * guess count: compare-and-set) and the session still owns it; only then are its guess row, a
 * versus game's event number and the opponent's side for the event written and returned. This
 * is separate from the read: what keeps a guess from being scored on a stale side is the
 * compare-and-set here, not a lock held since the read. Rows must come in player-id order so
 * that two nodes' batches lock the rows they share in the same order (they queue, not deadlock).
 * The guesser's account comes back from the update itself (for the own-move event): no read.
 */
export function writeGuessesStatement(input: readonly GuessWriteInput[]): SQL {
  return sql`
    WITH i AS (
      SELECT * FROM json_to_recordset(${inputRows(input)})
        AS i(idx int, player_id int, game_id int, versus boolean, expected int, score int,
          word char(5), matches int, session_hash text)
    ), upd AS (
      UPDATE game_players gp
      SET score = i.score, guess_count = gp.guess_count + 1, last_guess = i.word,
        last_played_at = now()
      FROM i ${liveSessionOfInput}
      WHERE gp.id = i.player_id AND gp.game_id = i.game_id AND gp.status = 'playing'
        AND gp.guess_count = i.expected AND ${sideOwnedBySession}
      RETURNING gp.id, gp.game_id, gp.user_id, i.versus
    ), ins AS (
      INSERT INTO guesses (player_id, word, matches)
      SELECT i.player_id, i.word, i.matches FROM i JOIN upd ON upd.id = i.player_id
    ), seq AS (
      UPDATE games g SET event_seq = g.event_seq + 1
      FROM upd WHERE upd.versus AND g.id = upd.game_id
      RETURNING g.id, g.event_seq
    )
    SELECT i.idx, upd.user_id, seq.event_seq AS seq,
      o.user_id AS opponent_user_id, o.score AS opponent_score,
      o.status AS opponent_status, o.forfeit AS opponent_forfeit,
      o.guess_count AS opponent_guess_count
    FROM upd
    JOIN i ON i.player_id = upd.id
    LEFT JOIN seq ON seq.id = upd.game_id
    LEFT JOIN game_players o ON upd.versus AND o.game_id = upd.game_id AND o.id <> upd.id
  `;
}
