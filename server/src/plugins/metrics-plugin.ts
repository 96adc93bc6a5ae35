import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import type { AppConfig } from '../config/config.ts';
import { unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; the domains add their own metrics to it. */
    metrics: Registry;
  }
}

type RequestLabels = Record<'method' | 'route' | 'status_code', string>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the metrics token (any header will do without one).
 * Both sides are hashed first, so the comparison takes the same time whatever the guess.
 */
function authorizedFor(token: string | null, header: string | undefined): boolean {
  if (token === null) return true;
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

function sendJson(res: ServerResponse, status: number, body: ErrorResponse, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Prometheus metrics at GET /metrics: request counts and latencies by route pattern (never by
 * raw URL, which would carry guesses and ids), plus Node's defaults including event-loop lag.
 * METRICS_TOKEN makes it require `Authorization: Bearer <token>`; METRICS_PORT serves it on a
 * listener of its own (on HOST) and nowhere on the app's port, so a balancer in front of the
 * app cannot expose it. The shipped nginx configuration refuses /metrics as well.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<AppConfig, 'metrics' | 'host'> }) => {
    const { token, port } = options.config.metrics;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // The series of each method, route pattern and status, found by one string key rather than
    // by prom-client hashing a labels object on every response (a visible share of the CPU of a
    // poll answered from memory); the count is a plain number added to the counter when it is
    // read.
    const series = new Map<
      string,
      { labels: RequestLabels; unread: number; time: { observe(v: number): void } }
    >();
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
      collect() {
        for (const one of series.values()) {
          if (one.unread > 0) this.inc(one.labels, one.unread);
          one.unread = 0;
        }
      },
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    // A callback hook, so that no promise is made per response.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let one = series.get(key);
      if (one === undefined) {
        const labels = { method: request.method, route, status_code: String(reply.statusCode) };
        one = { labels, unread: 0, time: duration.labels(labels) };
        series.set(key, one);
      }
      one.unread += 1;
      one.time.observe(reply.elapsedTime / 1000);
      done();
    });
    if (port === null) {
      // Public as far as sessions go: METRICS_TOKEN, when set, is what guards it.
      const routeOptions = { schema: { hide: true }, config: { access: 'public' as const } };
      app.get('/metrics', routeOptions, async (request, reply) => {
        if (!authorizedFor(token, request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized('Metrics need the bearer token');
        }
        reply.type(registry.contentType);
        return registry.metrics();
      });
      return;
    }

    // A bare HTTP server: one route, nothing of the app's (sessions, guards) applies to it.
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        sendJson(res, 404, { result: 'error', err: 'Only GET /metrics is served here' });
        return;
      }
      if (!authorizedFor(token, req.headers.authorization)) {
        sendJson(
          res,
          401,
          { result: 'error', err: 'Metrics need the bearer token' },
          { 'www-authenticate': 'Bearer' },
        );
        return;
      }
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
        (err: unknown) => {
          app.log.error({ err }, 'metrics failed');
          sendJson(res, 500, { result: 'error', err: 'Metrics are not available' });
        },
      );
    });
    // At ready (before the app listens), so a port already taken stops the start.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, options.config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.log.info({ port }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
