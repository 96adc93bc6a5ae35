import { queryOptions } from '@tanstack/react-query';
import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** `POST /games {type, age}`: my solo or versus games, going on (new) or settled (old). */
export const gamesListQuery = (list: EndpointBody<'gamesList'>) =>
  queryOptions({
    queryKey: ['games', list.type, list.age],
    queryFn: () => callEndpoint('gamesList', { body: list }),
  });
