import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { newGameQuery } from '@/lib/guest-hard-mode.ts';

/** The Daily Jotto query keys: today's game, and my record (the leaders are the leaderboards'). */
export const dailyKeys = {
  today: ['daily', 'today'] as const,
  stats: ['daily', 'stats'] as const,
};

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
