import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * Redis's metrics, measured when scraped and never in between (an idle node sends Redis
 * nothing of its own): one PING on the request connection per scrape, its round trip observed,
 * or counted as failed (the command timeout bounds it); and whether that connection is up.
 * Nothing without REDIS_URL.
 */
export function registerRedisMetrics(registry: Registry, redis: Redis | null): void {
  if (redis === null) return;
  new Gauge({
    name: 'jotto_redis_connected',
    help: "Whether this node's Redis connection is up (1) or reconnecting (0)",
    registers: [registry],
    collect() {
      this.set(redis.status === 'ready' ? 1 : 0);
    },
  });
  const failures = new Counter({
    name: 'jotto_redis_ping_failures_total',
    help: 'PINGs sent at a scrape that failed or timed out (or found the connection down)',
    registers: [registry],
  });
  new Histogram({
    name: 'jotto_redis_round_trip_seconds',
    help: "Round trip of a PING on this node's Redis connection, one per scrape",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5],
    registers: [registry],
    async collect() {
      // No offline queue on this connection: a PING while it is down would only fail.
      if (redis.status !== 'ready') {
        failures.inc();
        return;
      }
      const sentAt = performance.now();
      try {
        await redis.ping();
        this.observe((performance.now() - sentAt) / 1000);
      } catch {
        failures.inc();
      }
    },
  });
}
