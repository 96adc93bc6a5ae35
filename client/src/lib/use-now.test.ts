import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFakeClock } from '@/test/fake-clock.ts';
import { formatCountdown, useHasPassed } from './use-now.ts';

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds, rounding up to the next second', () => {
    expect(formatCountdown(12 * 3_600_000 + 5 * 60_000 + 9_000)).toBe('12:05:09');
    expect(formatCountdown(999)).toBe('0:00:01');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });
});

describe('useHasPassed', () => {
  it('turns true when the moment comes, by one timer, and is never true for no moment', async () => {
    useFakeClock();
    vi.setSystemTime(Date.parse('2026-11-28T23:59:00Z'));
    const midnight = Date.parse('2026-11-29T00:00:00Z');
    const { result, rerender } = renderHook<boolean, { at: number | null }>(
      ({ at }) => useHasPassed(at),
      {
        initialProps: { at: midnight },
      },
    );
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toBe(true);
    rerender({ at: null });
    expect(result.current).toBe(false);
  });

  it('is true at once for a moment already gone', () => {
    const { result } = renderHook(() => useHasPassed(Date.now() - 1));
    expect(result.current).toBe(true);
  });
});
