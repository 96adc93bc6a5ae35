import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/sessions/session-plugin.ts';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;

// The guess route checks the session inside its game query rather than in the session plugin;
// these are the plugin's rules, checked again on that path.
describe.each(DATABASE_KINDS)('the guess route’s own session check on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function playerWithGame() {
    const player = await registerUser(t.app);
    const { gameId } = (await player.agent.get<Json>('/api/games/new')).body as { gameId: number };
    return { ...player, gameId };
  }

  it('accepts the owner’s live session, user or guest', async () => {
    const { agent, gameId } = await playerWithGame();
    expect((await agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(200);
    const guest = new TestAgent(t.app);
    const { gameId: guestGame } = (await guest.get<Json>('/api/games/new')).body as {
      gameId: number;
    };
    expect((await guest.get(`/api/game/${guestGame}/play/crane`)).status).toBe(200);
  });

  it('refuses an expired, a logged-out, a forged or someone else’s session with 404', async () => {
    const { agent, gameId } = await playerWithGame();
    const other = await registerUser(t.app);
    expect((await other.agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(404);
    const forged = new TestAgent(t.app);
    forged.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    expect((await forged.get(`/api/game/${gameId}/play/crane`)).status).toBe(404);
    expect((await new TestAgent(t.app).get(`/api/game/${gameId}/play/crane`)).status).toBe(404);

    const sessionId = agent.cookies.get(SESSION_COOKIE)!;
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, t.app.sessions.hash(sessionId)));
    expect((await agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(404);

    const { agent: second, gameId: secondGame } = await playerWithGame();
    const stale = new TestAgent(t.app);
    stale.cookies.set(SESSION_COOKIE, second.cookies.get(SESSION_COOKIE)!);
    await second.get('/api/logout');
    expect((await stale.get(`/api/game/${secondGame}/play/crane`)).status).toBe(404);
  });

  it('refuses a signed-in account that has no username yet', async () => {
    const { gameId, username } = await playerWithGame();
    const [user] = await t.app.db.select().from(users).where(eq(users.username, username));
    const session = await t.app.sessions.create(user!.id);
    await t.app.db.update(users).set({ username: null }).where(eq(users.id, user!.id));
    const agent = new TestAgent(t.app);
    agent.cookies.set(SESSION_COOKIE, session.sessionId);
    expect((await agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(404);
  });
});
