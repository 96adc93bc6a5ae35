// The service worker, served at /sw.js with scope / (docs/PRODUCT.md, 'Install and offline').
// vite-plugin-pwa builds it (injectManifest) and puts the build's precache list where
// `self.__WB_MANIFEST` stands; Workbox precaches and serves those files.
//
// - The app's files (the shell, every screen's chunk, styles, icons, the manifest) are
//   precached at install, and then served from the cache: the app opens offline.
// - A page of the client (its routes only) is asked of the network first, so that online a
//   player always gets the current build's page and the server's status; when the network
//   fails, the precached shell answers, and the app says it is offline.
// - Nothing else is touched: API calls, the real-time channel and anything not in the list go
//   to the network as if there were no worker (no stale game state, nothing private in a cache).
// - A new build's worker takes over at once (skipWaiting, clientsClaim) and drops the files the
//   old build had that the new one does not (cleanupOutdatedCaches, and Workbox's own clean-up
//   of entries whose revision changed).
//
// The same file is also served at /public/sw.js, where the worker lived before and where older
// pages registered it (scope /public/). There it only handles pushes, as it always did: the
// page's code unregisters that registration once it has this one (lib/pwa/register-service-worker.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { listenForPushes } from './lib/push/push-worker-handlers.ts';
import { APP_SHELL_URL, CLIENT_ROUTE_PATTERNS, isRootScope } from './lib/pwa/app-shell.ts';
import type { WorkerScope } from './lib/pwa/worker-scope.ts';

declare const self: WorkerScope & {
  /** The precache list, written in by the build. */
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

listenForPushes(self);
self.addEventListener('install', () => void self.skipWaiting());

if (isRootScope(self.registration.scope)) {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  clientsClaim();
  registerRoute(
    new NavigationRoute(
      async ({ request }) => {
        try {
          return await fetch(request);
        } catch {
          return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
        }
      },
      { allowlist: [...CLIENT_ROUTE_PATTERNS] },
    ),
  );
}
