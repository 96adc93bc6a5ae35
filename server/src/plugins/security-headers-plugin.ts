import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

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

/**
 * Security headers on every response, API and client alike (helmet): the CSP above,
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`, and HSTS when PUBLIC_URL is https.
 *
 * Referrer-Policy is `same-origin`, not helmet's `no-referrer`: under `no-referrer` a browser
 * sends `Origin: null` on a same-origin POST (Fetch standard, "serializing a request origin"),
 * which the cross-site guard must refuse; `same-origin` keeps the Origin and still sends no
 * Referer (with the verification code of /users/:username/verify/:code) to any other site.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { config } = options;
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicyDirectives(config),
      },
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
    });
  },
  { name: 'security-headers' },
);
