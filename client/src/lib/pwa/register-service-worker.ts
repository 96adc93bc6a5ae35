import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '@/config/env.ts';

/** The scope of the registrations made before the worker moved to /sw.js. */
const OLD_SCOPE_PATH = '/public/';

/** The parts of `navigator.serviceWorker` used here (a fake in the tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'getRegistrations'>;

/**
 * Registers the app's service worker (/sw.js, scope /: docs/PRODUCT.md, 'Install and offline'),
 * then unregisters one left at the old address (/public/sw.js, scope /public/), which only ever
 * handled pushes: the new worker handles them, and push subscribes again with its registration
 * (lib/push/start-push.ts). Unregistering drops the old push subscription, so its token dies and
 * the server forgets it; left alone, a player would get every notification twice.
 * Failures are logged only: the app works without a worker, online.
 */
export async function registerServiceWorker(container: WorkerContainer): Promise<void> {
  try {
    await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    for (const registration of await container.getRegistrations()) {
      if (new URL(registration.scope).pathname === OLD_SCOPE_PATH) await registration.unregister();
    }
  } catch (error) {
    console.error('service worker error', error);
  }
}
