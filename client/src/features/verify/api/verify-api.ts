import { queryOptions } from '@tanstack/react-query';
import type { EndpointParams } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/**
 * `GET /users/:username/verify/:verifyCode`. A GET that changes state, so it is a
 * query that never runs again by itself: no retry, never stale, no refetch on focus or
 * reconnect, kept for the whole visit. React's StrictMode mounts the page twice in
 * development; both mounts share this one query, so the server sees one call per visit.
 */
export const verifyQuery = (params: EndpointParams<'verify'>) =>
  queryOptions({
    queryKey: ['verify', params.username, params.verifyCode],
    queryFn: () => callEndpoint('verify', { params }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
