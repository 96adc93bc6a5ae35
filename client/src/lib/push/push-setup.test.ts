import { describe, expect, it, vi } from 'vitest';
import { type PushSetupSteps, requestNotificationPermission, setUpPush } from './push-setup.ts';

type Registration = { scope: string };

/** The four steps faked, each recording that it ran; `overrides` make one fail. */
function steps(overrides: Partial<PushSetupSteps<Registration>> = {}) {
  const order: string[] = [];
  const log = { error: vi.fn() };
  const remember = vi.fn();
  const all: PushSetupSteps<Registration> = {
    registerWorker: async () => {
      order.push('register');
      return { scope: '/public/' };
    },
    requestPermission: async () => {
      order.push('permission');
      return 'granted';
    },
    getToken: async (registration) => {
      order.push(`token for ${registration.scope}`);
      return 'device-token';
    },
    sendToken: async (token) => {
      order.push(`send ${token}`);
      return { result: 'ok' };
    },
    remember,
    log,
    ...overrides,
  };
  return { all, order, log, remember };
}

describe('setUpPush', () => {
  it('registers the worker, asks permission, gets the token and sends it, in order', async () => {
    const { all, order, log, remember } = steps();
    await expect(setUpPush(all)).resolves.toBe('device-token');
    expect(order).toEqual(['register', 'permission', 'token for /public/', 'send device-token']);
    expect(remember).toHaveBeenCalledWith('device-token');
    expect(log.error).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the worker does not register',
      {
        registerWorker: () => Promise.reject(new Error('no worker')),
      },
    ],
    ['permission is denied', { requestPermission: async () => 'denied' as const }],
    ['permission is not given', { requestPermission: async () => 'default' as const }],
    ['there is no token', { getToken: () => Promise.reject(new Error('no token')) }],
  ])("logs 'notifications error' when %s, and sends nothing", async (_case, failing) => {
    const { all, order, log, remember } = steps(failing);
    await expect(setUpPush(all)).resolves.toBeNull();
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith('notifications error', expect.any(Error));
    expect(order.some((step) => step.startsWith('send'))).toBe(false);
    expect(remember).not.toHaveBeenCalled();
  });

  it.each([
    ['the call fails', { sendToken: () => Promise.reject(new Error('offline')) }],
    ['the answer is not ok', { sendToken: async () => ({ result: 'error' }) }],
  ])("logs 'error sending token' when %s, and remembers nothing", async (_case, failing) => {
    const { all, log, remember } = steps(failing);
    await expect(setUpPush(all)).resolves.toBeNull();
    expect(log.error).toHaveBeenCalledWith('error sending token', expect.any(Error));
    expect(remember).not.toHaveBeenCalled();
  });
});

describe('requestNotificationPermission', () => {
  it('asks only when the player has not answered yet', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    await expect(
      requestNotificationPermission({ permission: 'default', requestPermission }),
    ).resolves.toBe('granted');
    expect(requestPermission).toHaveBeenCalledOnce();
    await expect(
      requestNotificationPermission({ permission: 'denied', requestPermission }),
    ).resolves.toBe('denied');
    expect(requestPermission).toHaveBeenCalledOnce();
  });
});
