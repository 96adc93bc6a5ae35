import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

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
  queryFn: () => callEndpoint('daily'),
  retry: false,
});

/** `GET /daily/stats`: asked when shown, which is once the day's game has ended. */
export const dailyStatsQuery = queryOptions({
  queryKey: dailyKeys.stats,
  queryFn: () => callEndpoint('dailyStats'),
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
    queryFn: () => callEndpoint('dailyDay', { params: { day } }),
    retry: false,
  });
