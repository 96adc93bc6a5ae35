import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { fakeApi } from '@/test/fake-api.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { FakeSocket } from '@/test/render-screen.tsx';
import { networkStatus } from '../network-status.ts';
import { createQueryClient } from '../query-client.ts';
import type { RealtimeSocket } from './realtime-connection.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { RealtimeProvider } from './realtime-provider.tsx';
import { type EventNumbering, type LiveQueryOptions, useLiveQuery } from './use-live-query.ts';

/** What the fake server holds: a game's counts, numbered as its events are. */
interface Counts {
  gameId: number;
  seq: number;
  guesses: number;
}

/**
 * `useLiveQuery` over the real query cache and realtime hub, on a fake socket (and the fake
 * clock each test starts), for a signed-in user (so the hub opens the channel). `options` is read at every
 * render; `server` is what each fetch answers; `fetches` counts the requests.
 */
function renderLiveQuery(options: () => Partial<LiveQueryOptions<Counts>> = () => ({})) {
  const server: Counts = { gameId: 7, seq: 0, guesses: 0 };
  const fetches = vi.fn(async () => ({ ...server }));
  const socket = new FakeSocket();
  const hub = new RealtimeHub(async () => socket as unknown as RealtimeSocket);
  const queryClient = createQueryClient();
  fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider hub={hub}>{children}</RealtimeProvider>
    </QueryClientProvider>
  );
  const view = renderHook(
    () =>
      useLiveQuery<Counts>({
        queryKey: ['counts', 7],
        queryFn: fetches,
        staleTime: 0,
        ...options(),
      }),
    { wrapper },
  );
  const connect = async () => {
    await eventually(() => expect(socket.attached).toBe(true));
    act(() => socket.connect());
    await settle();
  };
  const emit = async (counts: Counts) => {
    act(() => socket.emit('game:counts', countsEvent(counts)));
    await settle();
  };
  return { server, fetches, socket, connect, emit, result: view.result, queryClient };
}

/** A `game:counts` event whose `enemyGuesses` carries the test's `guesses`. */
const countsEvent = ({ gameId, seq, guesses }: Counts) => ({
  gameId,
  seq,
  enemyGuesses: guesses,
  enemyScore: 100 - 5 * guesses,
  enemyWon: false,
  enemyForfeit: false,
  outcome: 'pending' as const,
});

/** Folds `game:counts` of game 7 into the data; other games' events are not about it. */
const countsEvents = (): LiveQueryOptions<Counts>['events'] => ({
  'game:counts': (event) =>
    event.gameId === 7
      ? { gameId: event.gameId, seq: event.seq, guesses: event.enemyGuesses }
      : undefined,
});

/** The numbering of the game's events: everything up to `seen` is accounted for. */
function numbering(): EventNumbering & { seen: number } {
  return {
    seen: 0,
    caughtUp(seq) {
      this.seen = Math.max(this.seen, seq);
    },
    received(seq) {
      if (seq > this.seen + 1) return false;
      this.seen = Math.max(this.seen, seq);
      return true;
    },
  };
}

