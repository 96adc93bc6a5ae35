import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { CLIENT_ROUTES } from '@jotto/shared/client-routes';
import { unavailable } from '../errors.ts';
import { isUnderApiPrefix } from '../lib/api-path.ts';

const ASSET_PREFIX = '/public/';
/** The service worker, at the root so that its scope is the whole app. */
const SERVICE_WORKER_PATH = '/sw.js';

/**
 * Serves the built client: its assets under /public/ (Vite builds with base /public/), brotli or
 * gzip when the build left a compressed copy (client/vite.config.ts writes them) and the browser
 * accepts it; `index.html` for every client route (`CLIENT_ROUTES`); the service worker at
 * /sw.js (docs/PRODUCT.md, 'Install and offline'), the build's dist/sw.js, which stays at
 * /public/sw.js too for the registrations made when it lived there. It also decides what a path nobody routes gets: a browser
 * navigating to an unknown page gets the client (status 404), which shows its own not-found
 * screen; anything else (the API, assets, scripts) gets the JSON error envelope.
 */
export const clientStaticPlugin = fp(
  async (app: FastifyInstance, options: { clientDistDir: string; apiPrefix: string }) => {
    const indexPath = path.join(options.clientDistDir, 'index.html');
    const built = existsSync(indexPath);
    if (!built) {
      app.log.warn({ clientDistDir: options.clientDistDir }, 'client not built: run `pnpm build`');
    } else {
      await app.register(fastifyStatic, {
        root: options.clientDistDir,
        prefix: ASSET_PREFIX,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Vite names assets by content hash; everything else must be revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const sendIndex = (reply: FastifyReply, status: number) => {
      if (!built) throw unavailable('The client has not been built. Run `pnpm build`.');
      // The page names the hashed assets of the current build: never cached.
      return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
    };
    // A worker's scope can be no wider than the folder of its script: at /sw.js it may control
    // every page. Never cached (the browser also checks it at most a day old, whatever the
    // headers), so a deploy reaches players on their next visit; the page's security headers
    // apply, and a worker's policy is the one its script is served with.
    app.get(
      SERVICE_WORKER_PATH,
      { schema: { hide: true }, config: { access: 'public' } },
      async (_request, reply) => {
        if (!built) throw unavailable('The client has not been built. Run `pnpm build`.');
        return reply.header('cache-control', 'no-cache').sendFile('sw.js');
      },
    );
    for (const route of CLIENT_ROUTES) {
      app.get(route, { schema: { hide: true }, config: { access: 'public' } }, async (_r, reply) =>
        sendIndex(reply, 200),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (built && isPageNavigation(request, options.apiPrefix)) return sendIndex(reply, 404);
      const body: ErrorResponse = {
        result: 'error',
        err: `Nothing is at ${request.method} ${request.url.split('?')[0]}`,
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'client-static' },
);

/** A browser opening a page (not the API, not an asset, not a script asking for data). */
function isPageNavigation(request: FastifyRequest, apiPrefix: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isUnderApiPrefix(request.url, apiPrefix)) return false;
  if (request.url.startsWith(ASSET_PREFIX)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
