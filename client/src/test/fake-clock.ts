import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * A clock that moves only when the test moves it, for the 3-second polls: with it, "one request
 * per 3000 ms" is exact, however slow the machine is. Screens still get their answers and
 * renders (`settle`), and `eventually` waits for a state without letting time pass. Testing
 * Library's `waitFor`/`findBy…` must not be used under it (their timers would not run).
 *
 * TanStack Query tells components about new data with `setTimeout(…, 0)`, which a fake clock
 * schedules 1 ms ahead when it is set from inside a running timer (a poll): the news would wait
 * for time to pass. Under the fake clock it comes in a microtask instead.
 */
export function useFakeClock(): void {
  vi.useFakeTimers();
  notifyManager.setScheduler(queueMicrotask);
  onTestFinished(() => {
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.useRealTimers();
  });
}

/** Lets everything that is due happen (answers, renders, 0 ms timers), without time passing. */
export async function settle(rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}

/** Moves the clock on by `ms`, running what falls due on the way, then settles. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/** Settles until `check` passes (it throws until then), without time passing. */
export async function eventually(check: () => void, rounds = 50): Promise<void> {
  for (let round = 0; ; round += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (round >= rounds) throw error;
    }
    await settle(1);
  }
}
