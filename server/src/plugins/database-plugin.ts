import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over Postgres or PGlite. */
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes an opened database to the app and closes it with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle; ownsHandle: boolean }) => {
    app.decorate('database', options.handle);
    app.decorate('db', options.handle.db);
    if (options.ownsHandle) app.addHook('onClose', () => options.handle.close());
  },
  { name: 'database' },
);
