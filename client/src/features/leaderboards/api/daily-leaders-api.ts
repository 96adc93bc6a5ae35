import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/**
 * `GET /daily/leaders`: today's Daily Jotto solvers, a snapshot recomputed every minute, so a
 * minute's freshness costs nothing and saves refetches while switching tabs.
 */
export const dailyLeadersQuery = queryOptions({
  queryKey: ['daily', 'leaders'],
  queryFn: () => callEndpoint('dailyLeaders'),
  staleTime: 60_000,
});
