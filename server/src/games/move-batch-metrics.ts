import { Counter, Histogram, type Registry } from 'prom-client';
import type { MoveBatchMetrics } from './move-recorder.ts';

/**
 * The move batch's metrics (see `MoveRecorder`), registered in the app's Prometheus
 * registry (`app.metrics`, served at /metrics): batch sizes, how long a batch takes, and the
 * batches that failed as a whole.
 */
export function registerMoveBatchMetrics(registry: Registry): MoveBatchMetrics {
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
