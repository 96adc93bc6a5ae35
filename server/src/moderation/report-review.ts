import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportReason } from '@jotto/shared/moderation-schemas';
import type { Database } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers, games, guesses } from '../db/game-tables.ts';
import { userReports } from '../db/moderation-tables.ts';

/** How many finished games of each player a report shows. */
export const RECENT_RESULTS = 10;

/** One player's side of the game a report names: every guess, with its count, in order. */
export interface ReportedGameSide {
  username: string;
  status: string;
  score: number;
  guesses: { word: string; matches: number }[];
}

/** One finished game of a player: against whom (or which mode), how it ended, the score. */
export interface RecentResult {
  gameId: number;
  mode: 'solo' | 'versus';
  opponent: string | null;
  outcome: string;
  score: number;
  finishedAt: Date | null;
}

/** An open report, with what an admin needs to decide on it. */
export interface ReportForReview {
  id: number;
  createdAt: Date;
  reporter: { id: number; username: string };
  reported: { id: number; username: string };
  reason: ReportReason;
  note: string | null;
  game: { id: number; mode: 'solo' | 'versus'; settled: boolean; sides: ReportedGameSide[] } | null;
  reporterResults: RecentResult[];
  reportedResults: RecentResult[];
}

/**
 * The open reports, oldest first, each with the named game's moves and both players' recent
 * results (docs/PRODUCT.md, 'Reports'): for `pnpm admin reports`. An admin's tool, run by hand:
 * a few statements per report, read from the open reports' partial index.
 */
export async function openReportsForReview(db: Database): Promise<ReportForReview[]> {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  const rows = await db
    .select({
      id: userReports.id,
      createdAt: userReports.createdAt,
      reporterId: userReports.reporterId,
      reporterName: reporter.username,
      reportedId: userReports.reportedId,
      reportedName: reported.username,
      reason: userReports.reason,
      note: userReports.note,
      gameId: userReports.gameId,
    })
    .from(userReports)
    .innerJoin(reporter, eq(reporter.id, userReports.reporterId))
    .innerJoin(reported, eq(reported.id, userReports.reportedId))
    .where(isNull(userReports.resolvedAt))
    .orderBy(asc(userReports.createdAt), asc(userReports.id));
  const reviews: ReportForReview[] = [];
  for (const row of rows) {
    reviews.push({
      id: row.id,
      createdAt: row.createdAt,
      reporter: { id: row.reporterId, username: row.reporterName ?? `#${row.reporterId}` },
      reported: { id: row.reportedId, username: row.reportedName ?? `#${row.reportedId}` },
      reason: row.reason,
      note: row.note,
      game: row.gameId === null ? null : await gameMoves(db, row.gameId),
      reporterResults: await recentResults(db, row.reporterId),
      reportedResults: await recentResults(db, row.reportedId),
    });
  }
  return reviews;
}

/** Both sides of a game, each with its guesses in the order made; null for a game gone. */
async function gameMoves(db: Database, gameId: number): Promise<ReportForReview['game']> {
  const [game] = await db
    .select({ id: games.id, mode: games.mode, settledAt: games.settledAt })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) return null;
  const sides = await db
    .select({
      playerId: gamePlayers.id,
      username: users.username,
      status: gamePlayers.status,
      score: gamePlayers.score,
    })
    .from(gamePlayers)
    .leftJoin(users, eq(users.id, gamePlayers.userId))
    .where(eq(gamePlayers.gameId, gameId))
    .orderBy(asc(gamePlayers.id));
  const moves =
    sides.length === 0
      ? []
      : await db
          .select({ playerId: guesses.playerId, word: guesses.word, matches: guesses.matches })
          .from(guesses)
          .where(
            inArray(
              guesses.playerId,
              sides.map((side) => side.playerId),
            ),
          )
          .orderBy(asc(guesses.createdAt), asc(guesses.id));
  return {
    id: game.id,
    mode: game.mode,
    settled: game.settledAt !== null,
    sides: sides.map((side) => ({
      username: side.username ?? 'guest',
      status: side.status,
      score: side.score,
      guesses: moves
        .filter((move) => move.playerId === side.playerId)
        .map(({ word, matches }) => ({ word, matches })),
    })),
  };
}

/** A player's last finished games, newest first. */
async function recentResults(db: Database, userId: number): Promise<RecentResult[]> {
  const opponent = alias(gamePlayers, 'opponent');
  const opponentUser = alias(users, 'opponent_user');
  const rows = await db
    .select({
      gameId: games.id,
      mode: games.mode,
      opponent: opponentUser.username,
      status: gamePlayers.status,
      outcome: gamePlayers.outcome,
      forfeit: gamePlayers.forfeit,
      outOfTime: gamePlayers.outOfTime,
      aborted: games.aborted,
      score: gamePlayers.score,
      finishedAt: gamePlayers.finishedAt,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .leftJoin(
      opponent,
      and(eq(opponent.gameId, gamePlayers.gameId), ne(opponent.id, gamePlayers.id)),
    )
    .leftJoin(opponentUser, eq(opponentUser.id, opponent.userId))
    .where(and(eq(gamePlayers.userId, userId), ne(gamePlayers.status, 'playing')))
    .orderBy(sql`${gamePlayers.finishedAt} DESC NULLS LAST`, desc(games.id))
    .limit(RECENT_RESULTS);
  return rows.map((row) => ({
    gameId: row.gameId,
    mode: row.mode,
    opponent: row.mode === 'versus' ? (row.opponent ?? 'guest') : null,
    outcome: describeOutcome(row),
    score: row.score,
    finishedAt: row.finishedAt,
  }));
}

function describeOutcome(row: {
  status: string;
  outcome: string | null;
  forfeit: boolean;
  outOfTime: boolean;
  aborted: boolean;
}): string {
  if (row.aborted) return 'aborted';
  const result = row.outcome ?? row.status;
  if (row.outOfTime) return `${result} (out of time)`;
  if (row.forfeit) return `${result} (gave up)`;
  return result;
}
