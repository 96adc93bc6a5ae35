import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, sessions } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/sessions/session-plugin.ts';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;

describe.each(DATABASE_KINDS)('purging expired data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const gameExists = async (id: number) => (await t.app.db.$count(games, eq(games.id, id))) === 1;
  const sessionOf = (agent: TestAgent) => t.app.sessions.hash(agent.cookies.get(SESSION_COOKIE)!);
  const expire = (hash: string) =>
    t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hash));

  it('removes expired sessions and the games only they could open; keeps everything live', async () => {
    const expiredGuest = new TestAgent(t.app);
    const lostGame = (await expiredGuest.get<Json>('/api/games/new')).body.gameId as number;
    const liveGuest = new TestAgent(t.app);
    const liveGuestGame = (await liveGuest.get<Json>('/api/games/new')).body.gameId as number;
    const user = await registerUser(t.app);
    const userGame = (await user.agent.get<Json>('/api/games/new')).body.gameId as number;
    // A guest who signs in keeps the unfinished game; a finished one stays with the old session.
    const convert = new TestAgent(t.app);
    const finished = (await convert.get<Json>('/api/games/new')).body.gameId as number;
    await convert.get(`/api/game/${finished}/play/giveup`);
    const unfinished = (await convert.get<Json>('/api/games/new')).body.gameId as number;
    await convert.post('/api/register', {
      username: `${user.username.slice(0, 10)}_c`,
      email: `c_${user.username}@example.com`,
      password: 'abcd',
    });
    const staleUser = await registerUser(t.app);
    await expire(sessionOf(expiredGuest));
    await expire(sessionOf(staleUser.agent));

    await t.app.purgeJob.run();

    expect(await gameExists(lostGame)).toBe(false);
    expect(await gameExists(finished)).toBe(false);
    expect(await gameExists(liveGuestGame)).toBe(true);
    expect(await gameExists(userGame)).toBe(true);
    expect(await gameExists(unfinished)).toBe(true);
    expect(await t.app.db.$count(sessions, eq(sessions.idHash, sessionOf(expiredGuest)))).toBe(0);
    expect(await t.app.db.$count(sessions, eq(sessions.idHash, sessionOf(staleUser.agent)))).toBe(
      0,
    );
    expect((await liveGuest.get(`/api/games/${liveGuestGame}`)).status).toBe(200);
    expect((await user.agent.get(`/api/games/${userGame}`)).status).toBe(200);
    expect((await convert.get(`/api/games/${unfinished}`)).status).toBe(200);
    // A second run finds nothing more to do.
    await t.app.purgeJob.run();
    expect(await gameExists(liveGuestGame)).toBe(true);
  });
});
