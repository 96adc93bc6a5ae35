import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_ROUTES } from '@jotto/shared/client-routes';
import { unavailable } from '../errors.ts';

/**
 * Serves the built client: its assets under /public/ (Vite builds with base /public/, so the
 * service worker is /public/sw.js) and index.html for every client route of spec §2.
 */
export const clientStaticPlugin = fp(
  async (app: FastifyInstance, options: { clientDistDir: string }) => {
    const indexPath = path.join(options.clientDistDir, 'index.html');
    const built = existsSync(indexPath);
    if (!built) {
      app.log.warn({ clientDistDir: options.clientDistDir }, 'client not built: run `pnpm build`');
    } else {
      await app.register(fastifyStatic, {
        root: options.clientDistDir,
        prefix: '/public/',
        index: false,
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
    for (const route of CLIENT_ROUTES) {
      app.get(route, { schema: { hide: true } }, async (_request, reply) => {
        if (!built) throw unavailable('The client has not been built. Run `pnpm build`.');
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      });
    }
  },
  { name: 'client-static' },
);
