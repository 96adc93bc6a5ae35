import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { newGameQuery } from '@/lib/guest-hard-mode.ts';

/**
 * The Daily Jotto query keys: today's game, my record, my streak reminder, a game's skill,
 * and the day's boards (everyone's under the Leaderboards screen's key for the same answer; the
 * friends' under it).
 */
export const dailyKeys = {
  today: ['daily', 'today'] as const,
  stats: ['daily', 'stats'] as const,
  reminder: ['daily', 'reminder'] as const,
  skill: (gameId: number) => ['daily', 'skill', gameId] as const,
  board: (scope: DailyBoardScope) =>
    scope === 'everyone' ? (['daily', 'leaders'] as const) : (['daily', 'leaders', scope] as const),
};

/** Whose solves a day's board ranks. */
export type DailyBoardScope = 'everyone' | 'friends';

/**
 * How often the daily page's board is asked again while it shows. The page is open for a whole
 * game, so it asks less often than the Leaderboards screen's tab (every 3 s): a board is read
 * again when the player's own game ends (see DailyBoard) and when the window regains focus, so
 * their own solve is on it at once and a friend's within this.
 */
export const DAILY_BOARD_REFRESH_MS = 15_000;

/**
 * `GET /daily`: today's game, made by the first call of the day and the same after. Asked
 * again when the window regains focus like any query, so a page left open past midnight UTC
 * moves on to the new day's game. A refusal (a guest's rate limit, say) is said, not retried.
 */
export const todaysDailyQuery = queryOptions({
  queryKey: dailyKeys.today,
  // With this browser's guest hard-mode setting, for the day's game if this call makes it.
  queryFn: () => callEndpoint('daily', { query: newGameQuery() }),
  retry: false,
});

/** `GET /daily/stats`: asked when shown, which is once the day's game has ended. */
export const dailyStatsQuery = queryOptions({
  queryKey: dailyKeys.stats,
  queryFn: () => callEndpoint('dailyStats'),
  retry: false,
});

/** `GET /daily/reminder`: my streak reminder (docs/PRODUCT.md, 'Streak reminder'), or null. */
export const dailyReminderQuery = queryOptions({
  queryKey: dailyKeys.reminder,
  queryFn: () => callEndpoint('dailyReminder'),
  retry: false,
});

/** Turns my streak reminder on at `hour` of my clock in `timeZone`, or moves it. */
export const setDailyReminder = (hour: number, timeZone: string) =>
  callEndpoint('setDailyReminder', { body: { hour, timeZone } });

/** Turns my streak reminder off. */
export const turnDailyReminderOff = () => callEndpoint('dailyReminderOff');

/**
 * `GET /daily/leaders` (`?scope=friends` for the signed-in player and their friends): the day's
 * solvers, asked when shown and every DAILY_BOARD_REFRESH_MS while shown.
 */
export const dailyBoardQuery = (scope: DailyBoardScope) =>
  queryOptions({
    queryKey: dailyKeys.board(scope),
    queryFn: () =>
      scope === 'everyone'
        ? callEndpoint('dailyLeaders')
        : callEndpoint('dailyLeaders', { query: { scope } }),
    staleTime: 0,
    refetchInterval: DAILY_BOARD_REFRESH_MS,
  });

/**
 * `GET /game/:id/skill`: a finished daily's skill and luck, which the player may have before
 * the analysis (it waits for midnight UTC). A finished game's never change.
 */
export const dailySkillQuery = (gameId: number) =>
  queryOptions({
    queryKey: dailyKeys.skill(gameId),
    queryFn: () => callEndpoint('gameSkill', { params: { id: gameId } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The archive's query keys: a page of days by its `before`, a past day's game by its day. */
export const archiveKeys = {
  pages: ['daily', 'archive', 'page'] as const,
  page: (before: string) => ['daily', 'archive', 'page', before] as const,
  game: (day: string) => ['daily', 'archive', 'game', day] as const,
};

/** `GET /daily/archive?before=`: the 60 days before `before`, and how I stand with each. */
export const archivePageQuery = (before: string) =>
  queryOptions({
    queryKey: archiveKeys.page(before),
    queryFn: () => callEndpoint('dailyArchive', { query: { before } }),
    retry: false,
  });

/**
 * `GET /daily/:day`: my game of a past day, made by the first call (docs/PRODUCT.md,
 * 'Archive'). A refusal (a day that cannot be played) is said, not retried.
 */
export const pastDailyQuery = (day: string) =>
  queryOptions({
    queryKey: archiveKeys.game(day),
    // With this browser's guest hard-mode setting, for the day's game if this call makes it.
    queryFn: () => callEndpoint('dailyDay', { params: { day }, query: newGameQuery() }),
    retry: false,
  });
