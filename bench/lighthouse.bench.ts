// Lighthouse (mobile, its default simulated throttling) on the production build: the landing page
// and a guest's game, as docs/PRODUCT.md ('Interface') budgets them (performance ≥ 90,
// accessibility ≥ 95). Runs the system's Chromium headless through Lighthouse's own launcher;
// `pnpm build` first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startJottoServer } from '../client/e2e/support/jotto-server.ts';
import { Cleanup } from './support/harness.ts';

const CHROMIUM_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string }>;
}

function lighthouse(url: string, cookie?: string): LighthouseReport {
  const output = path.join(mkdtempSync(path.join(tmpdir(), 'jotto-lh-')), 'report.json');
  const result = spawnSync(
    path.join(import.meta.dirname, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      `--chrome-flags=${CHROMIUM_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${output}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr}`);
  return JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const cleanup = new Cleanup();
  try {
    const server = await startJottoServer();
    cleanup.add('server', () => server.stop());
    // A guest's game: the first call starts a guest session, the cookie opens the game.
    const started = await fetch(`${server.url}/api/games/new`, {
      headers: { 'x-jotto-client': 'web' },
    });
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const { gameId } = (await started.json()) as { gameId: number };

    const pages: Array<[string, string, string | undefined]> = [
      ['landing /', `${server.url}/`, undefined],
      [`guest game /game/${gameId}`, `${server.url}/game/${gameId}`, cookie],
    ];
    console.log(`Lighthouse mobile, median of ${RUNS} runs (perf / a11y / best practices)`);
    for (const [name, url, withCookie] of pages) {
      const reports = Array.from({ length: RUNS }, () => lighthouse(url, withCookie));
      const score = (category: string) =>
        median(reports.map((r) => Math.round(r.categories[category]!.score * 100)));
      const audit = (id: string) => reports.map((r) => r.audits[id]?.displayValue).join(', ');
      console.log(
        `${name.padEnd(24)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}`,
      );
      console.log(
        `${''.padEnd(24)} FCP ${audit('first-contentful-paint')}; LCP ${audit('largest-contentful-paint')}; TBT ${audit('total-blocking-time')}`,
      );
    }
    console.log('budget: performance ≥ 90, accessibility ≥ 95');
  } finally {
    await cleanup.run();
  }
}

await main();
