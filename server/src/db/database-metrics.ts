import { Gauge, Histogram, type Registry } from 'prom-client';
import type { PoolUse } from './pool-use.ts';

/**
 * The Postgres pool's metrics, read from its counts when scraped (nothing per statement but the
 * acquire wait): connections in use and the pool's size, the work waiting for a connection, and
 * how long transactions waited for theirs. Absent on PGlite (one connection, no pool).
 */
export function registerDatabaseMetrics(registry: Registry, pool: PoolUse | null): void {
  if (pool === null) return;
  new Gauge({
    name: 'jotto_db_pool_connections_in_use',
    help: "Connections of this node's Postgres pool busy with a transaction or a statement",
    registers: [registry],
    collect() {
      this.set(pool.inUse);
    },
  });
  new Gauge({
    name: 'jotto_db_pool_connections_max',
    help: "Size of this node's Postgres pool (DATABASE_POOL_SIZE)",
    registers: [registry],
    collect() {
      this.set(pool.max);
    },
  });
  new Gauge({
    name: 'jotto_db_pool_waiting',
    help: 'Transactions and statements waiting for a connection of the pool (all connections busy)',
    registers: [registry],
    collect() {
      this.set(pool.waiting);
    },
  });
  const acquire = new Histogram({
    name: 'jotto_db_pool_acquire_seconds',
    help: 'Time from asking for a transaction to its first statement: the wait for a connection plus BEGIN',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  pool.onAcquired = (seconds) => acquire.observe(seconds);
}
