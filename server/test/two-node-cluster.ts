import postgres from 'postgres';
import { ScratchRedis, ServerNode } from '@jotto/test-support/cluster-harness';
import { freePort } from '../../ops/cluster-launcher.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

/** The SESSION_SECRET both nodes run with unless `env` gives one (a test that hashes tokens). */
const DEFAULT_SESSION_SECRET = 'cluster-secret-cluster-secret-cluster-0002';

/** Two server processes sharing one scratch Postgres database and one Redis of their own. */
export interface TwoNodes {
  readonly node1: ServerNode;
  readonly node2: ServerNode;
  /** Both nodes, node 1 first. */
  readonly nodes: readonly [ServerNode, ServerNode];
  /** The nodes' Redis, which the test may pause, stop and restart. */
  readonly redis: ScratchRedis;
  /** A client of the shared database, for what a test reads or writes there directly. */
  readonly sql: postgres.Sql;
  /** Stops both nodes, then Redis, ends `sql` and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts a scratch Postgres database, a redis-server of its own on a spare port and two
 * `ServerNode` processes (`server/src/main.ts`) on spare ports sharing both, as two production
 * nodes behind a balancer do. `env` is laid over the nodes' defaults (quiet logs, in-memory data
 * directory, registration and login limits no test reaches). Call `close()` after the tests; if
 * starting fails, what had started is closed before the error is thrown.
 */
export async function startTwoNodes(env: Record<string, string> = {}): Promise<TwoNodes> {
  const closers: Array<() => Promise<unknown>> = [];
  // In reverse order of starting: the nodes go before the services they use.
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const database = await createScratchPostgresDatabase();
    closers.push(database.drop);
    const sql = postgres(database.url, { max: 2, onnotice: () => {} });
    closers.push(() => sql.end());
    const redis = new ScratchRedis(await freePort());
    closers.push(() => redis.stop());
    await redis.start();
    const nodeEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: DEFAULT_SESSION_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      ...env,
    };
    // Node 1 first, so that the two do not race on the first migration.
    const node1 = new ServerNode(await freePort(), nodeEnv);
    closers.push(() => node1.stop());
    await node1.start();
    const node2 = new ServerNode(await freePort(), nodeEnv);
    closers.push(() => node2.stop());
    await node2.start();
    return { node1, node2, nodes: [node1, node2], redis, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}
