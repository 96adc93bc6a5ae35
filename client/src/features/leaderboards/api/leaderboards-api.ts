import { queryOptions } from '@tanstack/react-query';
import type { EndpointParams } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

export type LeaderboardType = EndpointParams<'leaderboard'>['type'];

/**
 * `GET /leaders/:type`: the stored snapshot, recomputed every 5 minutes, so a
 * minute of freshness costs nothing and saves refetches while switching tabs.
 */
export const leaderboardQuery = (type: LeaderboardType) =>
  queryOptions({
    queryKey: ['leaderboard', type],
    queryFn: () => callEndpoint('leaderboard', { params: { type } }),
    staleTime: 60_000,
  });
