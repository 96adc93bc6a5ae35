import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { resolveAppSecrets } from '../src/db/app-secrets.ts';
import { openDatabase } from '../src/db/database.ts';
import { appSecrets } from '../src/db/secret-tables.ts';
import { registerUser, startTestApp, TestAgent, type TestApp } from './test-app.ts';
import { createScratchPostgresDatabase, DATABASE_KINDS } from './test-environment.ts';

// Without SESSION_SECRET the app used to sign and key with a constant written in the source,
// and Daily Jotto's key derived from it: anyone could forge cookies and compute every future
// daily word. Now each database gets random secrets of its own at its first start, which every
// node of that database reads.

/** Empty is unset: the test app's SESSION_SECRET is taken away. */
const NO_SECRETS = { SESSION_SECRET: '', DAILY_SECRET: '', LOG_LEVEL: 'info' };
const RANDOM_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A test app whose log lines are kept (JSON, one per write). */
async function startLogged(
  kind: (typeof DATABASE_KINDS)[number],
  env: Record<string, string>,
  options: { databaseUrl?: string } = {},
): Promise<{ t: TestApp; log: string[] }> {
  const log: string[] = [];
  const t = await startTestApp(kind, env, {
    ...options,
    overrides: { logStream: { write: (line) => void log.push(line) } },
  });
  return { t, log };
}

const generatedLines = (log: string[]) => log.filter((line) => line.includes('generated'));

describe.each(DATABASE_KINDS)('secrets without SESSION_SECRET and DAILY_SECRET on %s', (kind) => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('are random, of their own on each database, and never logged', async () => {
    const first = await startLogged(kind, NO_SECRETS);
    closers.push(() => first.t.close());
    const second = await startLogged(kind, NO_SECRETS);
    closers.push(() => second.t.close());
    const [a, b] = [first.t.app.secrets, second.t.app.secrets];
    for (const secret of [a.session, a.daily, b.session, b.daily]) {
      expect(secret).toMatch(RANDOM_SECRET);
    }
    expect(new Set([a.session, a.daily, b.session, b.daily]).size).toBe(4);
    expect(first.t.config).toMatchObject({ sessionSecret: null, dailySecret: null });

    // Said once each, without the value; no line of the start carries a secret.
    expect(generatedLines(first.log)).toEqual([
      expect.stringContaining(
        'SESSION_SECRET is not set: generated a random one and stored it in the database',
      ),
      expect.stringContaining(
        'DAILY_SECRET is not set: generated a random one and stored it in the database',
      ),
    ]);
    const lines = first.log.join('\n');
    expect(lines).not.toContain(a.session);
    expect(lines).not.toContain(a.daily);
  });

  it('are kept: a restart on the same database runs with the same ones', async () => {
    let env: Record<string, string> = NO_SECRETS;
    let databaseUrl: string | undefined;
    if (kind === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'jotto-secrets-'));
      closers.push(() => rm(dataDir, { recursive: true, force: true }));
      env = { ...NO_SECRETS, DATA_DIR: dataDir };
    } else {
      const database = await createScratchPostgresDatabase();
      closers.push(database.drop);
      databaseUrl = database.url;
    }
    const before = await startLogged(kind, env, { databaseUrl });
    const secrets = before.t.app.secrets;
    const { username, password } = await registerUser(before.t.app);
    await before.t.close();

    const after = await startLogged(kind, env, { databaseUrl });
    closers.push(() => after.t.close());
    expect(after.t.app.secrets).toEqual(secrets);
    expect(generatedLines(after.log)).toEqual([]);
    // The account's password and its stored data outlive the restart, and so does signing in.
    const agent = new TestAgent(after.t.app);
    expect((await agent.post('/api/login', { username, password })).status).toBe(200);
  });

  it('take SESSION_SECRET as it is and store only the daily key beside it', async () => {
    const sessionSecret = 'an-operator-secret-an-operator-secret-0042';
    const { t } = await startLogged(kind, { ...NO_SECRETS, SESSION_SECRET: sessionSecret });
    closers.push(() => t.close());
    expect(t.app.secrets.session).toBe(sessionSecret);
    expect(t.app.secrets.daily).toMatch(RANDOM_SECRET);
    const rows = await t.app.db.select({ name: appSecrets.name }).from(appSecrets);
    expect(rows).toEqual([{ name: 'daily' }]);
  });
});

describe('nodes starting at once on one Postgres database without the secrets', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('agree on the secrets, so a session cookie of one works on the other', async () => {
    const database = await createScratchPostgresDatabase();
    closers.push(database.drop);
    const quiet = { ...NO_SECRETS, LOG_LEVEL: 'silent' };
    const [one, two] = await Promise.all(
      [1, 2].map(() => startTestApp('postgres', quiet, { databaseUrl: database.url })),
    );
    closers.push(
      () => one!.close(),
      () => two!.close(),
    );
    expect(two!.app.secrets).toEqual(one!.app.secrets);
    expect(await one!.app.db.select().from(appSecrets)).toHaveLength(2);

    const { agent, username } = await registerUser(one!.app);
    const elsewhere = new TestAgent(two!.app);
    elsewhere.cookies.set(SESSION_COOKIE, agent.cookies.get(SESSION_COOKIE)!);
    expect(await elsewhere.get('/api/user/info')).toMatchObject({
      status: 200,
      body: { result: 'ok', msg: username },
    });
  });

  it('make each secret once however many starts race for it', async () => {
    const database = await createScratchPostgresDatabase();
    closers.push(database.drop);
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
    closers.push(() => handle.close());
    const unset = { sessionSecret: null, dailySecret: null };
    const starts = await Promise.all(
      Array.from({ length: 8 }, () => resolveAppSecrets(handle.db, unset)),
    );
    expect(new Set(starts.map(({ secrets }) => JSON.stringify(secrets))).size).toBe(1);
    expect(starts.flatMap(({ generated }) => generated).sort()).toEqual([
      'DAILY_SECRET',
      'SESSION_SECRET',
    ]);
  });
});
