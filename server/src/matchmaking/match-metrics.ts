import { Gauge, Histogram, type Registry } from 'prom-client';

/** Where 'Play now' reports its queue and its waits. */
export interface MatchMetrics {
  /** The queue as a node's job last read it (every second, a read it makes anyway). */
  queueRead(waiting: number): void;
  /** A pair was made: how long each of its two players had waited. */
  paired(waitedSeconds: readonly number[]): void;
}

/**
 * The pairing queue's metrics: its length (as this node's `MatchQueueJob` last read it: every
 * node reports the same queue, so take the max across nodes) and how long paired players had
 * waited (observed by whichever node made the pair).
 */
export function registerMatchMetrics(registry: Registry): MatchMetrics {
  let length = 0;
  new Gauge({
    name: 'jotto_match_queue_length',
    help: "Players waiting in the 'Play now' queue (the whole cluster's, as this node last read it)",
    registers: [registry],
    collect() {
      this.set(length);
    },
  });
  const wait = new Histogram({
    name: 'jotto_match_wait_seconds',
    help: "How long a paired player waited in the 'Play now' queue, from their seek to their pair",
    buckets: [0.5, 1, 2.5, 5, 10, 15, 20, 30, 45, 60, 120, 300],
    registers: [registry],
  });
  return {
    queueRead(waiting) {
      length = waiting;
    },
    paired(waitedSeconds) {
      for (const seconds of waitedSeconds) wait.observe(Math.max(0, seconds));
    },
  };
}
