/// <reference lib="dom" />
// Screenshots to show that a change meant to leave the browser alone (a refactor of the server's
// internals or of the client's folders) did: Home, a versus game in progress and the results
// overlay of a finished one, at 360 and 1280 px, light and dark (12 PNGs), made so that two runs
// of the same commit give the same files byte for byte. Then compare the sets of two commits.
//
//   pnpm --filter @jotto/bench screens <out-dir>
//   pnpm --filter @jotto/bench screens --compare <dir-a> <dir-b>
//
// It runs the production build (`pnpm build` first) as `node server/dist/main.js` on a scratch
// Postgres database, and talks to it only over HTTP, SQL on the games table and the screens'
// roles and words, so that it still runs after such a refactor. What would differ between
// runs is fixed: the players' names, the game's secret and every move, the browser's clock
// (Home shows the Daily Jotto's number of the day), time zone, locale, scale and motion. A
// screenshot is kept once two in a row are the same.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { PNG } from 'pngjs';
import postgres from 'postgres';
import type {
  AcceptChallengeResponse,
  NewChallengeResponse,
} from '@jotto/shared/challenge-schemas';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { launchChromium } from '../client/e2e/support/browser.ts';
import { Cleanup, createScratchDatabase } from './support/harness.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
const CLIENT_INDEX = path.join(REPO_ROOT, 'client', 'dist', 'index.html');

const WIDTHS = [360, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
const HEIGHT = 800;
/** Every variant of one screen, in the order they are shot. */
const VARIANTS = SCHEMES.flatMap((scheme) => WIDTHS.map((width) => ({ scheme, width })));
type Variant = (typeof VARIANTS)[number];

const PASSWORD = 'secret1';
/** A word of the secret list, so that the analysis has it among its candidates. */
const SECRET = 'trace';
/** Played in turn, Alice first; none is the secret, all are in the dictionary. */
const ALICE_GUESSES = ['spine', 'toast', 'mound'];
const BOB_GUESSES = ['pious', 'dream', 'light'];
/**
 * The browser's clock, stopped: Home names the Daily Jotto of the day (#6 on this date), and
 * the real date would change it at midnight UTC. Timers still run, so the app works as usual.
 */
const BROWSER_TIME = new Date('2026-12-01T12:00:00Z');

type Screen = 'home' | 'game' | 'results';

const fileName = (screen: Screen, { width, scheme }: Variant) => `${screen}-${width}-${scheme}.png`;

const cleanup = new Cleanup();
process.on('SIGINT', () => void cleanup.run().then(() => process.exit(130)));

/** A port free on 127.0.0.1 now; the server binds it a moment later. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the built server as production runs it, on a free port (chosen here: at LOG_LEVEL=warn
 * it does not log the address it listens on) and waits until it answers. Its output is
 * passed on, so a warning or an error shows.
 */
async function startBuiltServer(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // Only what the server needs: settings of the calling shell (REDIS_URL, PUBLIC_URL...)
    // would change what it serves.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'jotto-screens-session-secret-not-for-production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      // Every context that opens the finished game asks for its analysis.
      RATE_LIMIT_ANALYSIS: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanup.add(`stop server (pid ${child.pid})`, () => stopProcess(child));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/user/info`, {
        headers: { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE },
      });
      if (answer.ok) return url;
    } catch {
      // Not listening yet (migrations run first).
    }
    if (Date.now() > deadline) throw new Error('the server did not answer in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Calls the API as the player of `api` (its cookies), insisting on `result: ok`. */
async function call<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const response = await api.fetch(`/api${apiPath}`, {
    method,
    ...(body === undefined ? {} : { data: body }),
  });
  const answer = (await response.json()) as T & { result?: unknown };
  if (!response.ok() || answer.result !== 'ok') {
    throw new Error(`${method} ${apiPath}: ${response.status()} ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** Registers `username` through the API; answers a request context signed in as them. */
async function registerPlayer(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE },
  });
  cleanup.add(`dispose ${username}'s API context`, () => api.dispose());
  await call(api, 'POST', '/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  return api;
}

async function play(api: APIRequestContext, gameId: number, word: string): Promise<PlayResponse> {
  return call<PlayResponse>(api, 'GET', `/game/${gameId}/play/${word}`);
}

