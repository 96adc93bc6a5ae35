import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameSkeleton } from '@jotto/shared/account-rules';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { users } from '../src/db/account-tables.ts';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

// 'AIice' (a capital I) registered next to 'Alice': a name that looks like a taken one is now
// taken too, at registration and at finalize, by the stored skeleton's unique index.

const TAKEN = { status: 409, body: { result: 'error', err: 'That username is taken' } };
let counter = 0;
/** A name unique to this run, of letters only, ending in the given look-alike-prone part. */
const fresh = (tail: string) => {
  counter += 1;
  const letters = (process.pid * 100 + counter)
    .toString(26)
    .replace(/\d/g, (d) => 'qwxyzkhjgt'[Number(d)]!);
  return `${letters.slice(0, 14 - tail.length)}${tail}`;
};

const register = (t: TestApp, username: string) =>
  new TestAgent(t.app).post('/api/register', {
    username,
    email: `${username.toLowerCase()}${counter}@example.com`,
    password: 'abcd',
  });

describe.each(DATABASE_KINDS)('look-alike usernames on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a name whose skeleton is taken, with the taken-name message', async () => {
    const original = fresh('Alice');
    expect((await register(t, original)).status).toBe(200);
    const base = original.slice(0, -5);
    // Before: 200 for each of these.
    for (const lookalike of [`${base}AIice`, `${base}A1ice`, `${base}ALlCE`]) {
      expect(await register(t, lookalike), lookalike).toMatchObject(TAKEN);
    }
    // A different name is fine.
    expect((await register(t, `${base}Alica`)).status).toBe(200);
  });

  it('stores the skeleton of every name it registers', async () => {
    const name = fresh('B0b');
    expect((await register(t, name)).status).toBe(200);
    const [row] = await t.app.db
      .select({ skeleton: users.usernameSkeleton })
      .from(users)
      .where(eq(users.username, name));
    expect(row?.skeleton).toBe(usernameSkeleton(name));
  });

  it('refuses the same at finalize, and lets an unrelated name through', async () => {
    const original = fresh('rnike');
    expect((await register(t, original)).status).toBe(200);
    const [nameless] = await t.app.db.insert(users).values({}).returning({ id: users.id });
    const session = await t.app.sessions.create(nameless!.id);
    const agent = new TestAgent(t.app);
    agent.cookies.set(SESSION_COOKIE, session.sessionId);
    const lookalike = `${original.slice(0, -5)}Mike`;
    expect(await agent.post('/api/finalize', { username: lookalike })).toMatchObject(TAKEN);
    const other = `${original.slice(0, -5)}Pike`;
    expect(await agent.post('/api/finalize', { username: other })).toMatchObject({
      status: 200,
      body: { result: 'ok', msg: other },
    });
    const [row] = await t.app.db
      .select({ skeleton: users.usernameSkeleton })
      .from(users)
      .where(eq(users.id, nameless!.id));
    expect(row?.skeleton).toBe(usernameSkeleton(other));
  });
});

describe('accounts registered before skeletons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(async () => {
    await t.close();
  });

  it('get theirs at start-up; of two look-alikes the older keeps the name’s skeleton', async () => {
    // As rows were before the column: names, no skeletons, two of them look-alikes.
    const older = fresh('Bob');
    const younger = `${older.slice(0, -3)}B0b`;
    const alone = fresh('Carol');
    await t.app.db
      .insert(users)
      .values([{ username: older }, { username: younger }, { username: alone }]);
    const restarted = await startTestApp('postgres', {}, { databaseUrl: t.databaseUrl! });
    try {
      const rows = await restarted.app.db
        .select({ username: users.username, skeleton: users.usernameSkeleton })
        .from(users)
        .where(inArray(users.username, [older, younger, alone]));
      const skeletonOf = (name: string) => rows.find((row) => row.username === name)?.skeleton;
      expect(skeletonOf(older)).toBe(usernameSkeleton(older));
      expect(skeletonOf(younger)).toBeNull();
      expect(skeletonOf(alone)).toBe(usernameSkeleton(alone));
      // And a new look-alike of either is refused.
      expect(await register(restarted, `${older.slice(0, -3)}BOB`)).toMatchObject(TAKEN);
      expect(await register(restarted, `${alone.slice(0, -5)}CaroI`)).toMatchObject(TAKEN);
    } finally {
      await restarted.app.close();
    }
  });

  it('get theirs in batches: 1,200 accounts in a few statements, every one filled', async () => {
    // Letters that fold to nothing else, then digits, which fold one-to-one: no two look alike.
    const run = (process.pid % 100_000)
      .toString(10)
      .replace(/\d/g, (d) => 'acdefghjkm'[Number(d)]!);
    const names = Array.from({ length: 1_200 }, (_, i) => `q${run}_${i}`);
    await t.app.db.insert(users).values(names.map((username) => ({ username })));
    const restarted = await startTestApp('postgres', {}, { databaseUrl: t.databaseUrl! });
    try {
      const rows = await restarted.app.db
        .select({ username: users.username, skeleton: users.usernameSkeleton })
        .from(users)
        .where(inArray(users.username, names));
      expect(rows).toHaveLength(names.length);
      for (const row of rows) expect(row.skeleton).toBe(usernameSkeleton(row.username!));
    } finally {
      await restarted.app.close();
    }
  });
});
