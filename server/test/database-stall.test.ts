import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.ts';
import { STALL_WINDOW_MS } from '../src/ops/readiness.ts';
import { registerUser, startTestApp, type TestApp } from './test-app.ts';

// A database that is up but stalled: with an exclusive lock held on game_players for 15 s,
// guesses waited up to 15 s and /readyz answered 200 'ready' the whole time. Statements now
// carry a lock and a statement timeout, a timed-out request answers 503 with the envelope, and
// /readyz reports the database as not serving while its statements time out.

const LOCK_TIMEOUT_MS = 500;
const STATEMENT_TIMEOUT_MS = 1_000;
const LOCK_HELD_MS = 4_000;

describe('a stalled Postgres', () => {
  let t: TestApp;
  let admin: postgres.Sql;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    admin = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('answers a guess that waits on a lock with 503 within the lock timeout, and /readyz says so', async () => {
    const { agent } = await registerUser(t.app);
    const { gameId } = (await agent.get<{ gameId: number }>('/api/games/new')).body;
    expect((await agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);

    // Someone else holds game_players exclusively (a migration, an operator, a long transaction).
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = admin.begin(async (tx) => {
      await tx`LOCK TABLE game_players IN ACCESS EXCLUSIVE MODE`;
      locked();
      await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_MS));
    });
    await lockTaken;
    const started = performance.now();
    const guess = await agent.get(`/api/game/${gameId}/play/slate`);
    const waitedMs = performance.now() - started;
    expect(guess).toMatchObject({
      status: 503,
      body: { result: 'error', err: 'A service we depend on is down. Please try again.' },
    });
    // Before: 200 once the lock was released, LOCK_HELD_MS later.
    expect(waitedMs).toBeLessThan(LOCK_TIMEOUT_MS + 1_000);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      result: 'error',
      status: 'unavailable',
      database: 'timing out',
    });
    await holding;

    // The lock gone, the same guess goes through, and /readyz is ready again after the window.
    expect((await agent.get(`/api/game/${gameId}/play/slate`)).status).toBe(200);
    await expect
      .poll(async () => (await t.app.inject('/readyz')).statusCode, {
        timeout: STALL_WINDOW_MS + 2_000,
        interval: 250,
      })
      .toBe(200);
  }, 20_000);

  it('ends a statement that runs past the statement timeout', async () => {
    const [setting] = rowsOf<{ statement_timeout: string }>(
      await t.app.db.execute(sql`SHOW statement_timeout`),
    );
    expect(setting?.statement_timeout).toBe('1s');
    await expect(t.app.db.execute(sql`SELECT pg_sleep(3)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
  });
});

describe('a stalled PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the same timeouts set on its one connection', async () => {
    const [row] = rowsOf<{ statement_timeout: string; lock_timeout: string }>(
      await t.app.db.execute(
        sql`SELECT current_setting('statement_timeout') AS statement_timeout,
                   current_setting('lock_timeout') AS lock_timeout`,
      ),
    );
    expect(row).toEqual({ statement_timeout: '1s', lock_timeout: '500ms' });
  });
});
