import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RATED_GAMES_PER_PAIR_PER_DAY } from '@jotto/shared/game-rules';
import {
  abortWindowMs,
  DEFAULT_CHALLENGE_TIME_CONTROL,
  timeControlMs,
} from '@jotto/shared/time-controls';
import { pickSecretWord } from '@jotto/shared/word-lists';
import { ADVISORY_LOCKS, pairLockKey } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { ownerColumnsOf, type SideOwner } from './game-ownership.ts';

/** A new game's row: its mode, its secret (a fresh draw unless given) and whether it is rated. */
export interface NewGame {
  mode: 'solo' | 'versus';
  secret?: string;
  rated?: boolean;
  /**
   * A versus game's time control: its deadline is the start plus it, and a player who has not
   * moved within its abort window aborts the game (`@jotto/shared/time-controls`).
   */
  timeControl?: string;
  /** When every player must have finished, for a game without a time control (a daily). */
  deadline?: Date;
  /**
   * Hard mode (docs/PRODUCT.md, 'Hard mode'), for a solo game only (a daily, an archive game):
   * fixed for the game. Decided by `hardModeOfNewGame`; never for a versus game.
   */
  hard?: boolean;
}

/** Midnight UTC of the database's today. */
const startOfTodayUtc = sql<Date>`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/** `ms` after the database's now: every node compares times on the same clock. */
const afterNow = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** The clock columns of a new game (docs/PRODUCT.md, 'Time controls'). */
function clockOf(game: NewGame) {
  if (game.timeControl !== undefined) {
    const abortAt = afterNow(abortWindowMs(game.timeControl));
    return {
      timeControl: game.timeControl,
      deadline: afterNow(timeControlMs(game.timeControl)),
      abortAt,
      clockDueAt: abortAt,
    };
  }
  if (game.deadline !== undefined) return { deadline: game.deadline, clockDueAt: game.deadline };
  return {};
}

/**
 * Inserts a game and its sides in the caller's transaction; answers the game's id and the
 * sides' row ids, in the order given. Every game is made here (solo, versus, the computer's,
 * the daily), so a new column of a game or a side has one place to be set.
 */
export async function insertGame(
  tx: Transaction,
  game: NewGame,
  sides: readonly (SideOwner & { dailyDay?: string; archive?: boolean })[],
  options: { skipTakenSides?: boolean } = {},
): Promise<{ gameId: number; sideIds: number[] }> {
  const [row] = await tx
    .insert(games)
    .values({
      mode: game.mode,
      secret: game.secret ?? pickSecretWord(),
      rated: game.rated ?? false,
      // A versus game is never hard, whatever a caller passes.
      hard: game.mode === 'solo' && game.hard === true,
      ...clockOf(game),
    })
    .returning({ id: games.id });
  const gameId = row!.id;
  const values = tx.insert(gamePlayers).values(sides.map((side) => ({ gameId, ...side })));
  // `skipTakenSides`: a side a unique index refuses (the owner's daily of that day, made by a
  // concurrent request) is left out rather than failing the transaction; the caller decides.
  const inserted = await (options.skipTakenSides ? values.onConflictDoNothing() : values).returning(
    { id: gamePlayers.id },
  );
  return { gameId, sideIds: inserted.map((side) => side.id) };
}

/** A versus game just made: its id, and whether it is rated after the pair's daily limit. */
export interface VersusGameCreated {
  gameId: number;
  rated: boolean;
  timeControl: string;
}

/**
 * The rated games two players have played each other today (UTC), under the pair's lock so
 * that two games made at once count each other.
 */
export async function ratedGamesToday(tx: Transaction, a: number, b: number): Promise<number> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.ratedPair}, ${pairLockKey(a, b)})`,
  );
  const other = alias(gamePlayers, 'other');
  const [row] = await tx
    .select({ n: count() })
    .from(games)
    .innerJoin(gamePlayers, and(eq(gamePlayers.gameId, games.id), eq(gamePlayers.userId, a)))
    .innerJoin(other, and(eq(other.gameId, games.id), eq(other.userId, b)))
    .where(and(eq(games.rated, true), gte(games.createdAt, startOfTodayUtc)));
  return row?.n ?? 0;
}

/**
 * How many rated games the player has played today (UTC) against each opponent, by their id:
 * what a list of challenges says of each one's game (read without a lock: a guide, not the
 * decision, which `ratedGamesToday` makes when the game starts).
 */
export async function ratedGamesTodayByOpponent(
  db: Database,
  userId: number,
): Promise<Map<number, number>> {
  const other = alias(gamePlayers, 'other');
  const rows = await db
    .select({ opponentId: other.userId, n: count() })
    .from(games)
    .innerJoin(gamePlayers, and(eq(gamePlayers.gameId, games.id), eq(gamePlayers.userId, userId)))
    .innerJoin(other, and(eq(other.gameId, games.id), ne(other.id, gamePlayers.id)))
    .where(and(eq(games.rated, true), gte(games.createdAt, startOfTodayUtc)))
    .groupBy(other.userId);
  return new Map(rows.flatMap((row) => (row.opponentId === null ? [] : [[row.opponentId, row.n]])));
}

/** New solo and versus games (the computer's and the daily are made by their own services). */
export class GameCreation {
  constructor(private readonly db: Database) {}

  /** A new solo game for a user or a guest session; hard or not (`hardModeOfNewGame`). */
  async createSoloGame(viewer: Viewer, options: { hard?: boolean } = {}): Promise<number> {
    const game: NewGame = { mode: 'solo', hard: options.hard ?? false };
    return this.db.transaction(
      async (tx) => (await insertGame(tx, game, [ownerColumnsOf(viewer)])).gameId,
    );
  }

  /**
   * A versus game for two users racing on one secret, under a time control (a challenge's,
   * 'Play now''s; three days when none is given). Called by the challenge and pairing services
   * inside their own transaction (so that one challenge makes exactly one game). Rated unless
   * told otherwise, and unless the pair has played its rated games of the day already
   * (docs/PRODUCT.md, 'Ratings').
   */
  async createVersusGame(
    userIds: readonly [number, number],
    executor?: Transaction,
    options: { rated?: boolean; timeControl?: string } = {},
  ): Promise<VersusGameCreated> {
    const timeControl = options.timeControl ?? DEFAULT_CHALLENGE_TIME_CONTROL;
    const create = async (tx: Transaction): Promise<VersusGameCreated> => {
      const rated =
        (options.rated ?? true) &&
        (await ratedGamesToday(tx, userIds[0], userIds[1])) < RATED_GAMES_PER_PAIR_PER_DAY;
      const owners = userIds.map((userId) => ({ userId, guestSessionHash: null }));
      const { gameId } = await insertGame(tx, { mode: 'versus', rated, timeControl }, owners);
      return { gameId, rated, timeControl };
    };
    return executor ? create(executor) : this.db.transaction(create);
  }
}