/**
 * A browser context for one variant, signed in as Alice by her session cookie. Its clock is
 * stopped at BROWSER_TIME; time zone, locale and scale are fixed, motion reduced. Service
 * workers are blocked: the app's only one serves push, which no screen here shows.
 */
async function openContext(
  browser: Browser,
  baseURL: string,
  storageState: Awaited<ReturnType<APIRequestContext['storageState']>>,
  { width, scheme }: Variant,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    storageState,
    viewport: { width, height: HEIGHT },
    deviceScaleFactor: 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  await context.clock.setFixedTime(BROWSER_TIME);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Requests done, web fonts loaded, and a frame drawn since. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Shoots until two shots in a row are the same: a screen still drawing what came late (a
 * chart sized by an observer, a query answered after the network went idle) is not kept.
 */
async function stableScreenshot(page: Page, fullPage: boolean): Promise<Buffer> {
  const shoot = () =>
    page.screenshot({ fullPage, caret: 'hide', animations: 'disabled', scale: 'css' });
  let previous = await shoot();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.waitForTimeout(300);
    const next = await shoot();
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error(`${page.url()} kept changing for 6 s`);
}

async function save(outDir: string, screen: Screen, variant: Variant, png: Buffer) {
  const name = fileName(screen, variant);
  await writeFile(path.join(outDir, name), png);
  console.log(`wrote ${name}`);
}

function insistNoErrors(errors: string[], what: string): void {
  if (errors.length > 0)
    throw new Error(`${what}: the page reported errors:\n${errors.join('\n')}`);
}

/** Home, then the game in progress, for one variant (whole pages: 360 px scrolls). */
async function shootHomeAndGame(
  browser: Browser,
  baseURL: string,
  alice: APIRequestContext,
  gameId: number,
  variant: Variant,
  outDir: string,
): Promise<void> {
  const { context, page, errors } = await openContext(
    browser,
    baseURL,
    await alice.storageState(),
    variant,
  );
  try {
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome, alice!' }).waitFor();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await settle(page);
    await save(outDir, 'home', variant, await stableScreenshot(page, true));

    await page.goto(`/game/${gameId}`);
    const guesses = page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem');
    await guesses.nth(ALICE_GUESSES.length - 1).waitFor();
    // The same feed every time: 'Live' once the real-time channel is up (before it the
    // indicator says 'Updating every 3 s').
    await page.getByText('Live', { exact: true }).waitFor();
    await settle(page);
    await save(outDir, 'game', variant, await stableScreenshot(page, true));
    insistNoErrors(errors, `${variant.scheme} ${variant.width}`);
  } finally {
    await context.close();
  }
}

/**
 * The results overlay as Alice sees it on opening the finished game: the viewport only, as a
 * modal shows over the page (a whole-page shot would lay it out in a taller window).
 */
async function shootResults(
  browser: Browser,
  baseURL: string,
  alice: APIRequestContext,
  gameId: number,
  variant: Variant,
  outDir: string,
): Promise<void> {
  const { context, page, errors } = await openContext(
    browser,
    baseURL,
    await alice.storageState(),
    variant,
  );
  try {
    await page.goto(`/game/${gameId}`);
    const dialog = page.getByRole('dialog', { name: 'You won!!!' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'How each guess narrowed it down' }).waitFor();
    // The analysis shows in the overlay and on the page behind it; both must have come.
    await page.waitForFunction(() => !document.body.innerText.includes('Analysing your guesses'));
    await settle(page);
    await save(outDir, 'results', variant, await stableScreenshot(page, false));
    insistNoErrors(errors, `${variant.scheme} ${variant.width}`);
  } finally {
    await context.close();
  }
}

async function shoot(outDir: string): Promise<void> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(CLIENT_INDEX)) {
    throw new Error('no production build: run `pnpm build` first');
  }
  await mkdir(outDir, { recursive: true });
  const databaseUrl = await createScratchDatabase(cleanup, 'jotto_screens');
  const baseURL = await startBuiltServer(databaseUrl);

  const alice = await registerPlayer(baseURL, 'alice');
  const bob = await registerPlayer(baseURL, 'bob');
  // Bob challenges and Alice accepts: the 'challenge accepted' notice, shown for five minutes
  // after, goes to Bob. Alice, whose screens these are, has none to show, early or late.
  const { challengeId } = await call<NewChallengeResponse>(bob, 'POST', '/challenges/new', {
    username: 'alice',
  });
  const { gameId } = await call<AcceptChallengeResponse>(alice, 'POST', '/challenges/accept', {
    challenge_id: challengeId,
  });
  // The secret is drawn at random; set it before anyone has guessed or opened the game, so the
  // server has nothing of it cached yet.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const updated = await sql`UPDATE games SET secret = ${SECRET} WHERE id = ${gameId}`;
    if (updated.count !== 1) throw new Error(`game ${gameId} not found to set its secret`);
  } finally {
    await sql.end();
  }
  for (const [turn, word] of ALICE_GUESSES.entries()) {
    await play(alice, gameId, word);
    await play(bob, gameId, BOB_GUESSES[turn]!);
  }

  const browser = await launchChromium();
  cleanup.add('close Chromium', () => browser.close());

  for (const variant of VARIANTS) {
    await shootHomeAndGame(browser, baseURL, alice, gameId, variant, outDir);
  }
  const bobGaveUp = await play(bob, gameId, 'giveup');
  const aliceSolved = await play(alice, gameId, SECRET);
  if (!bobGaveUp.forfeit || !aliceSolved.win || aliceSolved.outcome !== 'win') {
    throw new Error(`the game did not end as planned: ${JSON.stringify(aliceSolved)}`);
  }
  for (const variant of VARIANTS) {
    await shootResults(browser, baseURL, alice, gameId, variant, outDir);
  }
}

