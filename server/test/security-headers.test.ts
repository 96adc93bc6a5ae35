import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';

// Issue 14, item 7: no security headers on `/` or `/api/*`. Every response now carries a
// Content-Security-Policy without inline script, `frame-ancestors 'none'`, nosniff and a
// Referrer-Policy (helmet), and the built client still works under that policy in a browser.

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

  it.each([
    ['the client (index.html)', 'GET', '/'],
    ['a client route', 'GET', '/home'],
    ['an API read', 'GET', '/api/user/info'],
    ['an API error', 'POST', '/api/login'],
    ['a 404', 'GET', '/nope'],
    ['a cross-site refusal', 'GET', '/api/logout'],
  ] as const)('are on %s', async (_name, method, url) => {
    const response = await new TestAgent(t.app).request({
      method,
      url,
      headers: url === '/api/logout' ? { origin: 'https://evil.example' } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });
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
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers over https', () => {
  it('add Strict-Transport-Security, wss: and upgrade-insecure-requests', async () => {
    const t = await startTestApp('postgres', { PUBLIC_URL: 'https://jotto.example' });
    try {
      const response = await new TestAgent(t.app).get('/api/user/info');
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://jotto.example']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
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
      const ran = await page.evaluate<boolean>(`(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return window.inlineRan === true;
      })()`);
      expect(ran).toBe(false);
      expect(await violations()).toEqual([expect.stringMatching(/^script-src/)]);
    } finally {
      await browser.close();
    }
  });
});
