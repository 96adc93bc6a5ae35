import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';
import { REPO_ROOT } from '../src/repo-root.ts';

/**
 * The monitoring files of ops/ as the tests read them: the Grafana dashboard's and the alerting
 * rules' PromQL, the metric names each expression uses, and what /metrics exports, so that a
 * panel or an alert naming a metric no node exports is caught.
 */

export const DASHBOARD_PATH = path.join(REPO_ROOT, 'ops/grafana/jotto.json');
export const ALERTS_PATH = path.join(REPO_ROOT, 'ops/prometheus/alerts.yml');

/** One PromQL expression and where it came from (for the failure message). */
export interface Expression {
  where: string;
  expr: string;
}

/**
 * Grafana's variables are not PromQL: each is replaced by something of the same kind before
 * parsing (a range, or a name), as Grafana does before it sends the query.
 */
function withoutGrafanaVariables(expr: string): string {
  return expr
    .replace(/\$__(rate_interval|interval|range)\b/g, '5m')
    .replace(/\$\{[^}]+\}|\$[A-Za-z_]\w*/g, 'grafana_variable');
}

/**
 * The metric names an expression selects, parsed by Prometheus's own grammar (lezer-promql):
 * the name of every vector selector, whatever functions, aggregations, label matchers and
 * operators surround it (`{__name__="…"}` counts as a name). Throws on a syntax error, and on a
 * selector that names no metric (which no name check could hold to the nodes' metrics).
 */
export function metricNamesIn(expr: string): string[] {
  const text = withoutGrafanaVariables(expr);
  const names = new Set<string>();
  const problems: string[] = [];
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) {
        problems.push(`syntax error at ${node.from}: '${text.slice(node.from, node.from + 20)}'`);
        return;
      }
      if (node.name !== 'VectorSelector') return;
      const identifier = node.node.getChild('Identifier');
      if (identifier) {
        names.add(text.slice(identifier.from, identifier.to));
        return;
      }
      const byName = /__name__\s*=\s*"([^"]+)"/.exec(text.slice(node.from, node.to));
      if (byName) names.add(byName[1]!);
      else problems.push(`a selector without a metric name: '${text.slice(node.from, node.to)}'`);
    },
  });
  if (problems.length > 0) throw new Error(`${expr}\n  ${problems.join('\n  ')}`);
  return [...names];
}

/** Metric families in Prometheus text (their `# TYPE` lines): name → type. */
export function exportedFamilies(metricsText: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const match of metricsText.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    families.set(match[1]!, match[2]!);
  }
  return families;
}

/**
 * Whether a name an expression uses is exported: a family itself, or a series of a histogram
 * (`_bucket`, `_sum`, `_count`) or summary (`_sum`, `_count`) family.
 */
export function isExported(name: string, families: ReadonlyMap<string, string>): boolean {
  if (families.has(name)) return true;
  const series = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (!series) return false;
  const type = families.get(series[1]!);
  return type === 'histogram' || (type === 'summary' && series[2] !== 'bucket');
}

/** The names the expressions use that no family exports, each with where it is used. */
export function missingMetrics(
  expressions: readonly Expression[],
  families: ReadonlyMap<string, string>,
): string[] {
  return expressions.flatMap(({ where, expr }) =>
    metricNamesIn(expr)
      .filter((name) => !isExported(name, families))
      .map((name) => `${name} (${where})`),
  );
}

interface DashboardPanel {
  title?: string;
  type?: string;
  targets?: { expr?: string; refId?: string }[];
  panels?: DashboardPanel[];
}

export function readDashboard(): Record<string, unknown> & { panels: DashboardPanel[] } {
  return JSON.parse(readFileSync(DASHBOARD_PATH, 'utf8')) as ReturnType<typeof readDashboard>;
}

/** Every target's expression of every panel (rows' nested panels too). */
export function dashboardExpressions(dashboard: { panels: DashboardPanel[] }): Expression[] {
  const walk = (panels: DashboardPanel[]): Expression[] =>
    panels.flatMap((panel) => [
      ...(panel.targets ?? []).map((target) => ({
        where: `panel '${panel.title}' ${target.refId}`,
        expr: target.expr ?? '',
      })),
      ...walk(panel.panels ?? []),
    ]);
  return walk(dashboard.panels);
}

export function readAlerts(): unknown {
  return parseYaml(readFileSync(ALERTS_PATH, 'utf8')) as unknown;
}

const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;
const SEVERITIES = ['critical', 'warning', 'info'];

/**
 * What `promtool check rules` would refuse in a rule file, and what we require besides: groups
 * with a unique name and rules; each rule an alert (a unique name) with an expression that
 * parses, a `for` duration, a severity label and a summary annotation.
 */
export function ruleFileProblems(document: unknown): string[] {
  const problems: string[] = [];
  const groups = (document as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups) || groups.length === 0) return ['no groups'];
  const groupNames = new Set<string>();
  const alertNames = new Set<string>();
  for (const [index, group] of (groups as Record<string, unknown>[]).entries()) {
    const name = typeof group.name === 'string' ? group.name : `#${index}`;
    if (typeof group.name !== 'string' || group.name === '')
      problems.push(`group ${name}: no name`);
    if (groupNames.has(name)) problems.push(`group ${name}: name used twice`);
    groupNames.add(name);
    const rules = group.rules;
    if (!Array.isArray(rules) || rules.length === 0) {
      problems.push(`group ${name}: no rules`);
      continue;
    }
    for (const [ruleIndex, rule] of (rules as Record<string, unknown>[]).entries()) {
      const alert = typeof rule.alert === 'string' ? rule.alert : `${name}#${ruleIndex}`;
      const where = `alert ${alert}`;
      if (typeof rule.alert !== 'string' || !/^[A-Za-z_:][\w:]*$/.test(rule.alert)) {
        problems.push(`${where}: no valid alert name`);
      }
      if (alertNames.has(alert)) problems.push(`${where}: name used twice`);
      alertNames.add(alert);
      for (const key of Object.keys(rule)) {
        if (!['alert', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations'].includes(key)) {
          problems.push(`${where}: unknown field '${key}'`);
        }
      }
      if (typeof rule.expr !== 'string' || rule.expr.trim() === '') {
        problems.push(`${where}: no expr`);
      } else {
        try {
          metricNamesIn(rule.expr);
        } catch (err) {
          problems.push(`${where}: ${(err as Error).message}`);
        }
      }
      if (typeof rule.for !== 'string' || !DURATION.test(rule.for)) {
        problems.push(`${where}: no 'for' duration`);
      }
      const labels = rule.labels as Record<string, unknown> | undefined;
      if (typeof labels?.severity !== 'string' || !SEVERITIES.includes(labels.severity)) {
        problems.push(`${where}: severity must be one of ${SEVERITIES.join(', ')}`);
      }
      const annotations = rule.annotations as Record<string, unknown> | undefined;
      if (typeof annotations?.summary !== 'string' || annotations.summary === '') {
        problems.push(`${where}: no summary annotation`);
      }
    }
  }
  return problems;
}

/** Every alert's expression. */
export function alertExpressions(document: unknown): Expression[] {
  const groups = (document as { groups: { rules: { alert: string; expr: string }[] }[] }).groups;
  return groups.flatMap((group) =>
    group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
  );
}
