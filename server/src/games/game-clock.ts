import { and, asc, eq, isNotNull, lte, min, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { botGames, gamePlayers, games } from '../db/game-tables.ts';
import { settleIfDone } from './game-settlement.ts';

/** What the clock did to a game, for its players to hear of it. */
export interface ClockEnded {
  gameId: number;
  reason: 'out of time' | 'aborted';
  /** The game's event sequence after the change. */
  seq: number;
  /** The accounts of its players (a guest has none). */
  userIds: number[];
}

/** The most due games one run looks at; the rest are due for the next run, at once. */
const GAMES_PER_RUN = 50;

/**
 * The game clock (docs/PRODUCT.md, 'Time controls' and 'Daily Jotto'), enforced by the server,
 * not the browser: when a game's `clock_due_at` comes, one node looks at it (a tried advisory
 * lock per game: nodes woken at the same moment take different games), in a transaction that
 * holds the game's players' rows and then the game's row (a move in flight commits first, or
 * waits and then finds the game ended). The commonest look, at the abort moment of a game both
 * players started, is one statement instead (`bothStarted`).
 *
 * Players' rows first, then the game's: the order in which every move's write takes them (it
 * updates the mover's row, then the game's event number). The clock used to take the game's row
 * first, and each game's look at its abort moment, a minute after a live game starts, then
 * deadlocked with a guess in flight in that game: Postgres broke it after `deadlock_timeout`
 * (1 s), and every guess of the node waited behind that batch. On the capacity bench this was
 * the whole limit: stepping from 1,000 to 1,500 live games, guesses stalled for seconds as the
 * first games reached their abort moment (server/test/game-clock-lock-order.test.ts fails
 * with the old order).
 *
 * - At `abort_at` (a versus game): a player who has neither guessed nor given up aborts the
 *   game: it ends for both, unrated, and nothing counts (no stats, no points, no rating).
 *   Otherwise the clock looks again at the deadline.
 * - At the deadline: every player still playing is out of time: their game ends lost, as a
 *   forfeit, and the game settles (outcomes, stats, points, ratings) as any other.
 */
export class GameClock {
  constructor(private readonly db: Database) {}

  /** The earliest moment a game falls due (ms since the epoch), or null when none will. */
  async nextDue(): Promise<number | null> {
    const [row] = await this.db
      .select({ at: min(games.clockDueAt) })
      .from(games)
      .where(isNotNull(games.clockDueAt));
    return row?.at ? new Date(row.at).getTime() : null;
  }

  /** Looks at every game due now, a batch at a time; answers what ended. */
  async runDue(): Promise<ClockEnded[]> {
    const ended: ClockEnded[] = [];
    for (;;) {
      const due = await this.db
        .select({ id: games.id })
        .from(games)
        .where(lte(games.clockDueAt, sql`now()`))
        .orderBy(asc(games.clockDueAt))
        .limit(GAMES_PER_RUN);
      for (const { id } of due) {
        if (await this.bothStarted(id)) continue;
        const change = await this.db.transaction((tx) => this.lookAt(tx, id));
        if (change) ended.push(change);
      }
      if (due.length < GAMES_PER_RUN) return ended;
    }
  }

  /**
   * The look of nearly every live game at its abort moment, in one statement: every player has
   * started, so the clock only moves on to the deadline. Whether a player started never goes
   * back (a guess, giving up, a finished game), so the committed rows say it without locking
   * them; a first move still in flight reads as not started, and the locked look decides. It
   * takes the game's row alone, for that statement only, so it waits for no move and no move
   * waits on it beyond that. Answers whether it moved the game on. The locked look is six round
   * trips holding the players' rows; every live game passes its abort moment once (not measured
   * apart on the capacity bench, whose noise is larger than one statement a game).
   */
  private async bothStarted(gameId: number): Promise<boolean> {
    const moved = await this.db
      .update(games)
      .set({ clockDueAt: sql`${games.deadline}` })
      .where(
        and(
          eq(games.id, gameId),
          lte(games.clockDueAt, sql`now()`),
          eq(games.clockDueAt, games.abortAt),
          sql`NOT EXISTS (SELECT 1 FROM ${gamePlayers} WHERE ${gamePlayers.gameId} = ${games.id}
            AND ${gamePlayers.status} = 'playing' AND ${gamePlayers.guessCount} = 0
            AND NOT ${gamePlayers.forfeit})`,
        ),
      )
      .returning({ id: games.id });
    return moved.length > 0;
  }

  private async lookAt(tx: Transaction, gameId: number): Promise<ClockEnded | null> {
    const [claim] = await tx
      .select({
        taken: sql<boolean>`pg_try_advisory_xact_lock(${ADVISORY_LOCKS.gameClock}, ${gameId})`,
      })
      .from(sql`(SELECT 1) AS lock_probe`);
    // Another node is looking at it.
    if (!claim?.taken) return null;
    const players = await tx
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId))
      .orderBy(asc(gamePlayers.id))
      .for('update');
    const [game] = await tx
      .select()
      .from(games)
      .where(and(eq(games.id, gameId), lte(games.clockDueAt, sql`now()`)))
      .for('update');
    // Not due any more: a move settled it, or another node looked at it, meanwhile.
    if (!game?.clockDueAt) return null;
    const userIds = players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
    const abortPhase =
      game.abortAt !== null && game.clockDueAt.getTime() === game.abortAt.getTime();
    if (abortPhase) {
      const notStarted = players.some(
        (p) => p.status === 'playing' && p.guessCount === 0 && !p.forfeit,
      );
      if (!notStarted) {
        await tx.update(games).set({ clockDueAt: game.deadline }).where(eq(games.id, gameId));
        return null;
      }
      // Every side still playing stops (so that no move can land after this), none counts.
      await tx
        .update(gamePlayers)
        .set({ status: 'lost', finishedAt: new Date() })
        .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.status, 'playing')));
      const [after] = await tx
        .update(games)
        .set({
          aborted: true,
          rated: false,
          settledAt: new Date(),
          clockDueAt: null,
          eventSeq: sql`${games.eventSeq} + 1`,
        })
        .where(eq(games.id, gameId))
        .returning({ seq: games.eventSeq });
      await this.stopComputer(tx, gameId);
      return { gameId, reason: 'aborted', seq: after!.seq, userIds };
    }
    await tx
      .update(gamePlayers)
      .set({ status: 'lost', forfeit: true, outOfTime: true, finishedAt: new Date() })
      .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.status, 'playing')));
    const [after] = await tx
      .update(games)
      .set({
        clockDueAt: null,
        ...(game.mode === 'versus' ? { eventSeq: sql`${games.eventSeq} + 1` } : {}),
      })
      .where(eq(games.id, gameId))
      .returning({ seq: games.eventSeq });
    await settleIfDone(tx, gameId);
    await this.stopComputer(tx, gameId);
    return { gameId, reason: 'out of time', seq: after!.seq, userIds };
  }

  /** The computer makes no more moves in a game the clock ended. */
  private async stopComputer(tx: Transaction, gameId: number): Promise<void> {
    await tx
      .update(botGames)
      .set({ nextMoveAt: null, leaseUntil: null, leaseToken: null })
      .where(eq(botGames.gameId, gameId));
  }
}
