import {
  type Query,
  type QueryKey,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { useNetworkState } from '../network-status.ts';
import type { RealtimeEventName, RealtimeEventPayload } from './realtime-hub.ts';
import {
  type RealtimeHandlers,
  useRealtimeEvents,
  useRealtimeStatus,
} from './realtime-provider.tsx';

/**
 * How a live query's news reaches the screen: `live`, events of the real-time channel;
 * `polling`, the channel is not connected (the poll, when there is one, and the catch-up at the
 * next connect stand in for the events); `offline`, the page cannot reach the server at all
 * (the browser is offline, or, without the channel, a call just got no answer: see
 * network-status.ts), so nothing arrives either way; `done`, nothing more to watch.
 */
export type LiveFeed = 'live' | 'polling' | 'offline' | 'done';

/**
 * What an event means for the data: the data it now is (put in the cache as it is), `'refetch'`
 * (ask the server), or `undefined` (the event is about something else).
 */
export type LiveEventEffect<TData> = TData | 'refetch' | undefined;

/** Per event name, what that event does to the data (given the data cached now). */
export type LiveEventHandlers<TData> = {
  [E in RealtimeEventName]?: (
    payload: RealtimeEventPayload<E>,
    data: TData | undefined,
  ) => LiveEventEffect<TData>;
};

/**
 * The record of which numbered events are accounted for: a fetched answer accounts for every
 * event up to its `seq`; `received` is false when events before `seq` are missing.
 */
export interface EventNumbering {
  caughtUp(seq: number): void;
  received(seq: number): boolean;
}

export interface LiveQueryOptions<
  TData extends object,
  TQueryKey extends QueryKey = QueryKey,
> extends Omit<
  UseQueryOptions<TData, Error, TData, TQueryKey>,
  'enabled' | 'refetchInterval' | 'refetchIntervalInBackground' | 'select'
> {
  /** Whether there is anything to watch at all (signed in, a challenge sent...). Default true. */
  enabled?: boolean;
  /**
   * True once the answer can change no more (a challenge answered, a failure that ends the
   * wait): from then on nothing is fetched, polled or caught up. Default: never.
   */
  settled?: (state: { data: TData | undefined; error: Error | null }) => boolean;
  /** The events that bring news of this data, and what each does to it. */
  events?: NoInfer<LiveEventHandlers<TData>>;
  /**
   * For data whose events are numbered (`seq` in the answer and the event): every answer
   * catches the record up; an event after a gap in the numbers fetches once for what was missed.
   */
  sequence?: TData extends { seq: number } ? EventNumbering : never;
  /** Ask every POLL_INTERVAL_MS while the channel is not connected. Default true. */
  poll?: boolean;
  /**
   * Load while the channel is connected too. Default true; false when the events alone say
   * what changes while live (the query then loads only while not live, and at each reconnect).
   */
  loadWhileLive?: boolean;
}

const neverSettled = () => false;

/**
 * Server state kept current socket-first: the events of the real-time channel update it while
 * the channel is connected; while it is not (blocked, down, reconnecting, a guest), the query
 * is polled every POLL_INTERVAL_MS instead, in a background tab too (events reach one as well).
 * Every (re)connect while the screen is open fetches once for what the channel missed while
 * it was down, as does a gap in numbered events. A settled query stops all of it.
 */
export function useLiveQuery<TData extends object, TQueryKey extends QueryKey = QueryKey>({
  enabled = true,
  settled = neverSettled,
  events = {},
  sequence,
  poll = true,
  loadWhileLive = true,
  ...options
}: LiveQueryOptions<TData, TQueryKey>): { query: UseQueryResult<TData, Error>; feed: LiveFeed } {
  const queryClient = useQueryClient();
  const { status, connections } = useRealtimeStatus();
  const live = status === 'live';
  const { queryKey, queryFn } = options;
  const isSettled = (query: Query<TData, Error, TData, TQueryKey>) =>
    settled({ data: query.state.data, error: query.state.error });

  const query = useQuery({
    ...options,
    queryFn:
      sequence && typeof queryFn === 'function'
        ? async (context) => {
            const data = await queryFn(context);
            // An answer dropped for a newer event (cancelled below) accounts for nothing.
            if (!context.signal.aborted) sequence.caughtUp((data as { seq: number }).seq);
            return data;
          }
        : queryFn,
    enabled: (current) => enabled && (loadWhileLive || !live) && !isSettled(current),
    // A settled query is disabled, and a disabled query polls not.
    refetchInterval: poll && !live ? POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
  });
  const active = enabled && !settled({ data: query.data, error: query.error });
  const { refetch } = query;

  // Catch up after every (re)connect that happens while this is on screen: an event sent
  // while the channel was down is lost, and once it is up again nothing polls.
  const seenConnections = useRef(connections);
  useEffect(() => {
    if (connections === seenConnections.current) return;
    seenConnections.current = connections;
    if (active) void refetch();
  }, [connections, active, refetch]);

  const apply = (effect: LiveEventEffect<TData>) => {
    if (effect === undefined) return;
    if (effect === 'refetch') {
      if (active) void refetch();
      return;
    }
    const gap = sequence !== undefined && !sequence.received((effect as { seq: number }).seq);
    void (async () => {
      // An answer still on its way was read before the event: it must not overwrite it.
      await queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData<TData>(queryKey, effect);
      if (gap && active) await refetch();
    })();
  };
  // Each handler is called with its own event's payload (the hub keys them by name); TypeScript
  // cannot pair the two through Object.entries, hence `never`, which any handler accepts.
  const handlers = Object.fromEntries(
    Object.entries(events).map(([name, handle]) => [
      name,
      (payload: never) => apply(handle(payload, queryClient.getQueryData<TData>(queryKey))),
    ]),
  ) as RealtimeHandlers;
  useRealtimeEvents(handlers);

  // The browser's word beats the socket's (which takes up to a ping timeout to notice); a call
  // that got no answer beats the poll's promise, but not a live socket, which proves the server
  // can be reached (and no poll runs then to say so).
  const network = useNetworkState();
  const offline = network === 'offline' || (network === 'unreachable' && !live);
  return { query, feed: !active ? 'done' : offline ? 'offline' : live ? 'live' : 'polling' };
}
