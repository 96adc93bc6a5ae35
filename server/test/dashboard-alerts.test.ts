import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertExpressions,
  dashboardExpressions,
  exportedFamilies,
  isExported,
  metricNamesIn,
  missingMetrics,
  readAlerts,
  readDashboard,
  ruleFileProblems,
} from './monitoring-files.ts';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_REDIS_URL } from './test-environment.ts';

describe('reading metric names out of PromQL', () => {
  it('finds the selected metrics through functions, aggregations, matchers and operators', () => {
    expect(
      metricNamesIn(
        'sum by (route) (rate(http_requests_total{status_code=~"5..", route!="/x"}[$__rate_interval]))' +
          ' / on (instance) group_left max(jotto_ready) > 0 and histogram_quantile(0.99,' +
          ' sum by (le) (rate(jotto_match_wait_seconds_bucket{instance="${node}"}[5m]))) or {__name__="up"}',
      ).sort(),
    ).toEqual(['http_requests_total', 'jotto_match_wait_seconds_bucket', 'jotto_ready', 'up']);
  });

  it('refuses an expression that does not parse, or a selector that names no metric', () => {
    expect(() => metricNamesIn('sum(rate(http_requests_total[5m])')).toThrow(/syntax error/);
    expect(() => metricNamesIn('rate({job="jotto"}[5m])')).toThrow(/without a metric name/);
  });

  it("counts a histogram's _bucket, _sum and _count as the histogram, and nothing else", () => {
    const families = new Map([
      ['jotto_match_wait_seconds', 'histogram'],
      ['jotto_guesses_total', 'counter'],
    ]);
    for (const suffix of ['_bucket', '_sum', '_count']) {
      expect(isExported(`jotto_match_wait_seconds${suffix}`, families)).toBe(true);
    }
    expect(isExported('jotto_guesses_total', families)).toBe(true);
    expect(isExported('jotto_guesses_total_bucket', families)).toBe(false);
    expect(isExported('jotto_match_wait', families)).toBe(false);
  });
});

describe('the alerting rules (ops/prometheus/alerts.yml)', () => {
  it('are a valid rule file: every expression parses, every alert has for, severity and summary', () => {
    expect(ruleFileProblems(readAlerts())).toEqual([]);
  });

  it('are refused when a rule lacks what the file requires', () => {
    const broken = {
      groups: [
        {
          name: 'g',
          rules: [
            { alert: 'A', expr: 'sum(rate(x[5m])', for: '5m', labels: { severity: 'warning' } },
            { alert: 'A', expr: 'x > 1', labels: {}, annotations: { summary: 's' }, foo: 1 },
          ],
        },
      ],
    };
    const problems = ruleFileProblems(broken).join('\n');
    expect(problems).toMatch(/alert A: [^]*syntax error/);
    expect(problems).toMatch(/alert A: no summary annotation/);
    expect(problems).toMatch(/alert A: name used twice/);
    expect(problems).toMatch(/alert A: unknown field 'foo'/);
    expect(problems).toMatch(/alert A: no 'for' duration/);
    expect(problems).toMatch(/alert A: severity must be/);
    expect(ruleFileProblems({})).toEqual(['no groups']);
  });
});

describe('the Grafana dashboard (ops/grafana/jotto.json)', () => {
  it('is a dashboard with a Prometheus datasource variable that every query uses', () => {
    const dashboard = readDashboard();
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.uid).toEqual(expect.any(String));
    const variables = (dashboard.templating as { list: Record<string, unknown>[] }).list;
    expect(variables).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const ids = new Set<number>();
    for (const panel of dashboard.panels as Record<string, unknown>[]) {
      expect(ids.has(panel.id as number)).toBe(false);
      ids.add(panel.id as number);
      expect(panel.gridPos).toEqual(expect.objectContaining({ w: expect.any(Number) }));
      if (panel.type === 'row') continue;
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect((panel.targets as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('has queries that all parse', () => {
    for (const { expr } of dashboardExpressions(readDashboard())) {
      expect(() => metricNamesIn(expr)).not.toThrow();
    }
  });
});

// The names the dashboard and the alerts use must be ones a node exports, or a panel stays
// empty and an alert never fires without anyone noticing.
describe('every metric the dashboard and the alerts use is exported by a node', () => {
  let t: TestApp;
  let families: Map<string, string>;
  beforeAll(async () => {
    t = await startTestApp('postgres', { REDIS_URL: TEST_REDIS_URL });
    const response = await new TestAgent(t.app).get<string>('/metrics');
    expect(response.status).toBe(200);
    families = exportedFamilies(response.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the node as it is: ready, its pool, its sockets, a Redis round trip per scrape', async () => {
    const text = (await new TestAgent(t.app).get<string>('/metrics')).body;
    const value = (series: string) => Number(new RegExp(`^${series} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('jotto_ready')).toBe(1);
    expect(value('jotto_redis_connected')).toBe(1);
    expect(value('jotto_redis_round_trip_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(value('jotto_db_pool_connections_max')).toBe(t.config.databasePoolSize);
    expect(value('jotto_sockets')).toBe(0);
  });

  it("the dashboard's panels", () => {
    expect(missingMetrics(dashboardExpressions(readDashboard()), families)).toEqual([]);
  });

  it("the alerts' expressions", () => {
    expect(missingMetrics(alertExpressions(readAlerts()), families)).toEqual([]);
  });

  it('a panel naming a metric no node exports is caught', () => {
    const dashboard = readDashboard();
    dashboard.panels.push({
      title: 'Renamed',
      type: 'timeseries',
      targets: [
        { refId: 'A', expr: 'sum(rate(jotto_guesses_made_total[$__rate_interval]))' },
        { refId: 'B', expr: 'histogram_quantile(0.5, rate(jotto_ready_bucket[5m]))' },
      ],
    });
    expect(missingMetrics(dashboardExpressions(dashboard), families)).toEqual([
      "jotto_guesses_made_total (panel 'Renamed' A)",
      "jotto_ready_bucket (panel 'Renamed' B)",
    ]);
  });
});
