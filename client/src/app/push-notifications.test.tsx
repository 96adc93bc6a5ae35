import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FirebaseWebConfig } from '@/config/env.ts';
import type { PushAppContext } from '@/lib/push/start-push.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { PushNotifications } from './push-notifications.tsx';

const CONFIG: FirebaseWebConfig = {
  apiKey: 'key',
  projectId: 'jotto-test',
  messagingSenderId: '1234',
  appId: '1:1234:web:abcd',
  vapidKey: 'vapid',
};

/** A stand-in for lib/push/start-push.ts: records what the app handed it. */
function fakeStart() {
  const started: Array<{ config: FirebaseWebConfig; app: PushAppContext }> = [];
  const stop = vi.fn();
  const startPush = vi.fn(async (config: FirebaseWebConfig, app: PushAppContext) => {
    started.push({ config, app });
    return stop;
  });
  const load = vi.fn(async () => startPush);
  return { started, stop, load, startPush };
}

describe('PushNotifications', () => {
  it('sets up nothing for a guest', async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    const push = fakeStart();
    renderScreen(<PushNotifications config={CONFIG} load={push.load} />, { path: '/home' });
    await act(async () => {});
    expect(push.load).not.toHaveBeenCalled();
  });

  it('sets up push once for a signed-in player, even under StrictMode', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    const push = fakeStart();
    renderScreen(
      <StrictMode>
        <PushNotifications config={CONFIG} load={push.load} />
      </StrictMode>,
      { path: '/home' },
    );
    await waitFor(() => expect(push.startPush).toHaveBeenCalledOnce());
    expect(push.started[0]!.config).toBe(CONFIG);
    await act(async () => {});
    expect(push.startPush).toHaveBeenCalledOnce();
  });

  it("gives push the app's alert modal, router and current path", async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    const push = fakeStart();
    renderScreen(<PushNotifications config={CONFIG} load={push.load} />, {
      path: '/game/7',
      route: '*',
    });
    await waitFor(() => expect(push.started).toHaveLength(1));
    const { app } = push.started[0]!;
    expect(app.pathname()).toBe('/game/7');
    act(() => app.showAlert('bob challenged you to a game!'));
    expect(alertText()).toBe('bob challenged you to a game!');
    act(() => app.open(`${window.location.origin}/challenges`));
    expect(currentPath()).toBe('/challenges');
    expect(app.pathname()).toBe('/challenges');
  });

  it('logs a push chunk that does not load, and shows nothing', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error('chunk failed')));
    renderScreen(<PushNotifications config={CONFIG} load={load} />, { path: '/home' });
    await waitFor(() => expect(log).toHaveBeenCalledWith('notifications error', expect.any(Error)));
    expect(alertText()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
