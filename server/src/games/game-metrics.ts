import { Counter, Histogram, type Registry } from 'prom-client';
import type { MoveBatchMetrics } from './move-recorder.ts';

/** Where the announcer counts the guesses recorded. */
export interface GuessMetrics {
  guessed(mode: string): void;
}

/**
 * The games' metrics, registered in the app's Prometheus registry (`app.metrics`, served at
 * /metrics): the guesses recorded (their rate is guesses per second), and the move batch's
 * (see `MoveRecorder`): batch sizes, how long a batch takes, and the batches that failed as a
 * whole.
 */
export function registerGameMetrics(registry: Registry): {
  batches: MoveBatchMetrics;
  guesses: GuessMetrics;
} {
  // Counted in plain numbers and added when scraped: a guess pays no label lookup.
  const unread = new Map<string, number>();
  new Counter({
    name: 'jotto_guesses_total',
    help: 'Guesses recorded (every player, the computer opponent too), by game mode',
    labelNames: ['mode'] as const,
    registers: [registry],
    collect() {
      for (const [mode, count] of unread) {
        if (count > 0) this.inc({ mode }, count);
        unread.set(mode, 0);
      }
    },
  });
  return {
    batches: registerMoveBatchMetrics(registry),
    guesses: {
      guessed(mode) {
        unread.set(mode, (unread.get(mode) ?? 0) + 1);
      },
    },
  };
}

function registerMoveBatchMetrics(registry: Registry): MoveBatchMetrics {
  const guessBatchSize = new Histogram({
    name: 'jotto_guess_batch_size',
    help: 'Guesses recorded together in one batch (one statement)',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const guessBatchDuration = new Histogram({
    name: 'jotto_guess_batch_duration_seconds',
    help: 'Time from a batch of guesses leaving the queue to its outcome',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const guessBatchFailures = new Counter({
    name: 'jotto_guess_batch_failures_total',
    help: 'Guess batches that failed as a whole (each of their guesses was recorded alone)',
    registers: [registry],
  });
  return {
    batchDone(size, seconds) {
      guessBatchSize.observe(size);
      guessBatchDuration.observe(seconds);
    },
    batchFailed() {
      guessBatchFailures.inc();
    },
  };
}
