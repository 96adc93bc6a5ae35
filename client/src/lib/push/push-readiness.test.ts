import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseWebConfig } from '@/config/env.ts';
import { ensurePushReady } from './push-readiness.ts';

const CONFIG: FirebaseWebConfig = {
  apiKey: 'k',
  projectId: 'p',
  messagingSenderId: 'm',
  appId: 'a',
  vapidKey: 'v',
};

function environment(
  permission: NotificationPermission,
  answer: NotificationPermission,
  token: string | null,
) {
  const register = vi.fn(async () => token);
  const requestPermission = vi.fn(async () => answer);
  return {
    register,
    requestPermission,
    env: { notification: { permission, requestPermission }, load: async () => register },
  };
}

afterEach(() => {
  delete window.jottoPushToken;
});

describe('ensurePushReady', () => {
  it('asks for permission when never asked, then sets push up', async () => {
    const { env, register, requestPermission } = environment('default', 'granted', 'tok');
    expect(await ensurePushReady(CONFIG, env)).toBe('ready');
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(register).toHaveBeenCalledWith(CONFIG);
  });

  it('is ready at once with a token the server took, and never without a config', async () => {
    const { env, register } = environment('default', 'granted', 'tok');
    expect(await ensurePushReady(null, env)).toBe('unconfigured');
    window.jottoPushToken = 'taken';
    expect(await ensurePushReady(CONFIG, env)).toBe('ready');
    expect(register).not.toHaveBeenCalled();
  });

  it('tells a refusal, a browser without push and a failed setup apart', async () => {
    expect(await ensurePushReady(CONFIG, environment('denied', 'denied', 'tok').env)).toBe(
      'blocked',
    );
    expect(await ensurePushReady(CONFIG, environment('default', 'denied', 'tok').env)).toBe(
      'blocked',
    );
    expect(
      await ensurePushReady(CONFIG, { notification: null, load: async () => async () => 'tok' }),
    ).toBe('unsupported');
    expect(await ensurePushReady(CONFIG, environment('granted', 'granted', null).env)).toBe(
      'failed',
    );
  });
});
