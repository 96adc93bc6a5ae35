import { type SQL, sql } from 'drizzle-orm';
import type { BotLevel } from '@jotto/shared/computer-opponent';
import {
  type PlayerStatus,
  type SideState,
  versusOutcome,
  versusSideOf,
} from '@jotto/shared/game-rules';
import type { Alphabet, CountsResponse, GuessEntry } from '@jotto/shared/game-schemas';
import type { Viewer } from '../sessions/viewer.ts';
import { ownedSideOf, type SideOwner } from './game-ownership.ts';

/** One player's side of a game, as the store reads it: the row, its guesses and its marks. */
export interface Side extends SideState, SideOwner {
  /** The deadline came before this player finished. */
  outOfTime: boolean;
  /** The row's id in `game_players`. */
  id: number;
  /** The account's username (null for a guest, or an account still to pick one). */
  username: string | null;
  lastGuess: string | null;
  /** The versus result, once the game is settled. */
  outcome: 'win' | 'lose' | 'draw' | null;
  /** The UTC day of a Daily Jotto game, null for any other. */
  dailyDay: string | null;
  /** A daily played from the archive, after its day (docs/PRODUCT.md, 'Archive'). */
  archive: boolean;
  /** Every guess of this side, newest first. */
  guesses: GuessEntry[];
  /** This player's letter marks. */
  marks: Alphabet;
  /** This player muted the opponent's quick phrases (docs/PRODUCT.md, 'Quick phrases'). */
  mutedOpponent: boolean;
}

/**
 * A game as one read of the store gives it: the game's row, the computer's level when one of
 * the sides is the computer's, and every side. The per-node cache of games holds these
 * (`GameStateCache`); every answer about a game and every move is made from one.
 */
export interface GameState {
  id: number;
  mode: 'solo' | 'versus';
  secret: string;
  /** The game's event sequence: grows by one per move of a versus game. */
  seq: number;
  rated: boolean;
  /**
   * Hard mode (docs/PRODUCT.md, 'Hard mode'): every guess must fit every earlier guess's count.
   * Fixed when the game is made; never for a versus game.
   */
  hard: boolean;
  /** Every player's game has ended and the game was counted, or it was aborted. */
  settled: boolean;
  /** A versus game's time control ('5m', '3d'); null for a solo game. */
  timeControl: string | null;
  /** When every player must have finished (ms since the epoch); null when nobody must. */
  deadline: number | null;
  /** A player did not start in time: the game ended for both, and nothing counted. */
  aborted: boolean;
  /** Against the computer: its level and its side's row id. */
  bot: { level: BotLevel; playerId: number } | null;
  /** One side (solo) or two (versus), in row order. */
  sides: Side[];
}

/**
 * Whole games in one statement, any number of them (the misses of a batch are read together):
 * each game row, each side with its account's name, its guesses (newest first) and its marks,
 * and the computer's row if any. Point lookups by the games' ids and each side's row id (each
 * subquery an index scan), so the plan does not depend on table sizes.
 */
export function readGamesStatement(gameIds: readonly number[]): SQL {
  return sql`
    SELECT g.id, g.mode, g.secret, g.event_seq AS seq, g.rated, g.hard, g.settled_at IS NOT NULL AS settled,
      g.time_control AS "timeControl", g.deadline, g.aborted,
      b.level AS bot_level, b.player_id AS bot_player_id,
      json_agg(json_build_object(
        'id', gp.id, 'userId', gp.user_id, 'guestSessionHash', gp.guest_session_hash,
        'username', u.username, 'score', gp.score, 'status', gp.status, 'forfeit', gp.forfeit,
        'outOfTime', gp.out_of_time,
        'guessCount', gp.guess_count, 'lastGuess', gp.last_guess,
        'outcome', gp.outcome, 'dailyDay', gp.daily_day, 'archive', gp.archive,
        'mutedOpponent', gp.muted_opponent,
        'guesses', (SELECT coalesce(json_agg(json_build_object('word', x.word, 'matches', x.matches)
            ORDER BY x.id DESC), '[]'::json) FROM guesses x WHERE x.player_id = gp.id),
        'marks', (SELECT coalesce(json_object_agg(m.letter, m.color), '{}'::json)
            FROM letter_marks m WHERE m.player_id = gp.id)
      ) ORDER BY gp.id) AS sides
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    LEFT JOIN users u ON u.id = gp.user_id
    LEFT JOIN bot_games b ON b.game_id = g.id
    WHERE g.id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(gameIds)}::text::json))
    GROUP BY g.id, b.game_id
  `;
}

