import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { versusOutcome, versusSideOf } from '@jotto/shared/game-rules';
import type { GameListItem } from '@jotto/shared/game-schemas';
import { describeTimeAgo } from '@jotto/shared/time-ago';
import type { Database } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { ownedBy } from './game-ownership.ts';
import { isFinished } from './game-state.ts';

/** The most recent games a list shows (docs/PRODUCT.md, 'Limits'). */
const LIST_LIMIT = 100;

/**
 * `POST /games`: a signed-in player's games of one mode, unsettled (new) or settled (old), latest
 * first; a settled game's secret is shown as its 'Target'.
 */
export async function listGames(
  db: Database,
  viewer: Viewer,
  mode: 'solo' | 'versus',
  age: 'new' | 'old',
): Promise<GameListItem[]> {
  const opponent = alias(gamePlayers, 'opponent');
  const opponentUser = alias(users, 'opponent_user');
  const rows = await db
    .select({
      me: gamePlayers,
      secret: games.secret,
      deadline: games.deadline,
      aborted: games.aborted,
      opponent,
      opponentName: opponentUser.username,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .leftJoin(opponent, and(eq(opponent.gameId, games.id), ne(opponent.id, gamePlayers.id)))
    .leftJoin(opponentUser, eq(opponentUser.id, opponent.userId))
    .where(
      and(
        ownedBy(viewer),
        eq(games.mode, mode),
        age === 'new' ? isNull(games.settledAt) : isNotNull(games.settledAt),
      ),
    )
    .orderBy(desc(gamePlayers.lastPlayedAt), desc(gamePlayers.id))
    .limit(LIST_LIMIT);
  const now = new Date();
  return rows.map(({ me, secret, deadline, aborted, opponent: other, opponentName }) => ({
    id: me.gameId,
    score: me.score,
    timeAgo: describeTimeAgo(me.lastPlayedAt, now),
    lastPlayedAt: me.lastPlayedAt.toISOString(),
    guess: me.lastGuess,
    won: me.status === 'won',
    forfeit: me.forfeit,
    // A settled daily's word waits for the end of its day, but for its solver; an archive
    // game's day is over.
    ...(age === 'old' &&
    isFinished(me) &&
    (me.dailyDay === null ||
      me.archive ||
      me.status === 'won' ||
      (deadline !== null && deadline <= now))
      ? { target: secret }
      : {}),
    ...(aborted ? { aborted: true as const } : {}),
    ...(me.outOfTime ? { outOfTime: true as const } : {}),
    ...(other
      ? {
          opponent: opponentName ?? '',
          enemyScore: other.score,
          enemyWon: other.status === 'won',
          enemyForfeit: other.forfeit,
          outcome: versusOutcome(versusSideOf(me), versusSideOf(other)),
        }
      : {}),
  }));
}
