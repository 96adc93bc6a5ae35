import { afterEach, describe, expect, it } from 'vitest';
import { createGoogleAnalytics, GTAG_SCRIPT_URL } from './google-analytics.ts';

afterEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

/** The dataLayer entries as plain arrays (gtag pushes `arguments` objects). */
const entries = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('createGoogleAnalytics', () => {
  it('adds the tag library as an async script for the id, with automatic page views off', () => {
    createGoogleAnalytics('G-TEST123');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(`${GTAG_SCRIPT_URL}?id=G-TEST123`);
    expect(scripts[0]!.async).toBe(true);
    expect(entries()[0]![0]).toBe('js');
    expect(entries()[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    // gtag.js reads Arguments objects, not arrays.
    expect(Object.prototype.toString.call(window.dataLayer![1])).toBe('[object Arguments]');
  });

  it('sends a page_view event per page view', () => {
    const tracker = createGoogleAnalytics('G-TEST123');
    tracker.pageView({
      path: '/leaderboards',
      location: 'https://j.example/leaderboards',
      title: 'Jotto',
    });
    expect(entries().at(-1)).toEqual([
      'event',
      'page_view',
      {
        page_path: '/leaderboards',
        page_location: 'https://j.example/leaderboards',
        page_title: 'Jotto',
      },
    ]);
  });
});
