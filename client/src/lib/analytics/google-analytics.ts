import type { AnalyticsTracker } from './analytics-tracker.ts';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Where the tag library comes from (the third-party analytics host). */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * Google Analytics 4 through gtag.js, set up by us rather than by the inline snippet Google
 * suggests (the page allows no inline script): the same `dataLayer` and `gtag`, then the
 * library as an async script. Automatic page views are off: a single-page app reports its own,
 * one per route change.
 */
export function createGoogleAnalytics(
  measurementId: string,
  win: Window = window,
  doc: Document = document,
): AnalyticsTracker {
  const dataLayer = (win.dataLayer ??= []);
  const gtag: Gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array made from it.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  doc.head.append(script);
  return {
    pageView: ({ path, location, title }) =>
      gtag('event', 'page_view', { page_path: path, page_location: location, page_title: title }),
  };
}
