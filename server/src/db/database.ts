import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import { countedPool, PoolUse } from './pool-use.ts';
import * as accountTables from './account-tables.ts';
import * as gameTables from './game-tables.ts';
import * as socialTables from './social-tables.ts';
import * as secretTables from './secret-tables.ts';
import * as snapshotTables from './snapshot-tables.ts';
import * as reminderTables from './reminder-tables.ts';
import * as moderationTables from './moderation-tables.ts';
import { REPO_ROOT } from '../repo-root.ts';

/** Every table, one file per area (`*-tables.ts`), as Drizzle's typed schema. */
const schema = {
  ...accountTables,
  ...gameTables,
  ...socialTables,
  ...snapshotTables,
  ...secretTables,
  ...reminderTables,
  ...moderationTables,
};

/** The Drizzle database, whichever driver is underneath: queries are written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, accepted wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a raw statement as a prepared statement (postgres.js: named, parsed and planned once per
 * connection and reused for the same text). Drizzle prepares only builder queries, so the few
 * raw statements on the hottest path (the guess batch) come through here. Rows keep the
 * database's (snake_case) column names.
 */
export type PreparedRawRunner = <Row>(query: SQL | RenderedStatement) => Promise<Row[]>;

/** A raw statement already rendered to its text and parameters (see `renderOnce`). */
export interface RenderedStatement {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * Renders a raw statement's text once, for a statement run on the hottest path with only its
 * placeholders changing: turning Drizzle's chunks into text on every call showed in the guess
 * bench's profile. Answers a function that fills the placeholders.
 */
export function renderOnce(query: SQL): (values: Record<string, unknown>) => RenderedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (values) => ({ text, params: fillPlaceholders(params, values) });
}

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  runPrepared: PreparedRawRunner;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** The statements of this node that timed out lately (see /readyz). */
  stalls: DatabaseStalls;
  /** How busy the pool is (for /metrics); null on PGlite, which has one connection. */
  pool: PoolUse | null;
  /**
   * Hears a Postgres notification channel (LISTEN): `onNotify` with each payload, after the
   * transaction that sent it committed; `onListening` each time the listening connection is
   * (re)established, when notifications may have been missed meanwhile. Resolves to a function
   * that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Bounds on every statement of the app's connections (DATABASE_STATEMENT_TIMEOUT_MS and
 * DATABASE_LOCK_TIMEOUT_MS). Without them a table locked by someone else (a migration, an
 * operator's LOCK, a long transaction) made every guess wait for as long as the lock was held,
 * 15 s in the probe; now such a statement fails (SQLSTATE 55P03 or 57014) and its request
 * answers 503 at once, and the player presses again.
 */
export interface DatabaseTimeouts {
  /** A statement running longer than this fails (Postgres `statement_timeout`). */
  statementTimeoutMs: number;
  /** A statement waiting longer than this for a lock fails (Postgres `lock_timeout`). */
  lockTimeoutMs: number;
}

/** Generous for a developer's machine; the app passes the configured values. */
const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementTimeoutMs: 5_000, lockTimeoutMs: 2_000 };

/**
 * When a statement of this node last timed out: the database is up but not serving (a lock
 * held for long, a saturated server), which a `SELECT 1` probe alone does not see. The error
 * handler notes each timed-out request; /readyz reads it.
 */
export class DatabaseStalls {
  private lastAt = Number.NEGATIVE_INFINITY;

  /** A statement timed out just now. */
  note(): void {
    this.lastAt = Date.now();
  }

  /** Whether one did within the last `windowMs`. */
  within(windowMs: number): boolean {
    return Date.now() - this.lastAt < windowMs;
  }
}

/**
 * The rows of `db.execute(sql…)`: postgres.js answers an array of rows, PGlite an object with
 * `rows`. Raw SQL is kept for the few statements the query builder cannot express.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

function renderedNow(query: SQL): RenderedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'migrations');

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Connections in the postgres.js pool. */
  poolSize?: number;
  /** Statement and lock timeouts of the app's connections (not of the migration's). */
  timeouts?: DatabaseTimeouts;
}

