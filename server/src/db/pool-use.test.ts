import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../../test/test-environment.ts';
import { countedPool, PoolUse } from './pool-use.ts';

describe('countedPool', () => {
  const raw = postgres(TEST_POSTGRES_URL, { max: 2, onnotice: () => {} });
  const use = new PoolUse(2);
  const sql = countedPool(raw, use);
  afterAll(() => raw.end({ timeout: 1 }));

  it('counts statements from when they are sent to their outcome, beyond the pool as waiting', async () => {
    // Built but not awaited: postgres.js has not sent it, so it holds nothing yet.
    const lazy = sql.unsafe('SELECT 1');
    expect(use.inFlight).toBe(0);
    const sleeps = [
      sql`SELECT pg_sleep(0.2)`,
      sql.unsafe('SELECT pg_sleep(0.2)').values(),
      sql.unsafe('SELECT pg_sleep(0.2)'),
    ].map((query) => Promise.resolve(query));
    // Promise.resolve reads a thenable in a microtask: that is when each is sent.
    await new Promise((resolve) => setImmediate(resolve));
    expect(use.inFlight).toBe(3);
    expect(use.inUse).toBe(2);
    expect(use.waiting).toBe(1);
    await Promise.all(sleeps);
    expect(use.inFlight).toBe(0);
    await lazy;
    expect(use.inFlight).toBe(0);
    await expect(Promise.resolve(sql`SELECT nonsense`)).rejects.toThrow();
    expect(use.inFlight).toBe(0);
  });

  it("counts a transaction once, for its whole length, and times its connection's wait", async () => {
    const waits: number[] = [];
    use.onAcquired = (seconds) => waits.push(seconds);
    const inside: number[] = [];
    const result = await sql.begin(async (tx) => {
      await tx`SELECT 1`;
      inside.push(use.inFlight);
      return 'done';
    });
    expect(result).toBe('done');
    expect(inside).toEqual([1]);
    expect(use.inFlight).toBe(0);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    await expect(
      sql.begin(async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(use.inFlight).toBe(0);
  });
});
