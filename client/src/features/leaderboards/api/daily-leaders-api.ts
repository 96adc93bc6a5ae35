import { queryOptions } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/**
 * `GET /daily/leaders`: today's Daily Jotto solvers. The server recomputes them after each
 * solve, so the board is fetched whenever it is shown (a player who just solved finds their
 * solve on it) and polled while it is on screen, so the others' solves come within seconds;
 * hidden (another tab, a background window) it rests.
 */
export const dailyLeadersQuery = queryOptions({
  queryKey: ['daily', 'leaders'],
  queryFn: () => callEndpoint('dailyLeaders'),
  staleTime: 0,
  refetchInterval: POLL_INTERVAL_MS,
});
