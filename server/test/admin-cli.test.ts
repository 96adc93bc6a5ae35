import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/account-tables.ts';
import { games, pointAwards } from '../src/db/game-tables.ts';
import { LeaderboardService } from '../src/leaderboards/leaderboard-service.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';
import { runAdmin } from './admin-cli-process.ts';

describe('pnpm admin (grant / revoke)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    env = { DATABASE_URL: scratch.url };
    await handle.db.insert(users).values([{ username: 'Star_Maker' }, { username: 'bystander' }]);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  const adminFlag = async (username: string) => {
    const [row] = await handle.db
      .select({ admin: users.admin })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    return row?.admin;
  };

  it('grants the flag to a user named in any case, and says so', async () => {
    const run = await runAdmin(['grant', 'STAR_maker'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Star_Maker is now an admin');
    expect(await adminFlag('Star_Maker')).toBe(true);
    expect(await adminFlag('bystander')).toBe(false);

    const again = await runAdmin(['grant', 'star_maker'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already an admin');
  });

  it('shows the star on leaderboards from the next refresh', async () => {
    const [user] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = 'bystander'`);
    const [game] = await handle.db
      .insert(games)
      .values({ mode: 'solo', secret: 'crane', settledAt: new Date() })
      .returning({ id: games.id });
    await handle.db.insert(pointAwards).values({ userId: user!.id, gameId: game!.id, points: 90 });
    const leaderboards = new LeaderboardService(handle.db, 270_000);
    await leaderboards.refreshLeaderboards(new Date());
    expect((await leaderboards.getLeaderboard('alltime')).scores[0]?.admin).toBe(false);

    expect((await runAdmin(['grant', 'Bystander'], env)).code).toBe(0);
    expect((await leaderboards.getLeaderboard('alltime')).scores[0]?.admin).toBe(false);
    await leaderboards.refreshLeaderboards(new Date());
    expect((await leaderboards.getLeaderboard('alltime')).scores[0]).toMatchObject({
      displayName: 'bystander',
      admin: true,
    });
  });

  it('revokes the flag', async () => {
    await runAdmin(['grant', 'Star_Maker'], env);
    const run = await runAdmin(['revoke', 'star_maker'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Star_Maker is now not an admin');
    expect(await adminFlag('Star_Maker')).toBe(false);
  });

  it('exits 1 for an unknown user and changes nothing', async () => {
    const before = await handle.db.select({ id: users.id, admin: users.admin }).from(users);
    const run = await runAdmin(['grant', 'nobody_here'], env);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('No user named "nobody_here"');
    expect(await handle.db.select({ id: users.id, admin: users.admin }).from(users)).toEqual(
      before,
    );
  });

  it.each([[[]], [['grant']], [['promote', 'Star_Maker']], [['grant', 'a', 'b']]])(
    'exits 2 with the usage for %j',
    async (args) => {
      const run = await runAdmin(args, env);
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain('Usage: pnpm admin grant <username>');
    },
  );

  it('exits 3 naming the problem when the configuration is bad', async () => {
    const run = await runAdmin(['grant', 'Star_Maker'], { DATABASE_URL: 'mysql://db/jotto' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('DATABASE_URL must use postgres: or postgresql:');
  });
});
