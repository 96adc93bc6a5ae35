import { lazy, Suspense, useEffect } from 'react';
import { ANALYTICS_ID, FIREBASE_MISSING, FIREBASE_WEB_CONFIG } from '@/config/env.ts';
import type { Analytics } from '@/lib/analytics/analytics.ts';
import { PageViewReporter } from './page-view-reporter.tsx';

// Push and analytics are chunks of their own, fetched only when configured: an unconfigured
// build loads no push or analytics code at all, and no third-party script (the landing's budget).
const PushNotifications = lazy(async () => ({
  default: (await import('./push-notifications.tsx')).PushNotifications,
}));

/** The analytics module for an id, imported with the first page view. */
function lazyAnalytics(id: string): Analytics {
  let loaded: Promise<Analytics> | null = null;
  return {
    pageView(view) {
      loaded ??= import('@/lib/analytics/analytics.ts').then((m) => m.createAnalytics(id));
      void loaded.then((analytics) => analytics.pageView(view));
    },
  };
}

const analytics = ANALYTICS_ID ? lazyAnalytics(ANALYTICS_ID) : null;

/** The app-wide services with no screen of their own: page views and push notifications. */
export function AppServices() {
  return (
    <>
      {analytics && <PageViewReporter analytics={analytics} />}
      {FIREBASE_WEB_CONFIG ? (
        <Suspense fallback={null}>
          <PushNotifications config={FIREBASE_WEB_CONFIG} />
        </Suspense>
      ) : (
        <PushOff />
      )}
    </>
  );
}

/** Says once, quietly, why there are no push notifications: a choice, not an error. */
function PushOff() {
  useEffect(() => {
    if (FIREBASE_MISSING.length > 0) {
      console.warn(
        `push notifications off: Firebase web config lacks ${FIREBASE_MISSING.join(', ')}`,
      );
    } else {
      console.debug('push notifications off: no Firebase web config');
    }
  }, []);
  return null;
}
