import { matchPath } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { AnalyticsTracker } from './analytics-tracker.ts';

/** A route change, as the router sees it. */
export interface RouteView {
  pathname: string;
  search: string;
  title: string;
}

/** Where page views go: one on every route change (docs/PRODUCT.md, 'Analytics'). */
export interface Analytics {
  pageView(view: RouteView): void;
}

// A verification link carries a one-time code, a password reset link a token that sets the
// account's password: the analytics host gets the route, never the code or the token.
const VERIFY_ROUTE = '/users/:username/verify/:verifyCode';
const RESET_ROUTE = '/reset/:token';

/**
 * The path an analytics host may see: a verification code replaced by the word 'code', a reset
 * token by 'token'.
 */
export function reportablePath(pathname: string): string {
  const verify = matchPath(VERIFY_ROUTE, pathname);
  if (verify) {
    return clientPath(VERIFY_ROUTE, { username: verify.params.username ?? '', verifyCode: 'code' });
  }
  return matchPath(RESET_ROUTE, pathname) ? clientPath(RESET_ROUTE, { token: 'token' }) : pathname;
}

/**
 * Page views for an analytics measurement id (VITE_ANALYTICS_ID). The provider's code, and its
 * third-party script, load with the first page view. The app imports this module only when an
 * id is configured (app-services.tsx), so an unconfigured build loads and contacts nothing.
 */
export function createAnalytics(
  id: string,
  load: (id: string) => Promise<AnalyticsTracker> = async (measurementId) =>
    (await import('./google-analytics.ts')).createGoogleAnalytics(measurementId),
  origin: string = window.location.origin,
): Analytics {
  let tracker: Promise<AnalyticsTracker | null> | null = null;
  return {
    pageView({ pathname, search, title }) {
      tracker ??= load(id).catch((error: unknown) => {
        // Blocked or unreachable analytics must not disturb the game.
        console.warn('analytics unavailable', error);
        return null;
      });
      const path = `${reportablePath(pathname)}${search}`;
      void tracker.then((loaded) =>
        loaded?.pageView({ path, location: `${origin}${path}`, title }),
      );
    },
  };
}
