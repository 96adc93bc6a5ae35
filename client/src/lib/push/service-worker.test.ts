import { describe, expect, it, type Mock, vi } from 'vitest';
import type { WorkerEvents, WorkerScope } from '../pwa/worker-scope.ts';
import { listenForPushes } from './push-worker-handlers.ts';

interface FakeClient {
  url: string;
  visibilityState: 'visible' | 'hidden';
  postMessage: Mock<(message: unknown) => void>;
  focus: Mock<() => Promise<void>>;
}

/** The worker's push handlers on a fake worker scope, and a way to fire its events. */
function startWorker(clients: FakeClient[]) {
  const listeners = new Map<string, (event: never) => void>();
  const scope = {
    location: { origin: 'http://localhost:3000' },
    addEventListener: (type: keyof WorkerEvents, listener: (event: never) => void) =>
      listeners.set(type, listener),
    registration: { scope: 'http://localhost:3000/', showNotification: vi.fn(async () => {}) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
    skipWaiting: vi.fn(async () => {}),
  };
  listenForPushes(scope satisfies WorkerScope);
  const dispatch = async (type: keyof WorkerEvents, event: object) => {
    let done: Promise<unknown> = Promise.resolve();
    const waitUntil = (promise: Promise<unknown>) => (done = promise);
    listeners.get(type)!({ ...event, waitUntil } as never);
    await done;
  };
  return { scope, dispatch };
}

const client = (
  visibilityState: 'visible' | 'hidden',
  url = 'http://localhost:3000/home',
): FakeClient => ({
  url,
  visibilityState,
  postMessage: vi.fn(),
  focus: vi.fn(async () => {}),
});

/** A push as Firebase Cloud Messaging delivers what server/src/realtime/push-sender.ts sends. */
const fcmPush = {
  data: {
    json: () => ({
      data: {
        title: 'New challenge',
        icon: 'http://localhost:3000/public/icon-192.png',
        body: 'bob challenged you to a game!',
        click_action: 'http://localhost:3000/challenges',
      },
      notification: { title: 'New challenge', body: 'bob challenged you to a game!' },
      fcmOptions: { link: 'http://localhost:3000/challenges' },
    }),
  },
};

const message = {
  title: 'New challenge',
  body: 'bob challenged you to a game!',
  icon: 'http://localhost:3000/public/icon-192.png',
  click_action: 'http://localhost:3000/challenges',
};

describe("the service worker's push handling (/sw.js)", () => {
  it('hands a push to the visible pages, which decide what to show', async () => {
    const visible = client('visible');
    const hidden = client('hidden');
    const { scope, dispatch } = startWorker([visible, hidden]);
    await dispatch('push', fcmPush);
    expect(scope.clients.matchAll).toHaveBeenCalledWith({
      type: 'window',
      includeUncontrolled: true,
    });
    expect(visible.postMessage).toHaveBeenCalledWith({ type: 'jotto:push', message });
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('shows the notification itself when no page is visible', async () => {
    const { scope, dispatch } = startWorker([client('hidden')]);
    await dispatch('push', fcmPush);
    expect(scope.registration.showNotification).toHaveBeenCalledWith('New challenge', {
      body: 'bob challenged you to a game!',
      icon: 'http://localhost:3000/public/icon-192.png',
      data: { clickAction: 'http://localhost:3000/challenges' },
    });
  });

  it('takes the link from fcmOptions when the data has no click_action', async () => {
    const { scope, dispatch } = startWorker([]);
    await dispatch('push', {
      data: {
        json: () => ({
          notification: { title: 'Challenge accepted', body: 'Game on!' },
          fcmOptions: { link: 'http://localhost:3000/game/9' },
        }),
      },
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Challenge accepted', {
      body: 'Game on!',
      icon: undefined,
      data: { clickAction: 'http://localhost:3000/game/9' },
    });
  });

  it("a click opens the notification's click_action in a new tab", async () => {
    const { scope, dispatch } = startWorker([client('hidden')]);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { clickAction: 'http://localhost:3000/challenges' } },
    });
    expect(close).toHaveBeenCalled();
    expect(scope.clients.openWindow).toHaveBeenCalledWith('http://localhost:3000/challenges');
  });

  it('a click brings forward a tab already on that page', async () => {
    const open = client('hidden', 'http://localhost:3000/challenges');
    const { scope, dispatch } = startWorker([open]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { clickAction: 'http://localhost:3000/challenges' } },
    });
    expect(open.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });
});
