/// <reference lib="dom" />
// The browser's figures, from the production build (run `pnpm build` first):
// - JavaScript each entry loads, gzipped (level 9) and as served (brotli), measured by what
//   Chromium actually requests: the landing page; a guest's solo game; a signed-in player's
//   versus game (which adds the real-time client);
// - how long after B presses Enter A's screen shows B's guess: live (Socket.IO) and with A's
//   socket blocked (the 3-second poll), median and spread of BENCH_BROWSER_ROUNDS (default 10).
// The landing budget (docs/PRODUCT.md, 'Interface') is ≤ 100 KB gzipped (bar 120 KB); latency has
// no goal but "live" should be far below the poll's 3 s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, newPlayer } from '../client/e2e/support/browser.ts';
import { startJottoServer } from '../client/e2e/support/jotto-server.ts';
import {
  newUsername,
  opponentGuesses,
  registerThroughForm,
  startVersusGame,
} from '../client/e2e/support/actions.ts';
import { Cleanup } from './support/harness.ts';

const DIST = path.resolve(import.meta.dirname, '../client/dist');
const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 10);
const WORDS = [
  'crane',
  'pious',
  'stone',
  'light',
  'dream',
  'plumb',
  'witch',
  'fjord',
  'gawky',
  'hymns',
];

const cleanup = new Cleanup();
process.on('SIGINT', () => void cleanup.run().then(() => process.exit(130)));

/** The JavaScript files a page requested while `visit` ran, by path under /public/. */
async function scriptsLoaded(page: Page, visit: () => Promise<void>): Promise<Set<string>> {
  const scripts = new Set<string>();
  const onResponse = (response: { url(): string }) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/public/') && pathname.endsWith('.js')) scripts.add(pathname);
  };
  page.on('response', onResponse);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return scripts;
}

function sizes(scripts: Iterable<string>) {
  let gzip = 0;
  let brotli = 0;
  let count = 0;
  for (const script of scripts) {
    const content = readFileSync(path.join(DIST, script.replace(/^\/public\//, '')));
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    count += 1;
  }
  return { count, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Ms from B's Enter to A's opponent count changing, for one fresh versus game. */
async function oneRound(a: Page, b: Page, bName: string, word: string): Promise<number> {
  const gameId = await startVersusGame(a, b, bName);
  await a.goto(`/game/${gameId}`);
  await b.goto(`/game/${gameId}`);
  await a.getByTestId('opponent').waitFor();
  await b.getByRole('textbox', { name: 'Your guess' }).waitFor();
  // A notes the moment its screen changes, on its own clock (epoch ms, as Date.now() here).
  const changed = a.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const target = document.querySelector('[data-testid="opponent"]')!;
        const before = target.textContent;
        new MutationObserver(() => {
          if (target.textContent !== before) resolve(performance.timeOrigin + performance.now());
        }).observe(target, { subtree: true, childList: true, characterData: true });
      }),
  );
  const input = b.getByRole('textbox', { name: 'Your guess' });
  await input.fill(word);
  const pressed = Date.now();
  await input.press('Enter');
  const at = await changed;
  if ((await opponentGuesses(a)) !== 1) throw new Error('A did not see exactly one guess');
  return at - pressed;
}

async function main() {
  const server = await startJottoServer();
  cleanup.add('server', () => server.stop());
  const browser = await launchChromium();
  cleanup.add('browser', () => browser.close());

  // --- Bundles ---
  const guest = await newPlayer(browser, server.url);
  const landing = await scriptsLoaded(guest.page, async () => {
    await guest.page.goto('/');
    await guest.page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
  });
  const soloGame = await scriptsLoaded(guest.page, async () => {
    await guest.page.goto('/game');
    await guest.page.getByText('Make a Guess').waitFor();
  });
  await guest.context.close();

  const names = { a: newUsername('ba'), b: newUsername('bb') };
  const alice = await newPlayer(browser, server.url);
  const bob = await newPlayer(browser, server.url);
  await registerThroughForm(alice.page, names.a);
  await registerThroughForm(bob.page, names.b);
  const gameId = await startVersusGame(alice.page, bob.page, names.b);
  const versusGame = await scriptsLoaded(alice.page, async () => {
    await alice.page.goto(`/game/${gameId}`);
    await alice.page.getByText('Live', { exact: true }).waitFor();
  });

  const rows = [
    ['landing page (/)', sizes(landing)],
    ['guest solo game (/game, cold load)', sizes(soloGame)],
    ['signed-in versus game (cold load)', sizes(versusGame)],
  ] as const;
  console.log('\nJavaScript loaded, production build');
  console.log('entry                                   files   gzip -9    brotli');
  for (const [name, size] of rows) {
    console.log(
      `${name.padEnd(40)}${String(size.count).padStart(5)}${kb(size.gzip).padStart(10)}${kb(size.brotli).padStart(10)}`,
    );
  }
  const landingGzip = rows[0][1].gzip / 1024;
  console.log(
    `landing budget: ${landingGzip.toFixed(1)} KB gzipped (goal ≤ 100, bar ≤ 120): ${landingGzip <= 100 ? 'PASS' : landingGzip <= 120 ? 'within bar' : 'MISS'}`,
  );

  // --- Latency: live, then with A's socket blocked ---
  const live: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    live.push(await oneRound(alice.page, bob.page, names.b, WORDS[round % WORDS.length]!));
  }
  const blockedA = await newPlayer(browser, server.url);
  await blockedA.context.route('**/api/socket.io/**', (route) => route.abort());
  await blockedA.context.addCookies(await alice.context.cookies());
  const polled: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    polled.push(await oneRound(blockedA.page, bob.page, names.b, WORDS[round % WORDS.length]!));
  }
  console.log(`\nB's Enter → A's screen, ${ROUNDS} rounds each (ms)`);
  const describe = (values: number[]) =>
    `median ${median(values).toFixed(0)}, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;
  console.log(`live (Socket.IO)            ${describe(live)}`);
  console.log(`socket blocked (3 s poll)   ${describe(polled)}`);
  console.log(`ratio polled ÷ live (median) ${(median(polled) / median(live)).toFixed(1)}`);
}

try {
  await main();
} finally {
  await cleanup.run();
}
