import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Analytics } from '@/lib/analytics/analytics.ts';

/**
 * Reports a page view on every route change (docs/PRODUCT.md, 'Analytics'), the first page
 * included. One view per navigation: React's StrictMode runs the effect twice in development, so
 * the navigation's key is remembered.
 */
export function PageViewReporter({ analytics }: { analytics: Analytics }) {
  const location = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === location.key) return;
    reported.current = location.key;
    analytics.pageView({
      pathname: location.pathname,
      search: location.search,
      title: document.title,
    });
  }, [location, analytics]);
  return null;
}
