import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { sessions, users } from '../src/db/account-tables.ts';
import { gamePlayers, games, letterMarks } from '../src/db/game-tables.ts';
import { PICK_USERNAME_FIRST } from '../src/sessions/route-access.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import {
  type AgentResponse,
  registerUser,
  startTestApp,
  type TestApp,
  TestAgent,
} from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/**
 * Who may touch a game: whom a session speaks for (`viewerOfSession`) and which rows that viewer
 * owns (`games/game-ownership.ts`), on every game route, for a guess whichever way it is
 * recorded (in a batch, or alone with the settling). Every situation gets the same status
 * everywhere, and a refused request changes nothing. Removing any one condition of the rules
 * (expiry, username, ownership) makes some cell of this table fail.
 */
const SITUATIONS = [
  'expired',
  'logged out',
  'forged',
  'another user’s',
  'no username yet',
  'guest',
  'guest after expiry',
] as const;
type Situation = (typeof SITUATIONS)[number];

const ACTIONS = [
  'GET /games/:id',
  'an ongoing guess',
  'a winning guess',
  'giveup',
  'marks update',
  'marks clear',
  'counts',
  'analysis',
] as const;
type Action = (typeof ACTIONS)[number];

const NOT_FOUND = { status: 404, err: GAME_MESSAGES.notFound };
const FORBIDDEN = { status: 403, err: PICK_USERNAME_FIRST };
const EXPECTED: Record<Situation, { status: number; err: string }> = {
  expired: NOT_FOUND,
  'logged out': NOT_FOUND,
  forged: NOT_FOUND,
  'another user’s': NOT_FOUND,
  'no username yet': FORBIDDEN,
  guest: NOT_FOUND,
  'guest after expiry': NOT_FOUND,
};

interface Case {
  agent: TestAgent;
  gameId: number;
}

