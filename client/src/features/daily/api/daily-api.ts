import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/**
 * The Daily Jotto query keys: today's game, my record and my streak reminder (the leaders are
 * the leaderboards').
 */
export const dailyKeys = {
  today: ['daily', 'today'] as const,
  stats: ['daily', 'stats'] as const,
  reminder: ['daily', 'reminder'] as const,
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
