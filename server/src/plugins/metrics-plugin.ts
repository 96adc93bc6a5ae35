import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; other modules add their own metrics to it. */
    metrics: Registry;
    /** Records one batch of guesses (see GameService). */
    observeGuessBatch(size: number, seconds: number): void;
  }
}

/**
 * Prometheus metrics at GET /metrics: request counts and latencies by route pattern (never by
 * raw URL, which would carry guesses and ids), plus Node's defaults including event-loop lag.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    const guessBatchSize = new Histogram({
      name: 'jotto_guess_batch_size',
      help: 'Guesses recorded together in one batch (one statement, two when a side is read)',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    });
    const guessBatchDuration = new Histogram({
      name: 'jotto_guess_batch_duration_seconds',
      help: 'Time from a batch of guesses leaving the queue to its outcome',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    app.decorate('observeGuessBatch', (size: number, seconds: number) => {
      guessBatchSize.observe(size);
      guessBatchDuration.observe(seconds);
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
