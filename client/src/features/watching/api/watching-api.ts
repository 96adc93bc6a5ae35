import { queryOptions } from '@tanstack/react-query';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** The live games one may watch, and a game as its spectator sees it. */
export type LiveGames = EndpointResponse<'liveGames'>;
export type WatchView = EndpointResponse<'watchGame'>;

/**
 * How often the Watch list asks again while it is on screen: the games come and go, and their
 * scores move, but nothing on the list needs the 3-second pace of a game one plays or watches
 * (docs/PRODUCT.md, 'Watching').
 */
export const LIVE_GAMES_REFRESH_MS = 10_000;

/** The watching query keys. */
export const watchKeys = {
  live: ['watch', 'live'] as const,
  game: (gameId: number) => ['watch', 'game', gameId] as const,
};

/**
 * `GET /games/live`, asked again every LIVE_GAMES_REFRESH_MS while the list is shown (not in a
 * background tab: nobody reads it there).
 */
export const liveGamesQuery = queryOptions({
  queryKey: watchKeys.live,
  queryFn: () => callEndpoint('liveGames'),
  refetchInterval: LIVE_GAMES_REFRESH_MS,
  refetchIntervalInBackground: false,
});

/**
 * `GET /game/:id/watch`: the spectator's view; asking also puts my connected sockets in the
 * game's watch room. `since`: only the phrases said after that event number come along.
 */
export const fetchWatchView = (gameId: number, since?: number) =>
  callEndpoint('watchGame', {
    params: { id: gameId },
    ...(since === undefined ? {} : { query: { since } }),
  });

/** `POST /game/:id/unwatch`: takes my sockets out of the game's watch room. */
export const unwatchGame = (gameId: number) =>
  callEndpoint('unwatchGame', { params: { id: gameId } });
