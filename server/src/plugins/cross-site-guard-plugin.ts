import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config.ts';
import { forbidden } from '../errors.ts';
import { mayChangeState } from './origin-policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a GET route that changes state, so the cross-site guard covers it too. */
    changesState?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that come cross-site from an origin we do not allow
 * (docs/PRODUCT.md, 'Cross-site rule'), or that carry neither Origin nor Sec-Fetch-Site nor our
 * client's own header (see `mayChangeState`): every non-GET route, and GET routes marked
 * `config.changesState`.
 * This, with SameSite cookies, is our CSRF defence.
 */
export const crossSiteGuardPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    // A callback hook: it runs on every request, and most need nothing (no promise made). A
    // refusal is thrown, and Fastify answers it as it would from an async hook.
    app.addHook('onRequest', (request, _reply, done) => {
      const changesState =
        !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
      if (changesState && !mayChangeState(options.config, request.headers, request.protocol)) {
        throw forbidden('Cross-site requests are not allowed');
      }
      done();
    });
  },
  { name: 'cross-site-guard' },
);
