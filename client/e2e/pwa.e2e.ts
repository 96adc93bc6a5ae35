import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_OPTIONS, useChromium } from './support/browser.ts';
import { type JottoServer, startJottoServer } from './support/jotto-server.ts';

// Install and offline (docs/PRODUCT.md, 'Install and offline'): the manifest, the service worker
// at /sw.js, the app opened with no network, and a new deploy taking over from the old one.

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const OFFLINE_BANNER = 'You are offline. Nothing is sent until you are back online.';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Waits until the page's service worker is active and controls the page; its script and scope. */
async function workerInControl(page: Page): Promise<{ script: string; scope: string }> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active!.scriptURL, scope: registration.scope };
  });
}

/** Every URL the page's origin holds in its caches (the worker's precache, by Workbox). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

describe('install and offline', () => {
  const suite = useChromium();
  // A server of this file's own, on a copy of the build: the last test deploys a new build into
  // that copy (the other files' server keeps the real one), and its debug log tells what reached
  // it.
  let server: JottoServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'jotto-pwa-dist-'));
    await cp(DIST, dist, { recursive: true });
    // Debug logs: they name every page and file the server sends (info names API calls only).
    server = await startJottoServer({ CLIENT_DIST_DIR: dist, LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await server?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('links a valid manifest: name, start URL, standalone, both icons, a theme colour per scheme', async () => {
    const { page, context } = await suite.player({ baseUrl: server.url, serviceWorkers: 'allow' });
    await page.goto('/');
    // Vite names the manifest by its content, as the other files it builds.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toMatch(/^\/public\/assets\/manifest-[\w-]+\.webmanifest$/);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'Jotto',
      short_name: 'Jotto',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#3846c8',
    });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
      expect((await page.request.get(icon!.src)).status()).toBe(200);
    }
    // One theme colour for each scheme, in the page.
    const themes = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) =>
        metas.map((m) => [m.getAttribute('media'), m.getAttribute('content')]),
      );
    expect(themes).toEqual([
      ['(prefers-color-scheme: light)', '#3846c8'],
      ['(prefers-color-scheme: dark)', '#181c24'],
    ]);

    await context.close();
  });

  // Lighthouse 12 (bench/) has no installability audit any more; its last one (installable-manifest)
  // read this same verdict from Chromium.
  it("passes Chromium's installability checks, those its install prompt goes by", async () => {
    // In a profile of its own: Playwright's usual contexts are incognito, where Chromium installs
    // nothing and says only that.
    const profile = await mkdtemp(path.join(tmpdir(), 'jotto-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM_OPTIONS,
      baseURL: server.url,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/home');
      await workerInControl(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string }[];
      };
      expect(manifest.url).toMatch(/\/public\/assets\/manifest-[\w-]+\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('registers /sw.js for the whole app, caches no API call, and opens offline', async () => {
    const { page, context } = await suite.player({ baseUrl: server.url, serviceWorkers: 'allow' });
    await page.goto('/home');
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await workerInControl(page)).toEqual({
      script: `${server.url}/sw.js`,
      scope: `${server.url}/`,
    });
    // The app's shell and files are there; the API's answers (who is signed in, the daily...)
    // are not, nor anything else outside the build.
    const cached = await cachedUrls(page);
    expect(cached.some((url) => url.startsWith(`${server.url}/public/index.html`))).toBe(true);
    expect(cached.some((url) => /\/public\/assets\/rules-page-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => !url.startsWith(`${server.url}/public/`))).toEqual([]);

    // What reached the server: the pages and files it sent, the API calls it answered.
    const served = () =>
      server.logs.filter((line) => line.includes('"msg":"request completed"')).length;
    const servedOnline = served();
    expect(servedOnline).toBeGreaterThan(0);
    await context.setOffline(true);
    // The Rules page, opened with no network: all of it.
    await page.goto('/rules');
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    await page.getByText(/an anagram of it has 5 matches but is not the word/).waitFor();
    await page.getByText(OFFLINE_BANNER).waitFor();
    // Home needs the server: it says it is offline.
    await page.goto('/home');
    await page.getByText(OFFLINE_BANNER).waitFor();
    // The landing page too opens.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Jotto', level: 1 }).waitFor();
    // All of it came from the worker's cache: nothing reached the server.
    expect(served()).toBe(servedOnline);
    await context.setOffline(false);
    expect(await cachedUrls(page)).not.toContainEqual(expect.stringContaining('/api/'));
    await context.close();
  });

  it('hands a push to the visible page, from the worker at /sw.js', async () => {
    const { page, context } = await suite.player({ baseUrl: server.url, serviceWorkers: 'allow' });
    await page.goto('/rules');
    await workerInControl(page);
    const received = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data));
          navigator.serviceWorker.startMessages();
        }),
    );
    // A push as Chromium delivers one from the push service, to the worker's registration.
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const root = (registrations as { registrationId: string; scopeURL: string }[]).find(
          (registration) => registration.scopeURL === `${server.url}/`,
        );
        if (root) resolve(root.registrationId);
      });
      // Enabling reports the registrations there are: listened to before, so none is missed.
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId,
      data: JSON.stringify({
        data: {
          title: 'New challenge',
          body: 'bob challenged you to a game!',
          click_action: '/challenges',
        },
      }),
    });
    expect(await received).toEqual({
      type: 'jotto:push',
      message: {
        title: 'New challenge',
        body: 'bob challenged you to a game!',
        click_action: '/challenges',
      },
    });
    await context.close();
  });

  it('unregisters the worker left at /public/sw.js by an older page, which only handled pushes', async () => {
    const { page, context } = await suite.player({ baseUrl: server.url, serviceWorkers: 'allow' });
    await page.goto('/rules');
    await workerInControl(page);
    // As an older page did: /public/sw.js, scope /public/. That address still serves a worker.
    const scopes = () =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
      );
    await page.evaluate(async () => {
      const old = await navigator.serviceWorker.register('/public/sw.js');
      await new Promise<void>((resolve) => {
        const worker = old.installing ?? old.waiting ?? old.active!;
        if (worker.state === 'activated') resolve();
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
      });
    });
    expect((await scopes()).sort()).toEqual(['/', '/public/']);
    // Under the old scope it precached nothing: only the root worker has a cache.
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.filter((name) => name.includes('/public/'))).toEqual([]);
    // The next page unregisters it.
    await page.reload();
    await expect.poll(scopes, { timeout: 15_000 }).toEqual(['/']);
    await context.close();
  });

  it('a new deploy replaces the old shell and files, online at once and offline after', async () => {
    const { page, context } = await suite.player({ baseUrl: server.url, serviceWorkers: 'allow' });
    await page.goto('/rules');
    await workerInControl(page);
    // Build B's stylesheet sets a custom property that build A's does not have.
    const buildOf = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--build').trim() === '"B"'
          ? 'B'
          : 'A',
      );
    expect(await buildOf()).toBe('A');

    await deployBuildB(dist);
    // Online, the page is the new build's at once: pages are asked of the network first.
    await page.reload();
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    expect(await buildOf()).toBe('B');
    // The browser has checked /sw.js on that navigation and found a new worker, which takes over
    // once it has precached the new build.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/');
            if (!registration || registration.installing || registration.waiting) return null;
            const shell = await caches.match('/public/index.html', { ignoreSearch: true });
            return (await shell?.text())?.includes('index-b-') ? 'B' : 'A';
          }),
        { timeout: 30_000, interval: 250 },
      )
      .toBe('B');
    // Offline, the cached shell and its stylesheet are the new build's, not the old ones.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    expect(await buildOf()).toBe('B');
    await context.close();
  });
});

/**
 * Deploys a "build B" into `dist`, as a real deploy changes it: a stylesheet under a new hashed
 * name (build A's, plus a rule that marks the page as build B), the page that links it, and the
 * worker whose precache list names both (the new name, and the page's new revision). The
 * compressed copies of the old page and worker go, as a new build would have replaced them.
 */
