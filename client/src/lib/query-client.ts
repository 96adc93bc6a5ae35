import { QueryClient } from '@tanstack/react-query';
import { ApiCallError } from './api-client.ts';

/**
 * The one cache of server state. A 4xx is an answer, not a hiccup: only network failures and
 * 5xx are retried (once). Data are considered fresh for a few seconds so that moving between
 * screens does not refetch what was just loaded.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (failures, error) =>
          failures < 1 &&
          !(error instanceof ApiCallError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      // A mutation is sent when the player acts, or not at all. The default network mode
      // ('online') holds a mutation made while the browser says it is offline and fires it when
      // the connection returns, behind the player's back (a guess typed offline would land
      // minutes later); 'always' sends at once, and a request that gets no answer fails and is
      // said (docs/PRODUCT.md, 'Offline').
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