describe.each(DATABASE_KINDS)('who may touch a game, on %s', (kind) => {
  let t: TestApp;
  const cases = new Map<Situation, Case>();
  let owner: Case;

  const secretOf = async (gameId: number) => {
    const [game] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    return game!.secret;
  };
  /** A valid guess that is not the game's secret. */
  const missOf = async (gameId: number, word = 'crane') =>
    (await secretOf(gameId)) === word ? 'slate' : word;
  const userIdOf = async (username: string) => {
    const [user] = await t.app.db.select().from(users).where(eq(users.username, username));
    return user!.id;
  };
  const agentWithSession = (sessionId: string) => {
    const agent = new TestAgent(t.app);
    agent.cookies.set(SESSION_COOKIE, sessionId);
    return agent;
  };
  // As time passing would: every node forgets its copy of the session (a copy in memory goes
  // at the session's own expiry, which this test brings forward behind the app's back).
  const expireSession = async (sessionId: string) => {
    const sessionHash = t.app.sessions.hash(sessionId);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sessionHash));
    await t.app.sessions.changed({ sessionHash });
  };
  const sideOf = async (gameId: number) =>
    t.app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));

  async function act(action: Action, { agent, gameId }: Case): Promise<AgentResponse> {
    switch (action) {
      case 'GET /games/:id':
        return agent.get(`/api/games/${gameId}`);
      case 'an ongoing guess':
        return agent.get(`/api/game/${gameId}/play/${await missOf(gameId, 'moist')}`);
      case 'a winning guess':
        return agent.get(`/api/game/${gameId}/play/${await secretOf(gameId)}`);
      case 'giveup':
        return agent.get(`/api/game/${gameId}/play/giveup`);
      case 'marks update':
        return agent.post(`/api/game/${gameId}/update`, { letter: 'e', color: 'good' });
      case 'marks clear':
        return agent.get(`/api/game/${gameId}/clear`);
      case 'counts':
        return agent.get(`/api/game/${gameId}/counts`);
      case 'analysis':
        return agent.get(`/api/game/${gameId}/analysis`);
    }
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const o = await registerUser(t.app);
    const rival = await registerUser(t.app);
    const ownerId = await userIdOf(o.username);
    const gameId = (await t.app.games.createVersusGame([ownerId, await userIdOf(rival.username)]))
      .gameId;
    owner = { agent: o.agent, gameId };

    // The owner's own sessions, each of which guessed once while live, so that the node
    // remembers the game and the session: each route must refuse them all the same.
    for (const situation of ['expired', 'logged out'] as const) {
      const session = await t.app.sessions.create(ownerId);
      const agent = agentWithSession(session.sessionId);
      const word = await missOf(gameId, situation === 'expired' ? 'crane' : 'plumb');
      expect((await agent.get(`/api/game/${gameId}/play/${word}`)).status).toBe(200);
      if (situation === 'expired') await expireSession(session.sessionId);
      else expect((await agent.get('/api/logout')).status).toBe(200);
      cases.set(situation, { agent: agentWithSession(session.sessionId), gameId });
    }
    cases.set('forged', { agent: agentWithSession('A'.repeat(43)), gameId });
    cases.set('another user’s', { agent: (await registerUser(t.app)).agent, gameId });

    // An account signed in through a provider that has not picked its username, in a game of
    // its own (a guest game it adopted, say): still nobody until it finalizes.
    const [nameless] = await t.app.db.insert(users).values({}).returning({ id: users.id });
    const namelessGame = (await t.app.games.createVersusGame([nameless!.id, ownerId])).gameId;
    const namelessSession = await t.app.sessions.create(nameless!.id);
    cases.set('no username yet', {
      agent: agentWithSession(namelessSession.sessionId),
      gameId: namelessGame,
    });

    const guest = new TestAgent(t.app);
    expect((await guest.get('/api/games/new')).status).toBe(200);
    cases.set('guest', { agent: guest, gameId });

    const lateGuest = new TestAgent(t.app);
    const { gameId: lateGame } = (await lateGuest.get('/api/games/new')).body as {
      gameId: number;
    };
    const word = await missOf(lateGame);
    expect((await lateGuest.get(`/api/game/${lateGame}/play/${word}`)).status).toBe(200);
    await expireSession(lateGuest.cookies.get(SESSION_COOKIE)!);
    cases.set('guest after expiry', { agent: lateGuest, gameId: lateGame });
  });
  afterAll(async () => {
    await t.close();
  });

  const cells = SITUATIONS.flatMap((situation) => ACTIONS.map((action) => ({ situation, action })));
  it.each(cells)('$situation × $action', async ({ situation, action }) => {
    const c = cases.get(situation)!;
    const before = await sideOf(c.gameId);
    const response = await act(action, c);
    const { status, err } = EXPECTED[situation];
    expect({ status: response.status, body: response.body }).toEqual({
      status,
      body: { result: 'error', err },
    });
    expect(await sideOf(c.gameId)).toEqual(before);
    const marks = await t.app.db.select().from(letterMarks);
    expect(marks).toEqual([]);
  });

  it('lets the owner’s live session do each (the table’s requests are valid)', async () => {
    for (const action of ['GET /games/:id', 'an ongoing guess', 'marks update', 'counts'] as const)
      expect((await act(action, owner)).status, action).toBe(200);
    expect((await act('marks clear', owner)).status).toBe(200);
    expect(await t.app.db.select().from(letterMarks)).toEqual([]);
    // The analysis waits for the end of the owner's game (409, not the 404 of the table).
    expect((await act('analysis', owner)).status).toBe(409);
    expect((await act('a winning guess', owner)).status).toBe(200);
    expect((await act('giveup', owner)).status).toBe(409);
    // Won, but the rival still races on the same secret: the analysis waits for the game.
    expect((await act('analysis', owner)).status).toBe(409);
  });

  it('tells a guest that marks of their own game are not saved', async () => {
    const guest = cases.get('guest')!.agent;
    const { gameId } = (await guest.get('/api/games/new')).body as { gameId: number };
    const response = await guest.post(`/api/game/${gameId}/update`, {
      letter: 'e',
      color: 'good',
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ result: 'error', err: GAME_MESSAGES.guestsCannotMark });
  });
});