async function deployBuildB(dist: string): Promise<void> {
  const assets = path.join(dist, 'assets');
  const stylesheet = (await readdir(assets)).find((name) => /^index-[\w-]+\.css$/.test(name))!;
  const newStylesheet = 'index-b-0000001.css';
  const css = await readFile(path.join(assets, stylesheet), 'utf8');
  await writeFile(path.join(assets, newStylesheet), `${css}\n:root{--build:"B"}`);

  const indexPath = path.join(dist, 'index.html');
  const index = (await readFile(indexPath, 'utf8')).replace(stylesheet, newStylesheet);
  await writeFile(indexPath, index);
  await rm(`${indexPath}.br`, { force: true });
  await rm(`${indexPath}.gz`, { force: true });

  const workerPath = path.join(dist, 'sw.js');
  const worker = (await readFile(workerPath, 'utf8'))
    .replace(`/public/assets/${stylesheet}`, `/public/assets/${newStylesheet}`)
    .replace(
      /"revision":"[0-9a-f]+","url":"\/public\/index\.html"/,
      '"revision":"build-b","url":"/public/index.html"',
    );
  expect(worker).toContain(newStylesheet);
  expect(worker).toContain('"revision":"build-b"');
  await writeFile(workerPath, worker);
  await rm(`${workerPath}.br`, { force: true });
  await rm(`${workerPath}.gz`, { force: true });
}
