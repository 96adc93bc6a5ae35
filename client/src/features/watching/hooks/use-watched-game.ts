import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiCallError } from '@/lib/api-client.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-provider.tsx';
import { type LiveFeed, useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { fetchWatchView, unwatchGame, watchKeys, type WatchView } from '../api/watching-api.ts';
import { withAnswer, withCountsEvent, withSaidEvent, withWatchersEvent } from '../watch-state.ts';

/** How long after the deadline the view is asked for if nothing said the clock ended the game. */
const DEADLINE_GRACE_MS = 2_000;
/** setTimeout's longest delay (about 24 days): a farther deadline is not waited for here. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** An answer that asking again will not change: no such game to watch (404), or not for me (403). */
const isFinal = (error: Error | null) =>
  error instanceof ApiCallError && (error.status === 403 || error.status === 404);

/**
 * A game as its spectator sees it (docs/PRODUCT.md, 'Watching'), kept current socket-first:
 * `watch:counts`, `game:watchers` and `game:said` while the channel is connected, `GET
 * /game/:id/watch` every POLL_INTERVAL_MS while it is not (useLiveQuery), until the game is
 * settled; `watch:closed` asks again at once. Asking is what puts my sockets in the game's watch
 * room, so every (re)connect asks again (useLiveQuery's catch-up, which goes on after the game is
 * settled: the phrases and the count still come); each poll asks only for the phrases said since
 * the last answer. Leaving
 * (unmount) takes my sockets out of the room. A refusal (403, 404), even after the view has
 * shown, ends it all and is given back as `error` in place of the view.
 */
export function useWatchedGame(
  gameId: number,
  enabled: boolean,
): { view: WatchView | undefined; error: Error | null; feed: LiveFeed } {
  const queryClient = useQueryClient();
  const key = watchKeys.game(gameId);
  // The event number the last answer accounted for: the next asks only for phrases after it.
  const answeredSeq = useRef<number | undefined>(undefined);
  const shown = queryClient.getQueryData<WatchView>(key);
  const { query, feed } = useLiveQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const answer = await fetchWatchView(gameId, answeredSeq.current);
      // An answer dropped for a newer event (useLiveQuery cancels it) never reaches the screen:
      // its phrases are asked for again next time.
      if (!signal.aborted) answeredSeq.current = answer.seq;
      return withAnswer(queryClient.getQueryData<WatchView>(key), answer);
    },
    enabled,
    retry: false,
    staleTime: 0,
    // A settled game changes no more: nothing to poll. A reconnect still asks (see above).
    poll: shown?.settled !== true,
    // Refused (a player turned watching off, a block): nothing more to ask, even after a view.
    settled: ({ error }) => isFinal(error),
    events: {
      'watch:counts': (event, data) =>
        event.gameId === gameId ? withCountsEvent(data, event) : undefined,
      'game:watchers': (event, data) =>
        event.gameId === gameId && data ? withWatchersEvent(data, event) : undefined,
      'game:said': (event, data) =>
        event.gameId === gameId && data ? withSaidEvent(data, event) : undefined,
    },
  });
  const { refetch } = query;
  const view = query.data;

  // The room closed (a player turned watching off, a block): ask again, which is refused for me
  // (the refusal replaces the view) or puts me back in the room.
  useRealtimeEvent('watch:closed', (event) => {
    if (enabled && event.gameId === gameId) void refetch();
  });

  // The clock ends the game at its deadline, and says so; should that word be lost, ask a
  // little after it.
  const deadline = view && !view.settled ? view.deadline : undefined;
  useEffect(() => {
    if (deadline === undefined) return;
    const delay = Date.parse(deadline) - Date.now() + DEADLINE_GRACE_MS;
    if (delay > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [deadline, refetch]);

  // Leaving the page leaves the room. Once the unmount is over, not at once: React's
  // development double mount unmounts and mounts again in the same task, and must not leave.
  const mounted = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    mounted.current = true;
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        if (mounted.current) return;
        unwatchGame(gameId).catch(() => {
          // Nothing to tell: the server drops a socket from the room when it disconnects.
        });
      });
    };
  }, [enabled, gameId]);

  const done = view?.settled === true;
  // A refusal outweighs the view shown; any other failure (no answer) keeps it on screen.
  const error = isFinal(query.error) || !view ? query.error : null;
  return { view: error ? undefined : view, error, feed: done ? 'done' : feed };
}
