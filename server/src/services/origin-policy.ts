import type { IncomingHttpHeaders } from 'node:http';
import type { AppConfig } from '../config.ts';

/**
 * Decides whether a request comes from a page we trust: the app's own origin (PUBLIC_URL or
 * the Host the request was sent to) or one listed in CLIENT_ORIGIN (decisions §7). Used by
 * the cross-site guard of state-changing routes and by the Socket.IO handshake.
 */
export function isTrustedSource(
  config: Pick<AppConfig, 'publicUrl' | 'clientOrigins'>,
  headers: IncomingHttpHeaders,
  protocol: string,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return false;
    const own = config.publicUrl === null ? null : new URL(config.publicUrl).origin;
    const requestedHost = headers.host ? `${protocol}://${headers.host}` : null;
    return origin === own || origin === requestedHost || config.clientOrigins.includes(origin);
  }
  // No Origin: a browser still tells us where a request came from with Sec-Fetch-Site;
  // scripts and same-origin navigations send none or "same-origin" / "none".
  const site = headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}
