import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_REQUEST_HEADER } from '@jotto/shared/request-headers';
import type { AppConfig } from '../config/config.ts';

/**
 * Where a request says it comes from: `trusted` (the app's own origin, PUBLIC_URL or the Host
 * the request was sent to, or one listed in CLIENT_ORIGIN; or Sec-Fetch-Site says same-origin
 * or a user's own navigation), `foreign` (any other origin, or Sec-Fetch-Site cross-site or
 * same-site), or `unmarked`: neither Origin nor Sec-Fetch-Site, as from a script that is not a
 * browser, or from a browser without Fetch Metadata, whatever page the request came from.
 */
export type RequestSource = 'trusted' | 'foreign' | 'unmarked';

/** Classifies a request by Origin, else Sec-Fetch-Site (docs/PRODUCT.md, 'Cross-site rule'). */
export function requestSource(
  config: Pick<AppConfig, 'publicUrl' | 'clientOrigins'>,
  headers: IncomingHttpHeaders,
  protocol: string,
): RequestSource {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return 'foreign';
    const own = config.publicUrl === null ? null : new URL(config.publicUrl).origin;
    const requestedHost = headers.host ? `${protocol}://${headers.host}` : null;
    const trusted =
      origin === own || origin === requestedHost || config.clientOrigins.includes(origin);
    return trusted ? 'trusted' : 'foreign';
  }
  const site = headers['sec-fetch-site'];
  if (site === undefined) return 'unmarked';
  return site === 'cross-site' || site === 'same-site' ? 'foreign' : 'trusted';
}

/**
 * Whether a state-changing request may go ahead (the cross-site guard). An unmarked request
 * must carry CLIENT_REQUEST_HEADER, which our client sends on every call: a cross-site link or
 * form cannot set a header, and a cross-site script can only after a CORS preflight, which
 * answers only origins in CLIENT_ORIGIN. A browser without Fetch Metadata sends neither Origin
 * nor Sec-Fetch-Site on a top-level GET, and SameSite=Lax lets the cookie ride along on it.
 */
export function mayChangeState(
  config: Pick<AppConfig, 'publicUrl' | 'clientOrigins'>,
  headers: IncomingHttpHeaders,
  protocol: string,
): boolean {
  const source = requestSource(config, headers, protocol);
  if (source === 'unmarked') return headers[CLIENT_REQUEST_HEADER] !== undefined;
  return source === 'trusted';
}

/**
 * Whether a Socket.IO handshake may go ahead: from a trusted source, or unmarked. Unlike the
 * guard, an unmarked handshake needs no client header: the handshake changes nothing and only
 * lets the socket listen, a browser always sends Origin on a WebSocket and on a cross-origin
 * request, and the socket.io client cannot add headers to a WebSocket upgrade.
 */
export function mayOpenSocket(
  config: Pick<AppConfig, 'publicUrl' | 'clientOrigins'>,
  headers: IncomingHttpHeaders,
  protocol: string,
): boolean {
  return requestSource(config, headers, protocol) !== 'foreign';
}
