import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsTracker } from './analytics-tracker.ts';
import { createAnalytics, reportablePath } from './analytics.ts';

describe('createAnalytics', () => {
  it('loads the provider with the first page view only, and reports every view', async () => {
    const pageView = vi.fn<AnalyticsTracker['pageView']>();
    const load = vi.fn(async (): Promise<AnalyticsTracker> => ({ pageView }));
    const analytics = createAnalytics('G-TEST', load, 'https://jotto.example');
    expect(load).not.toHaveBeenCalled();
    analytics.pageView({ pathname: '/', search: '', title: 'Jotto' });
    analytics.pageView({ pathname: '/login', search: '?error=denied', title: 'Jotto' });
    await vi.waitFor(() => expect(pageView).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledWith('G-TEST');
    expect(pageView).toHaveBeenNthCalledWith(1, {
      path: '/',
      location: 'https://jotto.example/',
      title: 'Jotto',
    });
    expect(pageView).toHaveBeenNthCalledWith(2, {
      path: '/login?error=denied',
      location: 'https://jotto.example/login?error=denied',
      title: 'Jotto',
    });
  });

  it('never sends a verification code to the analytics host', async () => {
    const pageView = vi.fn<AnalyticsTracker['pageView']>();
    const analytics = createAnalytics(
      'G-TEST',
      async () => ({ pageView }),
      'https://jotto.example',
    );
    analytics.pageView({ pathname: '/users/alice/verify/s3cr3tc0de', search: '', title: 'J' });
    await vi.waitFor(() => expect(pageView).toHaveBeenCalledOnce());
    const [view] = pageView.mock.calls[0]!;
    expect(view.path).toBe('/users/alice/verify/code');
    expect(JSON.stringify(view)).not.toContain('s3cr3tc0de');
  });

  it('never sends a password reset token to the analytics host', async () => {
    const pageView = vi.fn<AnalyticsTracker['pageView']>();
    const analytics = createAnalytics(
      'G-TEST',
      async () => ({ pageView }),
      'https://jotto.example',
    );
    analytics.pageView({ pathname: '/reset/s3cr3t-t0ken', search: '', title: 'J' });
    await vi.waitFor(() => expect(pageView).toHaveBeenCalledOnce());
    const [view] = pageView.mock.calls[0]!;
    expect(view.path).toBe('/reset/token');
    expect(JSON.stringify(view)).not.toContain('s3cr3t-t0ken');
  });

  it('keeps the game going when the provider cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const analytics = createAnalytics('G-TEST', () => Promise.reject(new Error('blocked')));
    analytics.pageView({ pathname: '/', search: '', title: 'Jotto' });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('analytics unavailable', expect.any(Error)),
    );
    expect(() =>
      analytics.pageView({ pathname: '/home', search: '', title: 'Jotto' }),
    ).not.toThrow();
  });
});

describe('reportablePath', () => {
  it('leaves every other path as it is', () => {
    expect(reportablePath('/profile/alice')).toBe('/profile/alice');
    expect(reportablePath('/game/42')).toBe('/game/42');
  });
});
