import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type WorkerContainer } from './register-service-worker.ts';

function registration(scope: string) {
  return { scope, unregister: vi.fn(async () => true) };
}

function container(registrations: ReturnType<typeof registration>[]) {
  return {
    register: vi.fn(async () => registrations[0]),
    getRegistrations: vi.fn(async () => registrations),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('registering the service worker', () => {
  it('registers /sw.js for the whole app and unregisters the old /public/ worker', async () => {
    const current = registration('http://localhost:3000/');
    const old = registration('http://localhost:3000/public/');
    const workers = container([current, old]);
    await registerServiceWorker(workers as unknown as WorkerContainer);
    expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(old.unregister).toHaveBeenCalled();
    expect(current.unregister).not.toHaveBeenCalled();
  });

  it('only logs a failure: the app works without a worker', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const workers = container([]);
    workers.register.mockRejectedValue(new Error('insecure origin'));
    await expect(
      registerServiceWorker(workers as unknown as WorkerContainer),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('service worker error', expect.any(Error));
  });
});
