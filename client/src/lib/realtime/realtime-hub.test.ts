import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/render-screen.tsx';
import type { RealtimeSocket } from './realtime-connection.ts';
import {
  RECONNECT_AFTER_DRAIN_MS,
  RECONNECT_AFTER_SERVER_CLOSE_MS,
  RealtimeHub,
  type RealtimeStatus,
} from './realtime-hub.ts';

const asSocket = (socket: FakeSocket) => socket as unknown as RealtimeSocket;

/** A hub over fake sockets, each opened when the test says the module has loaded. */
function hubWithDeferredOpen() {
  const sockets: FakeSocket[] = [];
  const pending: Array<() => void> = [];
  const hub = new RealtimeHub(
    () =>
      new Promise<RealtimeSocket>((resolve) => {
        const socket = new FakeSocket();
        sockets.push(socket);
        pending.push(() => resolve(asSocket(socket)));
      }),
  );
  const statuses: RealtimeStatus[] = [];
  hub.subscribeStatus(() => statuses.push(hub.getSnapshot().status));
  const load = async (index = pending.length - 1) => {
    pending[index]!();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { hub, sockets, statuses, load };
}

describe('RealtimeHub', () => {
  it('is off until connected, then connecting, live, and offline when the channel drops', async () => {
    const { hub, sockets, statuses, load } = hubWithDeferredOpen();
    expect(hub.getSnapshot()).toEqual({ status: 'off', connections: 0 });
    const connecting = hub.connect();
    expect(hub.getSnapshot().status).toBe('connecting');
    await load();
    await connecting;
    expect(hub.getSnapshot().status).toBe('connecting');
    sockets[0]!.connect();
    expect(hub.getSnapshot()).toEqual({ status: 'live', connections: 1 });
    sockets[0]!.drop();
    expect(hub.getSnapshot()).toEqual({ status: 'offline', connections: 1 });
    expect(statuses).toEqual(['connecting', 'live', 'offline']);
  });

  it('counts every connect, reconnects included', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const connecting = hub.connect();
    await load();
    await connecting;
    sockets[0]!.connect();
    sockets[0]!.drop();
    sockets[0]!.connect();
    expect(hub.getSnapshot()).toEqual({ status: 'live', connections: 2 });
  });

  it('hands events to handlers subscribed before the socket existed', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const accepted = vi.fn();
    const counts = vi.fn();
    hub.on('challenge:accepted', accepted);
    hub.on('game:counts', counts);
    const connecting = hub.connect();
    await load();
    await connecting;
    sockets[0]!.connect();
    sockets[0]!.emit('challenge:accepted', { challengeId: 3, gameId: 8 });
    expect(accepted).toHaveBeenCalledExactlyOnceWith({ challengeId: 3, gameId: 8 });
    expect(counts).not.toHaveBeenCalled();
  });

  it('stops handing events to an unsubscribed handler', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const handler = vi.fn();
    const off = hub.on('challenge:denied', handler);
    const connecting = hub.connect();
    await load();
    await connecting;
    sockets[0]!.emit('challenge:denied', { challengeId: 1 });
    off();
    sockets[0]!.emit('challenge:denied', { challengeId: 2 });
    expect(handler).toHaveBeenCalledExactlyOnceWith({ challengeId: 1 });
  });

  it('opens one socket however often connect is called', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const first = hub.connect();
    void hub.connect();
    await load();
    await first;
    await hub.connect();
    expect(sockets).toHaveLength(1);
  });

  it('discards a socket whose module arrives after a disconnect', async () => {
    const { hub, sockets, statuses, load } = hubWithDeferredOpen();
    const handler = vi.fn();
    hub.on('game:counts', handler);
    const connecting = hub.connect();
    hub.disconnect();
    expect(hub.getSnapshot().status).toBe('off');
    await load(0);
    await connecting;
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[0]!.attached).toBe(false);
    expect(hub.getSnapshot().status).toBe('off');
    expect(statuses).toEqual(['connecting', 'off']);
  });

  it('keeps the newer socket when signed out and in again while the first was loading', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const first = hub.connect();
    hub.disconnect();
    const second = hub.connect();
    await load(0);
    await load(1);
    await Promise.all([first, second]);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.disconnected).toBe(false);
    sockets[1]!.connect();
    expect(hub.getSnapshot().status).toBe('live');
  });

  it('disconnect closes the socket and turns the status off', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const connecting = hub.connect();
    await load();
    await connecting;
    sockets[0]!.connect();
    hub.disconnect();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(hub.getSnapshot().status).toBe('off');
  });

  it('is offline when the module cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hub = new RealtimeHub(() => Promise.reject(new Error('chunk failed')));
    await hub.connect();
    expect(hub.getSnapshot().status).toBe('offline');
  });

  it('is offline when the connection attempt fails', async () => {
    const { hub, sockets, load } = hubWithDeferredOpen();
    const connecting = hub.connect();
    await load();
    await connecting;
    sockets[0]!.fail();
    expect(hub.getSnapshot().status).toBe('offline');
  });

  describe('after the server closed the socket', () => {
    afterEach(() => void vi.useRealTimers());

    async function liveHub() {
      vi.useFakeTimers();
      const made = hubWithDeferredOpen();
      const connecting = made.hub.connect();
      await made.load();
      await connecting;
      made.sockets[0]!.connect();
      return { ...made, socket: made.sockets[0]! };
    }

    it('reconnects at once when its node is going away, and counts it as a connect', async () => {
      const { hub, socket, statuses } = await liveHub();
      socket.emit('server:draining', undefined);
      socket.closeByServer();
      // Moving to another node, not lost: connecting, then live again within the second.
      expect(hub.getSnapshot()).toEqual({ status: 'connecting', connections: 1 });
      vi.advanceTimersByTime(RECONNECT_AFTER_DRAIN_MS.max);
      expect(hub.getSnapshot()).toEqual({ status: 'live', connections: 2 });
      expect(statuses).toEqual(['connecting', 'live', 'connecting', 'live']);
    });

    it('reconnects after a plain close by the server too (Socket.IO would not)', async () => {
      const { hub, socket } = await liveHub();
      socket.closeByServer();
      expect(hub.getSnapshot()).toEqual({ status: 'offline', connections: 1 });
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSE_MS.min - 1);
      expect(hub.getSnapshot().status).toBe('offline');
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSE_MS.max);
      expect(hub.getSnapshot()).toEqual({ status: 'live', connections: 2 });
    });

    it('leaves a lost connection to Socket.IO, and reconnects nothing once signed out', async () => {
      const { hub, socket } = await liveHub();
      socket.drop();
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSE_MS.max);
      expect(hub.getSnapshot()).toEqual({ status: 'offline', connections: 1 });
      socket.connect();
      socket.emit('server:draining', undefined);
      socket.closeByServer();
      hub.disconnect();
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSE_MS.max);
      expect(hub.getSnapshot()).toEqual({ status: 'off', connections: 2 });
    });
  });
});
