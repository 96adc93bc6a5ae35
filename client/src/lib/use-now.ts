import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later moment is re-checked then. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The time now, moving on every `periodMs` (a countdown ticks with it). A test's fake clock
 * moves it as it moves timers.
 */
export function useNow(periodMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/**
 * Whether the moment `at` (epoch ms) has come, turning true when it comes: one timer set for
 * that moment rather than a clock ticking towards it. Null: no such moment, never true.
 */
export function useHasPassed(at: number | null): boolean {
  const [passed, setPassed] = useState(() => at !== null && Date.now() >= at);
  useEffect(() => {
    if (at === null) return;
    const check = () => setPassed(Date.now() >= at);
    // The first check catches a moment that changed since the last render; the second, its coming.
    const now = setTimeout(check, 0);
    const due = setTimeout(check, Math.min(Math.max(0, at - Date.now()), LONGEST_TIMER_MS));
    return () => {
      clearTimeout(now);
      clearTimeout(due);
    };
  }, [at]);
  return at !== null && passed;
}

/** Time left as `h:mm:ss`, rounded up to the second; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hours}:${two(minutes)}:${two(seconds)}`;
}
