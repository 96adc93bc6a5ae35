import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { freePort } from '../../ops/cluster-launcher.ts';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './test-environment.ts';

describe('operations routes on Postgres and Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { REDIS_URL: TEST_REDIS_URL });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz says the process is up', async () => {
    expect(await new TestAgent(t.app).get('/healthz')).toMatchObject({
      status: 200,
      body: { result: 'ok' },
    });
  });

  it('GET /readyz checks the database and Redis', async () => {
    expect(await new TestAgent(t.app).get('/readyz')).toMatchObject({
      status: 200,
      body: { result: 'ok', status: 'ready', database: 'ok', redis: 'ok' },
    });
  });

  it('GET /metrics serves Prometheus text with request counts, latencies and event-loop lag', async () => {
    const agent = new TestAgent(t.app);
    await agent.get('/api/user/info');
    const response = await agent.get<string>('/metrics');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/plain');
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/user\/info",status_code="200"\} \d+/,
    );
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts every request once, across reads of /metrics, as its latency histogram does', async () => {
    const agent = new TestAgent(t.app);
    const countOf = (text: string, metric: string) =>
      Number(
        new RegExp(`${metric}\\{method="GET",route="/healthz",status_code="200"\\} (\\d+)`).exec(
          text,
        )?.[1] ?? 0,
      );
    const read = async () => {
      const text = (await agent.get<string>('/metrics')).body;
      return [
        countOf(text, 'http_requests_total'),
        countOf(text, 'http_request_duration_seconds_count'),
      ];
    };
    const [before] = await read();
    for (let i = 0; i < 3; i++) await agent.get('/healthz');
    expect(await read()).toEqual([before! + 3, before! + 3]);
    await agent.get('/healthz');
    expect(await read()).toEqual([before! + 4, before! + 4]);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await new TestAgent(t.app).get<{
      openapi: string;
      paths: Record<string, unknown>;
    }>('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/register',
        '/api/user/info',
        '/api/finalize',
        '/api/logout',
      ]),
    );
    expect(JSON.stringify(response.body.paths['/api/register'])).toContain('"username"');
  });
});

describe('the shared endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is exactly the set of JSON routes the server registers, with their schemas', async () => {
    const doc = (
      await new TestAgent(t.app).get<{
        paths: Record<string, Record<string, { tags?: string[] }>>;
      }>('/api/openapi.json')
    ).body;
    const registered = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) =>
            `${method.toUpperCase()} ${path} ${operation.tags?.join(',') ?? ''}`,
        ),
      )
      .sort();
    const table = Object.values(API_ENDPOINTS)
      .map(
        (endpoint) =>
          `${endpoint.method} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')} ${endpoint.tag}`,
      )
      .sort();
    expect(registered).toEqual(table);
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 "unavailable" from /readyz within 1 s (PGlite closed)', async () => {
    const t = await startTestApp('pglite');
    // As in production, the node is up and answering before its database goes.
    expect((await new TestAgent(t.app).get('/readyz')).status).toBe(200);
    await t.app.database.close();
    const started = performance.now();
    const response = await new TestAgent(t.app).get('/readyz');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response).toMatchObject({
      status: 503,
      body: {
        result: 'error',
        status: 'unavailable',
        database: 'unreachable',
        redis: 'not configured',
      },
    });
    await t.app.close().catch(() => {});
    // PGlite starts slowly on a loaded machine; the 1 s bound is on /readyz alone.
  }, 90_000);

  it('answers 503 within 1 s when the Postgres database is dropped under it', async () => {
    const t = await startTestApp('postgres');
    const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
    try {
      const name = new URL(t.databaseUrl!).pathname.slice(1);
      // As in production, the node is up and answering before its database goes.
      expect((await new TestAgent(t.app).get('/readyz')).status).toBe(200);
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
      const started = performance.now();
      const response = await new TestAgent(t.app).get('/readyz');
      console.log(`/readyz with the database gone: ${(performance.now() - started).toFixed(1)} ms`);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response).toMatchObject({
        status: 503,
        body: { result: 'error', status: 'unavailable', database: 'unreachable' },
      });
    } finally {
      await admin.end();
      await t.app.close().catch(() => {});
    }
  });
});

// /metrics was once public wherever the app was. It can now require a bearer
// token (METRICS_TOKEN) and move to a listener of its own (METRICS_PORT).
describe('/metrics behind a token', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no credentials', {}],
    ['a wrong token', { authorization: 'Bearer not-the-token-at-all-000000' }],
    ['the token in another scheme', { authorization: `Basic ${token}` }],
  ])('answers 401 to %s', async (_name, headers) => {
    const response = await new TestAgent(t.app).get('/metrics', headers);
    expect(response).toMatchObject({ status: 401, body: { result: 'error' } });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('serves Prometheus text with the token', async () => {
    const response = await new TestAgent(t.app).get<string>('/metrics', {
      authorization: `Bearer ${token}`,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('http_requests_total');
  });
});

describe('/metrics on a port of its own', () => {
  let t: TestApp;
  let metricsPort: number;
  let appUrl: string;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await startTestApp('pglite', { METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
    appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves it there and not on the app port', async () => {
    await fetch(`${appUrl}/api/user/info`);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toMatch(
      /http_requests_total\{method="GET",route="\/api\/user\/info"/,
    );
    expect((await fetch(`${appUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/user/info`)).status).toBe(404);
  });
});
