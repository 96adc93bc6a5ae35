import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config/config.ts';
import { isUnderApiPrefix } from '../lib/api-path.ts';

/** The WebSocket origin (ws: or wss:) of an http(s) URL's host. */
function webSocketOrigin(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol === 'https:' ? 'wss' : 'ws'}://${parsed.host}`;
}

/**
 * The Content-Security-Policy of every response. The built client (Vite, under /public/) loads
 * only external module scripts and stylesheets of its own, so neither inline script nor inline
 * style is allowed: React sets `style` props through the CSSOM, which style-src does not govern.
 * Socket.IO is on our own origin; its WebSocket URL is listed besides 'self' because browsers
 * before CSP Level 3 (Safari < 15.4 among them) do not count ws:/wss: of the page's host as
 * 'self'. Third parties the client is configured for are added by CSP_*_SRC (config.ts).
 */
export function contentSecurityPolicyDirectives(
  config: Pick<AppConfig, 'publicUrl' | 'socialSignIn' | 'contentSecurityPolicy'>,
): Record<string, string[]> {
  const extra = config.contentSecurityPolicy;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  // Without PUBLIC_URL the pages are wherever the request went, so only an API_PUBLIC_URL set
  // apart from them names an origin of its own; 'self' covers the rest (and, in browsers of
  // CSP Level 3, its WebSocket too).
  const ownOrigin = config.publicUrl === null ? null : new URL(config.publicUrl).origin;
  const apiOrigin = new URL(config.socialSignIn.apiPublicUrl).origin;
  // An API on another origin than the pages (API_PUBLIC_URL) is where the client's fetches and
  // its socket go.
  const api = ownOrigin !== null && apiOrigin !== ownOrigin ? [apiOrigin] : [];
  const sockets = ownOrigin === null ? [] : [...new Set([ownOrigin, ...api].map(webSocketOrigin))];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra.scriptSrc],
    'script-src-attr': ["'none'"],
    'connect-src': ["'self'", ...api, ...sockets, ...extra.connectSrc],
    'img-src': ["'self'", 'data:', ...extra.imgSrc],
    'style-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Social sign-in buttons are links, not forms; a form posting elsewhere would be an injection.
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (a developer's machine) this would send every asset to https and break.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The security headers of one kind of answer, by lower-case name. */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * What an API answer (JSON, never a page) keeps of the page headers, as OWASP's REST Security
 * Cheat Sheet lists them: a policy that lets nothing load or frame it (for a browser sent to
 * the URL itself), nosniff, no framing, the same Referrer-Policy and, when on https, HSTS.
 * Cross-Origin-Resource-Policy stays too: no other site may load an answer with no-cors.
 */
const API_HEADERS = [
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];
const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * The security headers of pages (and every other file of the client) and of API answers, as
 * helmet sets them for `config`; see `securityHeadersPlugin` for what they are.
 */
export function securityHeaders(config: AppConfig): { page: HeaderSet; api: HeaderSet } {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(config),
    },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  // helmet reads nothing of the request and only sets and removes headers on the response; it
  // calls back at once (it throws, rather than pass an error, for a configuration it refuses).
  const page: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      page[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  const api: Record<string, string> = { 'content-security-policy': API_CONTENT_SECURITY_POLICY };
  for (const name of API_HEADERS) if (page[name] !== undefined) api[name] = page[name];
  return { page, api };
}

/**
 * Security headers on every response (helmet's values): on the client's pages and files, the
 * CSP above, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`, helmet's other page headers, and HSTS when PUBLIC_URL is https. Answers
 * under the API prefix and the probes (/healthz, /readyz, /metrics) are JSON or text, never a
 * page that could run script: they carry the short set above (`default-src 'none'`), about a
 * third of the bytes. A JavaScript file of the client keeps the page set: a worker's policy is
 * the one its script is served with.
 *
 * Referrer-Policy is `same-origin`, not helmet's `no-referrer`: under `no-referrer` a browser
 * sends `Origin: null` on a same-origin POST (Fetch standard, "serializing a request origin"),
 * which the cross-site guard must refuse; `same-origin` keeps the Origin and still sends no
 * Referer (with the verification code of /users/:username/verify/:code) to any other site.
 *
 * The values depend on the configuration alone, so helmet is asked for them once, at start, and
 * every answer but a 304 gets its set in onSend (when its status is known). A 304 goes without:
 * it updates the stored response, which already carries them, and HTTP asks a 304 to carry only
 * what guides that update (RFC 9110, 15.4.5). Running helmet's eleven middlewares on every
 * request instead would be a visible share of the CPU of a poll answered from memory, for
 * values that never change (and @fastify/helmet parses the CSP again on every request).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { page, api } = securityHeaders(options.config);
    const apiPrefix = options.config.apiPrefix;
    const probes = new Set(['/healthz', '/readyz', '/metrics']);
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode !== 304) {
        void reply.headers(
          isUnderApiPrefix(request.url, apiPrefix) || probes.has(request.routeOptions.url ?? '')
            ? api
            : page,
        );
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
