import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { networkStatus } from '@/lib/network-status.ts';
import { OFFLINE_BANNER, OfflineBanner, UNREACHABLE_BANNER } from './offline-banner.tsx';

const banner = () => screen.getByRole('status');

afterEach(() => {
  // The page's one network record outlives the test: leave it online, as it was found.
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
});

describe('OfflineBanner', () => {
  it('appears the moment the browser goes offline and leaves when it is back', () => {
    render(<OfflineBanner />);
    expect(banner().textContent).toBe('');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(banner().textContent).toBe(OFFLINE_BANNER);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(banner().textContent).toBe('');
  });

  it('says the server cannot be reached after a call that got no answer, until one does', () => {
    render(<OfflineBanner />);
    act(() => networkStatus.unreachable());
    expect(banner().textContent).toBe(UNREACHABLE_BANNER);
    act(() => networkStatus.answered());
    expect(banner().textContent).toBe('');
  });
});