/**
 * Opens the database the configuration names (Postgres with DATABASE_URL, else PGlite in
 * DATA_DIR) and brings its schema up to date with the migrations in `migrations/`.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, timeouts);
  }
  return openPglite(options.dataDir, timeouts);
}

/**
 * How the pool reconnects after an outage. postgres.js waits before each new connection by a
 * back-off that grows with every failed connection of the pool (3^n / 100 s, up to 20 s): after
 * a busy outage, requests waited up to 20 s once the database was back. Here the wait is at most
 * 0.5 s (about one attempt per connection every 0.5 s while it is down, nothing for Postgres),
 * and a connection attempt that hangs (a host gone, not refusing) fails after 5 s, not 30.
 */
const RECONNECTION = {
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
  connect_timeout: 5,
} as const;

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  timeouts: DatabaseTimeouts,
): Promise<DatabaseHandle> {
  // Migrations run without the timeouts: a CREATE INDEX may take long, and waits for the lock.
  // Several nodes may start at once: a session-level advisory lock on a dedicated connection
  // lets exactly one of them apply pending migrations while the others wait.
  const migrationClient = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrationClient`SELECT pg_advisory_lock(${ADVISORY_LOCKS.migrations})`;
    await migratePostgres(drizzlePostgres(migrationClient), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    await migrationClient`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`;
  } finally {
    await migrationClient.end();
  }
  const pool = new PoolUse(poolSize);
  const pooled = postgres(databaseUrl, {
    max: poolSize,
    onnotice: () => {},
    ...RECONNECTION,
    // Run-time parameters sent when each connection starts, so every connection of the pool
    // has them, a reconnected one too.
    connection: {
      statement_timeout: timeouts.statementTimeoutMs,
      lock_timeout: timeouts.lockTimeoutMs,
    },
  });
  const client = countedPool(pooled, pool);
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    runPrepared: async <Row>(query: SQL | RenderedStatement) => {
      const { text, params } = 'text' in query ? query : renderedNow(query);
      const rows = await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      });
      return rows as unknown as Row[];
    },
    ping: async () => {
      await client`SELECT 1`;
    },
    stalls: new DatabaseStalls(),
    pool,
    listen: (channel, onNotify, onListening) =>
      listenOn(databaseUrl, channel, onNotify, onListening),
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * LISTEN on a connection of its own, listening again whenever that connection closes (a
 * restart, a network cut), until it succeeds: a retry every half second while the database is
 * away, nothing while it is up. postgres.js's own `listen` gives up on a channel whose re-listen
 * fails once, which would leave a node deaf after an outage.
 */
async function listenOn(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  // `onnotify` is the option postgres.js's own `listen` is built on, missing from its types;
  // with `onclose` (typed) it lets this connection listen again on its own terms.
  const options: postgres.Options<Record<string, never>> & {
    onnotify: (from: string, payload: string) => void;
  } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    ...RECONNECTION,
    onnotify: (from, payload) => {
      if (from === channel) onNotify(payload);
    },
    onclose: () => {
      if (!stopped) void listenUntilListening();
    },
  };
  const listener = postgres(databaseUrl, options);
  const listenOnce = async () => {
    await listener.unsafe(`LISTEN "${channel.replace(/"/g, '""')}"`);
    onListening();
  };
  async function listenUntilListening(): Promise<void> {
    while (!stopped) {
      try {
        await listenOnce();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  await listenOnce();
  return async () => {
    stopped = true;
    await listener.end({ timeout: 1 });
  };
}

async function openPglite(dataDir: string, timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  // Its one connection keeps these for its life (set after the migrations, like Postgres's).
  await client.exec(
    `SET statement_timeout = ${timeouts.statementTimeoutMs}; SET lock_timeout = ${timeouts.lockTimeoutMs}`,
  );
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One connection in this process: nothing to gain from preparing.
    runPrepared: async <Row>(query: SQL | RenderedStatement) => {
      const { text, params } = 'text' in query ? query : renderedNow(query);
      return (await client.query<Row>(text, params)).rows;
    },
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    stalls: new DatabaseStalls(),
    pool: null,
    // One connection in this process, which never drops.
    listen: async (channel, onNotify, onListening) => {
      const unlisten = await client.listen(channel, onNotify);
      onListening();
      return unlisten;
    },
    close: () => client.close(),
  };
}
