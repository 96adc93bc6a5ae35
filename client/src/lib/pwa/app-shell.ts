import { CLIENT_ROUTES } from '@jotto/shared/client-routes';

/**
 * The built page every client route is answered with, as the worker precaches it (Vite's base is
 * /public/, and the server serves the build's files there).
 */
export const APP_SHELL_URL = '/public/index.html';

/**
 * A path pattern of the client's routes (`/game/:gameId` matches `/game/7`), for the worker's
 * navigation route: it answers these pages, and only these, with the shell when the network
 * fails. Anything else a browser may open on our origin (the API's sign-in redirects, the
 * probes, the API docs) is left to the browser and the server.
 */
export function clientRoutePattern(route: string): RegExp {
  const escaped = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?(\\?.*)?$`);
}

/** The patterns of every client route (docs/PRODUCT.md, 'Client routes'). */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = CLIENT_ROUTES.map(clientRoutePattern);

/** Whether the worker's scope is the whole origin (`/sw.js`), not the old `/public/` one. */
export function isRootScope(scope: string): boolean {
  return new URL(scope).pathname === '/';
}
