/// <reference lib="dom" />
// Home's first paint on a phone, from the production build (`pnpm build` first): a cold load of
// /home (a fresh browser context, so nothing cached) at 360 × 740, for a signed-in player and a
// guest. Per load: the first contentful paint, and when the main action (docs/PRODUCT.md, 'Home':
// 'Play now' for a player, the Daily link for a guest) is first drawn inside the first 740 px;
// median of the loads. With BENCH_HOME_BASELINE (the `client/dist` of another build, e.g. of an
// older commit in a temporary worktree) both builds are loaded in the same run, turn about, and
// the ratio new ÷ baseline printed: on a shared machine only ratios of one run mean much.
//
//   BENCH_HOME_BASELINE=/tmp/home-base/client/dist pnpm bench home-paint
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { launchChromium } from '../client/e2e/support/browser.ts';
import { type JottoServer, startJottoServer } from '../client/e2e/support/jotto-server.ts';
import { boundedInteger, Cleanup } from './support/harness.ts';

const LOADS = boundedInteger('BENCH_HOME_LOADS', 11, 1);
/** Chromium's CPU slowdown for a second set of loads: a mid-range phone is about 4× slower. */
const THROTTLE = boundedInteger('BENCH_HOME_CPU_THROTTLE', 4, 1, 20);
const VIEWPORT = { width: 360, height: 740 };
const NEW_DIST = path.resolve(import.meta.dirname, '..', 'client', 'dist');

type Who = 'player' | 'guest';
/** What the page looks for: the main action's tag and its text (start of it). */
const MAIN_ACTION: Record<Who, { selector: string; text: string }> = {
  player: { selector: 'button', text: 'Play now' },
  guest: { selector: 'a[href="/daily"]', text: 'Daily' },
};

interface Build {
  name: string;
  server: JottoServer;
  /** The player's session cookie on this build's server. */
  cookie: { name: string; value: string };
}

interface Load {
  fcp: number;
  mainAction: number;
  /** Whether 'Loading...' was drawn before the main action. */
  loadingShown: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function register(url: string, username: string): Promise<Build['cookie']> {
  const answer = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
    },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret1' }),
  });
  const setCookie = answer.headers.get('set-cookie');
  if (!answer.ok || !setCookie) throw new Error(`register ${username}: ${answer.status}`);
  const [name, value] = setCookie.split(';')[0]!.split('=') as [string, string];
  return { name, value };
}

/**
 * The watcher, as source: a function handed to Playwright would carry the helpers tsx adds
 * to named functions (`__name`), which the page does not have.
 */
function frameWatcher(target: { selector: string; text: string }): string {
  return `(() => {
    const target = ${JSON.stringify(target)};
    const state = { mainAction: -1, loadingShown: false };
    window.__homePaint = state;
    function check() {
      const text = document.body ? document.body.textContent : '';
      if (text.includes('Loading...')) state.loadingShown = true;
      // Any of them: the closed sidebar has a 'Daily' link too, laid out off the screen.
      const shown = [...document.querySelectorAll(target.selector)].some((candidate) => {
        if (!candidate.textContent.trim().startsWith(target.text)) return false;
        const box = candidate.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.left >= 0 &&
          box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      });
      if (shown) {
        state.mainAction = performance.now();
        return;
      }
      requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  })();`;
}

/**
 * One cold load of /home. A frame callback, installed before the page's own scripts, notes the
 * first frame that lays the main action out inside the viewport, and whether 'Loading...' was
 * in the page before it.
 */
async function loadHome(browser: Browser, build: Build, who: Who, throttle: number) {
  const context = await browser.newContext({
    baseURL: build.server.url,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
  });
  try {
    if (who === 'player') {
      await context.addCookies([{ ...build.cookie, url: build.server.url }]);
    }
    const page = await context.newPage();
    if (throttle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    await page.addInitScript({ content: frameWatcher(MAIN_ACTION[who]) });
    await page.goto('/home');
    await page.waitForFunction(
      () => (window as unknown as { __homePaint: Load }).__homePaint.mainAction >= 0,
      undefined,
      { timeout: 30_000 },
    );
    return await page.evaluate((): Load => {
      const state = (window as unknown as { __homePaint: Load }).__homePaint;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
      return { fcp, mainAction: state.mainAction, loadingShown: state.loadingShown };
    });
  } finally {
    await context.close();
  }
}

async function main() {
  const baseline = process.env.BENCH_HOME_BASELINE;
  const dists: Array<[string, string]> = [['new', NEW_DIST]];
  if (baseline) dists.unshift(['baseline', path.resolve(baseline)]);
  for (const [name, dist] of dists) {
    if (!existsSync(path.join(dist, 'index.html'))) {
      throw new Error(`${name}: no build in ${dist} (run \`pnpm build\` there first)`);
    }
  }
  const cleanup = new Cleanup();
  try {
    const builds: Build[] = [];
    for (const [name, dist] of dists) {
      // The same server code for both; only the client it serves differs.
      const server = await startJottoServer({ CLIENT_DIST_DIR: dist });
      cleanup.add(`${name} server`, () => server.stop());
      builds.push({ name, server, cookie: await register(server.url, 'alice') });
    }
    const browser = await launchChromium();
    cleanup.add('Chromium', () => browser.close());

    console.log(
      `Home /home, cold load at ${VIEWPORT.width}×${VIEWPORT.height}, median of ${LOADS} loads (ms)`,
    );
    const throttles = THROTTLE > 1 ? [1, THROTTLE] : [1];
    for (const throttle of throttles) {
      for (const who of ['player', 'guest'] as const) {
        const loads = new Map<string, Load[]>(builds.map((build) => [build.name, []]));
        // One warm-up load each (the server's first answers are slower), then turn about, so
        // that a noisy moment of the machine weighs on every build alike.
        for (const build of builds) await loadHome(browser, build, who, throttle);
        for (let round = 0; round < LOADS; round += 1) {
          const order = round % 2 ? [...builds].reverse() : builds;
          for (const build of order) {
            loads.get(build.name)!.push(await loadHome(browser, build, who, throttle));
          }
        }
        const label = `${who}, CPU ${throttle}×`;
        const figures = new Map<string, { fcp: number; mainAction: number }>();
        for (const build of builds) {
          const runs = loads.get(build.name)!;
          const fcp = median(runs.map((run) => run.fcp));
          const mainAction = median(runs.map((run) => run.mainAction));
          figures.set(build.name, { fcp, mainAction });
          const loading = runs.filter((run) => run.loadingShown).length;
          console.log(
            `${label.padEnd(16)} ${build.name.padEnd(8)} FCP ${fcp.toFixed(0).padStart(5)}  ` +
              `main action ${mainAction.toFixed(0).padStart(5)}  ` +
              `'Loading...' drawn in ${loading}/${runs.length}`,
          );
        }
        const before = figures.get('baseline');
        const after = figures.get('new')!;
        if (before) {
          console.log(
            `${label.padEnd(16)} new ÷ baseline: FCP ${(after.fcp / before.fcp).toFixed(2)}  ` +
              `main action ${(after.mainAction / before.mainAction).toFixed(2)}`,
          );
        }
      }
    }
  } finally {
    await cleanup.run();
  }
}

await main();