describe('useLiveQuery', () => {
  it(`polls every ${POLL_INTERVAL_MS} ms while the channel is not connected`, async () => {
    useFakeClock();
    const { fetches, server, result } = renderLiveQuery();
    await settle();
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(result.current.feed).toBe('polling');
    server.guesses = 1;
    await advance(POLL_INTERVAL_MS - 1);
    expect(fetches).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(result.current.query.data?.guesses).toBe(1);
    await advance(POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(3);
  });

  it('does not poll while connected, and catches up once on connecting', async () => {
    useFakeClock();
    const { fetches, connect, result } = renderLiveQuery();
    await settle();
    expect(fetches).toHaveBeenCalledTimes(1);
    await connect();
    expect(result.current.feed).toBe('live');
    expect(fetches).toHaveBeenCalledTimes(2);
    await advance(10 * POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it('polls again while the channel is down and catches up once when it is back', async () => {
    useFakeClock();
    const { fetches, socket, connect, server, result } = renderLiveQuery();
    await connect();
    const live = fetches.mock.calls.length;
    act(() => socket.drop());
    await settle();
    expect(result.current.feed).toBe('polling');
    await advance(POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(live + 1);
    server.guesses = 2;
    act(() => socket.connect());
    await settle();
    expect(fetches).toHaveBeenCalledTimes(live + 2);
    expect(result.current.query.data?.guesses).toBe(2);
    await advance(10 * POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(live + 2);
  });

  it("puts an event's data in the cache without a request, and ignores events about other data", async () => {
    useFakeClock();
    const { fetches, connect, emit, result } = renderLiveQuery(() => ({ events: countsEvents() }));
    await connect();
    const before = fetches.mock.calls.length;
    await emit({ gameId: 7, seq: 1, guesses: 1 });
    expect(result.current.query.data).toEqual({ gameId: 7, seq: 1, guesses: 1 });
    await emit({ gameId: 99, seq: 2, guesses: 5 });
    expect(result.current.query.data).toEqual({ gameId: 7, seq: 1, guesses: 1 });
    expect(fetches).toHaveBeenCalledTimes(before);
  });

  it("fetches when an event's effect is 'refetch'", async () => {
    useFakeClock();
    const { fetches, connect, socket, server, result } = renderLiveQuery(() => ({
      events: { 'friend:request': () => 'refetch' },
    }));
    await connect();
    const before = fetches.mock.calls.length;
    server.guesses = 3;
    act(() => socket.emit('friend:request', { id: 1, name: 'bob' }));
    await settle();
    expect(fetches).toHaveBeenCalledTimes(before + 1);
    expect(result.current.query.data?.guesses).toBe(3);
  });

  it('fetches once on a gap in the event numbers, and not for events that follow on', async () => {
    useFakeClock();
    const sequence = numbering();
    const { fetches, connect, emit, server, result } = renderLiveQuery(() => ({
      events: countsEvents(),
      sequence,
    }));
    await connect();
    expect(sequence.seen).toBe(0);
    const before = fetches.mock.calls.length;
    await emit({ gameId: 7, seq: 1, guesses: 1 });
    expect(fetches).toHaveBeenCalledTimes(before);

    // Event 2 is lost; event 3 shows the gap, and the answer catches the numbering up.
    Object.assign(server, { seq: 3, guesses: 3 });
    await emit({ gameId: 7, seq: 3, guesses: 3 });
    expect(fetches).toHaveBeenCalledTimes(before + 1);
    expect(sequence.seen).toBe(3);
    await emit({ gameId: 7, seq: 4, guesses: 4 });
    expect(fetches).toHaveBeenCalledTimes(before + 1);
    expect(result.current.query.data?.guesses).toBe(4);
  });

  it("keeps an event's data over an answer that was on its way when the event came", async () => {
    useFakeClock();
    let answer = (_counts: Counts) => {};
    const { connect, emit, queryClient, result } = renderLiveQuery(() => ({
      events: countsEvents(),
    }));
    await connect();
    const late = new Promise<Counts>((resolve) => (answer = resolve));
    void queryClient.fetchQuery({ queryKey: ['counts', 7], queryFn: () => late, staleTime: 0 });
    await emit({ gameId: 7, seq: 5, guesses: 5 });
    answer({ gameId: 7, seq: 4, guesses: 4 });
    await settle();
    expect(result.current.query.data?.guesses).toBe(5);
  });

  it('stops once settled: no poll, no catch-up, and the feed is done', async () => {
    useFakeClock();
    const { fetches, socket, connect, server, result } = renderLiveQuery(() => ({
      settled: ({ data }) => (data?.guesses ?? 0) >= 2,
    }));
    await settle();
    server.guesses = 2;
    await advance(POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(result.current.feed).toBe('done');
    await advance(10 * POLL_INTERVAL_MS);
    await connect();
    act(() => socket.drop());
    act(() => socket.connect());
    await settle();
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it('is offline while the browser is, even with the channel connected, and live again after', async () => {
    useFakeClock();
    const { connect, result } = renderLiveQuery();
    await connect();
    expect(result.current.feed).toBe('live');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current.feed).toBe('offline');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current.feed).toBe('live');
  });

  it('is offline after a call without an answer while polling, not while the channel is live', async () => {
    useFakeClock();
    const { connect, socket, result } = renderLiveQuery();
    await settle();
    act(() => networkStatus.unreachable());
    expect(result.current.feed).toBe('offline');
    await connect();
    expect(result.current.feed).toBe('live');
    act(() => socket.drop());
    expect(result.current.feed).toBe('offline');
    act(() => networkStatus.answered());
    expect(result.current.feed).toBe('polling');
  });

  it('asks nothing while not enabled', async () => {
    useFakeClock();
    const { fetches, connect, result } = renderLiveQuery(() => ({ enabled: false }));
    await advance(10 * POLL_INTERVAL_MS);
    await connect();
    expect(fetches).not.toHaveBeenCalled();
    expect(result.current.feed).toBe('done');
  });

  it('without a poll, asks again only when the channel comes back', async () => {
    useFakeClock();
    const { fetches, socket, connect } = renderLiveQuery(() => ({ poll: false }));
    await advance(10 * POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(1);
    await connect();
    expect(fetches).toHaveBeenCalledTimes(2);
    act(() => socket.drop());
    await advance(10 * POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(2);
    act(() => socket.connect());
    await settle();
    expect(fetches).toHaveBeenCalledTimes(3);
  });

  it('loads only while not live when told the events say it all, and at every reconnect', async () => {
    useFakeClock();
    const { fetches, socket, connect } = renderLiveQuery(() => ({ loadWhileLive: false }));
    await settle();
    expect(fetches).toHaveBeenCalledTimes(1);
    await connect();
    expect(fetches).toHaveBeenCalledTimes(2);
    await advance(10 * POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(2);
    act(() => socket.drop());
    await settle();
    expect(fetches).toHaveBeenCalledTimes(3);
    await advance(POLL_INTERVAL_MS);
    expect(fetches).toHaveBeenCalledTimes(4);
  });
});
