import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the Jotto server every e2e file shares (embedded defaults). */
    jottoUrl: string;
  }
}

/** The system's Chromium, headless, with the flags this sandbox needs (no sandbox, no network). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/** How this sandbox launches Chromium: the system's build, with the flags it needs. */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
};

export interface Player {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
  /** Requests that failed or answered 4xx/5xx, as "STATUS METHOD URL". */
  failedRequests: string[];
}

/**
 * A player: a browser context of its own (its own cookies, like another person's browser) on
 * one page, recording console errors and failed requests so tests can insist on none.
 */
export async function newPlayer(
  browser: Browser,
  baseURL: string,
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /**
     * Whether the app's service worker may run: not by default. The tests steer the network
     * with `route` and `setOffline`, and a worker answers from its cache what they would
     * intercept; its install also fetches the whole app in every context. The PWA tests allow
     * it (e2e/pwa.e2e.ts).
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<Player> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A request still in flight when the page navigates (a Socket.IO long-poll, a list being
    // fetched, the favicon) is cancelled by the browser (net::ERR_ABORTED): the browser's
    // doing, not a failure of the app. A request the app sees fail answers with a status.
    if (reason === 'net::ERR_ABORTED') return;
    failedRequests.push(`failed ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failedRequests.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return { context, page, errors, failedRequests };
}

/** Chromium for one describe block: see `useChromium`. */
export interface ChromiumSuite {
  /** The browser, once the block's beforeAll has started it. */
  readonly browser: Browser;
  /** A new player on the e2e server (or `baseUrl`), in a context of its own. */
  player(options?: Parameters<typeof newPlayer>[2] & { baseUrl?: string }): Promise<Player>;
}

/**
 * Starts Chromium before the tests of the enclosing describe block and closes it after them
 * (hooks registered here run before the block's own). Players default to the shared e2e server
 * started by the global setup.
 *
 * After each test, every player of the block is put back as it was made (online, no request
 * intercepted, no error recorded), so that the next test, or a retry of this one, starts as a
 * first run would: a test that failed half-way offline must not leave its retry offline.
 */
export function useChromium(): ChromiumSuite {
  let browser: Browser | undefined;
  const players: Player[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const player of players) await restore(player);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const suite: ChromiumSuite = {
    get browser() {
      if (!browser) throw new Error('Chromium starts in beforeAll: use it inside a hook or test');
      return browser;
    },
    player: async (options = {}) => {
      const player = await newPlayer(suite.browser, options.baseUrl ?? inject('jottoUrl'), options);
      players.push(player);
      return player;
    },
  };
  return suite;
}

/** Undoes what a test may have done to a player's browser; a closed one is left alone. */
async function restore(player: Player): Promise<void> {
  if (player.page.isClosed()) return;
  await player.context.setOffline(false);
  await player.context.unrouteAll({ behavior: 'ignoreErrors' });
  await player.page.unrouteAll({ behavior: 'ignoreErrors' });
  player.errors.length = 0;
  player.failedRequests.length = 0;
}
