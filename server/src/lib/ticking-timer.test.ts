import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThrottledWarning, TickingTimer } from './ticking-timer.ts';

/** A run that ends when the test says so. */
function heldRun() {
  let release: () => void = () => {};
  let runs = 0;
  const run = () => {
    runs += 1;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { run, release: () => release(), runs: () => runs };
}

describe('TickingTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every period, skipping a period whose run would overlap the last', async () => {
    vi.useFakeTimers();
    const held = heldRun();
    const timer = new TickingTimer(100, held.run);
    timer.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(held.runs()).toBe(1);
    held.release();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs()).toBe(2);
    held.release();
    await timer.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(held.runs()).toBe(2);
  });

  it('stop waits for the run in progress', async () => {
    const held = heldRun();
    const timer = new TickingTimer(60_000, held.run);
    const ticked = timer.tick();
    let stopped = false;
    const stopping = timer.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    held.release();
    await Promise.all([ticked, stopping]);
    expect(stopped).toBe(true);
  });

  it('gives the run the time of its tick and answers what the run answers', async () => {
    const run = vi.fn(async (now: Date) => now.getTime());
    const timer = new TickingTimer(60_000, run);
    expect(await timer.tick(new Date(1_000))).toBe(1_000);
    expect(run).toHaveBeenCalledWith(new Date(1_000));
  });

  it('tells onOverlap of each skipped tick, and answers at once without a run', async () => {
    const held = heldRun();
    const onOverlap = vi.fn();
    const timer = new TickingTimer(60_000, held.run, { onOverlap });
    const first = timer.tick();
    expect(await timer.tick()).toBeUndefined();
    expect(await timer.tick()).toBeUndefined();
    expect(onOverlap).toHaveBeenCalledTimes(2);
    expect(held.runs()).toBe(1);
    held.release();
    await first;
    const next = timer.tick();
    expect(onOverlap).toHaveBeenCalledTimes(2);
    expect(held.runs()).toBe(2);
    held.release();
    await next;
  });

  it('with joinRunning, a tick during a run waits for that run and answers its answer', async () => {
    let finish: (answer: string) => void = () => {};
    const run = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const timer = new TickingTimer(60_000, run, { joinRunning: true });
    const first = timer.tick();
    let joinedAnswer: string | undefined;
    const joined = timer.tick().then((answer) => (joinedAnswer = answer));
    // By the next macrotask every promise reaction that could settle the joined tick has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(joinedAnswer).toBeUndefined();
    expect(run).toHaveBeenCalledOnce();
    finish('done');
    await joined;
    expect(joinedAnswer).toBe('done');
    expect(await first).toBe('done');
  });
});

describe('ThrottledWarning', () => {
  it('logs the first failure, then none until its interval has passed', () => {
    vi.useFakeTimers();
    try {
      const warn = vi.fn();
      const failures = new ThrottledWarning({ warn } as unknown as FastifyBaseLogger, 60_000);
      failures.warn(new Error('down'), 'tick failed', { gameId: 3 });
      failures.warn(new Error('down'), 'tick failed');
      vi.advanceTimersByTime(59_999);
      failures.warn(new Error('down'), 'tick failed');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith({ err: expect.any(Error), gameId: 3 }, 'tick failed');
      vi.advanceTimersByTime(1);
      failures.warn(new Error('down'), 'tick failed');
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