/** Per file of either folder: `identical`, or how many pixels differ. True if all are identical. */
async function compare(dirA: string, dirB: string): Promise<boolean> {
  const pngsOf = async (dir: string) =>
    (await readdir(dir)).filter((name) => name.endsWith('.png'));
  const inA = new Set(await pngsOf(dirA));
  const inB = new Set(await pngsOf(dirB));
  const names = [...new Set([...inA, ...inB])].sort();
  if (names.length === 0) throw new Error(`no PNG in ${dirA} or ${dirB}`);
  let same = true;
  const width = Math.max(...names.map((name) => name.length));
  for (const name of names) {
    const verdict = await (async () => {
      if (!inA.has(name)) return `only in ${dirB}`;
      if (!inB.has(name)) return `only in ${dirA}`;
      const [bytesA, bytesB] = await Promise.all([
        readFile(path.join(dirA, name)),
        readFile(path.join(dirB, name)),
      ]);
      if (bytesA.equals(bytesB)) return 'identical';
      const a = PNG.sync.read(bytesA);
      const b = PNG.sync.read(bytesB);
      if (a.width !== b.width || a.height !== b.height) {
        return `size differs: ${a.width}×${a.height} and ${b.width}×${b.height}`;
      }
      // Threshold 0 and anti-aliased pixels counted: any change of colour is a difference.
      const differing = pixelmatch(a.data, b.data, undefined, a.width, a.height, {
        threshold: 0,
        includeAA: true,
      });
      // Same pixels in other bytes (another PNG encoder, say) still looks the same.
      return differing === 0
        ? 'identical (pixels; the bytes differ)'
        : `${differing} pixels differ`;
    })();
    if (!verdict.startsWith('identical')) same = false;
    console.log(`${name.padEnd(width)}  ${verdict}`);
  }
  return same;
}

// pnpm runs the script in bench/: a relative folder is taken from where pnpm was called.
const fromCaller = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

async function main(args: string[]): Promise<number> {
  if (args[0] === '--compare' && args.length === 3) {
    return (await compare(fromCaller(args[1]!), fromCaller(args[2]!))) ? 0 : 1;
  }
  if (args.length === 1 && !args[0]!.startsWith('-')) {
    try {
      await shoot(fromCaller(args[0]!));
    } finally {
      await cleanup.run();
    }
    return 0;
  }
  console.error('usage: screens <out-dir>\n       screens --compare <dir-a> <dir-b>');
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
