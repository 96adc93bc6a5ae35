import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';

// There were once no security headers on `/` or `/api/*`. Every response but a 304 now carries a
// Content-Security-Policy without inline script, `frame-ancestors 'none'`, nosniff and a
// Referrer-Policy (helmet's values): the pages' full policy, under which the built client works
// in a browser, or for API answers one that allows nothing at all.

// Chromium from the system (Debian's `chromium` package); CI installs it (.ci/run).
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The directives of a CSP header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      CSP_CONNECT_SRC: 'https://fcm.googleapis.com https://firebaseinstallations.googleapis.com',
      CSP_SCRIPT_SRC: 'https://www.gstatic.com',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (method: 'GET' | 'POST', url: string) =>
    new TestAgent(t.app).request({
      method,
      url,
      headers: url === '/api/logout' ? { origin: 'https://evil.example' } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it.each([
    ['the client (index.html)', 'GET', '/'],
    ['a client route', 'GET', '/home'],
    ['a 404', 'GET', '/nope'],
  ] as const)('of a page are on %s', async (_name, method, url) => {
    const response = await ask(method, url);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      // Older browsers do not count WebSocket URLs of the page's own host as 'self'.
      'ws://localhost:3000',
      'https://fcm.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // Only over https (PUBLIC_URL here is http): it would break a plain-http deployment.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['an API read', 'GET', '/api/user/info'],
    ['an API error', 'POST', '/api/login'],
    ['an API 404', 'GET', '/api/nope'],
    ['a cross-site refusal', 'GET', '/api/logout'],
    ['a probe', 'GET', '/healthz'],
  ] as const)('of an answer that is never a page are on %s', async (_name, method, url) => {
    const response = await ask(method, url);
    // Nothing may load, run or frame it, whoever opens the URL.
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Headers that only a page reads are left off.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on an answer with an ETag and not on its 304, which updates the stored answer', async () => {
    const agent = new TestAgent(t.app);
    const first = await agent.get('/api/leaders/alltime');
    expect(first.status).toBe(200);
    expect(first.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(first.headers['x-frame-options']).toBe('DENY');
    const etag = String(first.headers.etag);
    const again = await agent.request({
      method: 'GET',
      url: '/api/leaders/alltime',
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options']) {
      expect(again.headers[name], name).toBeUndefined();
    }
  });
});

describe('security headers over https', () => {
  it('add Strict-Transport-Security, wss: and upgrade-insecure-requests', async () => {
    const t = await startTestApp('postgres', { PUBLIC_URL: 'https://jotto.example' });
    try {
      const response = await new TestAgent(t.app).get('/');
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://jotto.example']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const api = await new TestAgent(t.app).get('/api/user/info');
      expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});

describe('the built client under the CSP, in a browser', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders with no CSP violation, reaches the API and Socket.IO, and blocks inline script', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // In-page code is given as text: the server's TypeScript has no DOM types.
      await page.addInitScript({
        content: `window.cspViolations = [];
          document.addEventListener('securitypolicyviolation', (event) =>
            window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
      });
      const response = await page.goto(`${baseUrl}/`);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.waitForFunction("document.querySelector('#main').children.length > 0");
      await page.waitForLoadState('networkidle');
      const violations = () => page.evaluate<string[]>('window.cspViolations');
      expect(await violations()).toEqual([]);
      expect(problems.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

      // The page's own script may call the API and open Socket.IO's WebSocket.
      const reached = await page.evaluate<{ api: number; socket: string }>(`(async () => {
        const api = await fetch('/api/user/info', { credentials: 'include' });
        const socket = await new Promise((resolve) => {
          const ws = new WebSocket('ws://' + location.host + '/api/socket.io/?EIO=4&transport=websocket');
          ws.onmessage = () => resolve('open');
          ws.onerror = () => resolve('error');
        });
        return { api: api.status, socket };
      })()`);
      expect(reached).toEqual({ api: 200, socket: 'open' });
      expect(await violations()).toEqual([]);

      // An injected inline script does not run: the policy is enforced, not only sent.
      // An inline script that may run runs as it is inserted, so its outcome is known at once.
      const ran = await page.evaluate<boolean>(`(() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
        return window.inlineRan === true;
      })()`);
      expect(ran).toBe(false);
      // The browser reports the blocked script in an event of its own, a task later.
      await page.waitForFunction('window.cspViolations.length > 0', undefined, { timeout: 5_000 });
      expect(await violations()).toEqual([expect.stringMatching(/^script-src/)]);
    } finally {
      await browser.close();
    }
  });
});
