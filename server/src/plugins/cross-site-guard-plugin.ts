import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
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
 * (decisions §7), or that carry neither Origin nor Sec-Fetch-Site nor our client's own header
 * (see `mayChangeState`): every non-GET route, and GET routes marked `config.changesState`.
 * This, with SameSite cookies, is our CSRF defence.
 */
export const crossSiteGuardPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    app.addHook('onRequest', async (request) => {
      const changesState =
        !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
      if (!changesState) return;
      if (!mayChangeState(options.config, request.headers, request.protocol)) {
        throw forbidden('Cross-site requests are not allowed');
      }
    });
  },
  { name: 'cross-site-guard' },
);
