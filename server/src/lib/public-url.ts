import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.ts';

/**
 * Where players reach the app, for absolute links (the verification mail): PUBLIC_URL when
 * set; otherwise the origin this request was sent to, so that a player on
 * `http://127.0.0.1:3000` is not sent to `localhost`. The request's host is the player's to
 * choose, which is fine on one's own machine; a public deployment sets PUBLIC_URL (docs/OPERATIONS.md, 'Production settings').
 * Behind a proxy, the forwarded host and protocol count only when TRUST_PROXY trusts it.
 */
export function publicBaseUrl(
  config: Pick<AppConfig, 'publicUrl'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