/**
 * A row of `readGamesStatement`: the state's fields, but the computer's level and row under the
 * database's names.
 */
export type GameStateRow = Omit<GameState, 'bot' | 'deadline'> & {
  deadline: Date | string | null;
  bot_level: BotLevel | null;
  bot_player_id: number | null;
};

/** The state a row of `readGamesStatement` describes. */
export function gameStateOf({
  bot_level,
  bot_player_id,
  deadline,
  ...game
}: GameStateRow): GameState {
  const bot =
    bot_level !== null && bot_player_id !== null
      ? { level: bot_level, playerId: bot_player_id }
      : null;
  return { ...game, deadline: deadline === null ? null : new Date(deadline).getTime(), bot };
}

/** Runs one raw statement and answers its rows (the pool's prepared runner, or a transaction). */
export type StatementRunner = <Row>(query: SQL) => Promise<Row[]>;

/** The games with these ids as the store holds them now, by id (an id with no game is absent). */
export async function readGames(
  run: StatementRunner,
  gameIds: readonly number[],
): Promise<Map<number, GameState>> {
  const rows = gameIds.length === 0 ? [] : await run<GameStateRow>(readGamesStatement(gameIds));
  return new Map(rows.map((row) => [row.id, gameStateOf(row)]));
}

/** The game with this id as the store holds it now, or null when there is none. */
export async function readGame(run: StatementRunner, gameId: number): Promise<GameState | null> {
  return (await readGames(run, [gameId])).get(gameId) ?? null;
}

/** The viewer's side of a game, or null when none is theirs. */
export function sideOfViewer(game: GameState, viewer: Viewer): Side | null {
  return ownedSideOf(viewer, game.sides) ?? null;
}

/** The other side of a versus game (null in solo). */
export function opponentOf(game: GameState, me: Side): Side | null {
  return game.sides.find((side) => side.id !== me.id) ?? null;
}

/** Whether a player's game has ended. */
export const isFinished = (side: { status: PlayerStatus }) => side.status !== 'playing';

/** The words a side has guessed, as `applyMove` asks (a side has at most 20). */
export const wordsOf = (side: Side) => ({
  has: (word: string) => side.guesses.some((guess) => guess.word === word),
});

/**
 * Whether the secret may reach this side now (docs/PRODUCT.md, 'Secrecy'): it must no longer be
 * able to help anyone. A versus game's once the game is settled (both done, out of time, or
 * aborted): until then the opponent races on the same secret, and a second account of theirs
 * could give up to learn it. A daily's once its day has ended, or to the player who solved it
 * (they typed it): today's word is everyone's. Any other solo game's once it has ended, an
 * archive game's too (its day is over: the word can help nobody on the day's board).
 */
export function secretVisibleTo(game: GameState, side: Side, now: number): boolean {
  if (game.mode === 'versus') return game.settled;
  if (isTodaysDaily(side)) return side.status === 'won' || dayIsOver(game, now);
  return isFinished(side);
}

/**
 * Whether the post-game analysis may reach this side (it shows the secret and the best
 * guesses): a daily's only once its day has ended; otherwise with the secret, once the side's
 * own game has ended.
 */
export function analysisVisibleTo(game: GameState, side: Side, now: number): boolean {
  if (!isFinished(side)) return false;
  if (isTodaysDaily(side)) return dayIsOver(game, now);
  return secretVisibleTo(game, side, now);
}

/** A daily played on its day: its word stays secret until the day ends (not an archive game). */
const isTodaysDaily = (side: Side) => side.dailyDay !== null && !side.archive;

const dayIsOver = (game: GameState, now: number) => game.deadline !== null && now >= game.deadline;

/** The clock of a game as the board and the counts carry it. */
export function clockFieldsOf(game: GameState) {
  return {
    ...(game.timeControl !== null ? { timeControl: game.timeControl } : {}),
    ...(game.deadline !== null ? { deadline: new Date(game.deadline).toISOString() } : {}),
    ...(game.aborted ? { aborted: true as const } : {}),
  };
}

/** `me`'s view of the opponent's progress: the counts route and the `game:counts` event. */
export function countsFor(game: GameState, me: Side, opponent: Side): CountsResponse {
  return {
    result: 'ok',
    gameId: game.id,
    seq: game.seq,
    enemyScore: opponent.score,
    enemyWon: opponent.status === 'won',
    enemyForfeit: opponent.forfeit,
    enemyGuesses: opponent.guessCount,
    outcome: versusOutcome(versusSideOf(me), versusSideOf(opponent)),
    ...clockFieldsOf(game),
    ...(opponent.outOfTime ? { enemyOutOfTime: true as const } : {}),
  };
}
