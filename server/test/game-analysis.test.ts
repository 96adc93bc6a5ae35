import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { analyseGame } from '@jotto/shared/game-analysis';
import { gameSkillOf } from '@jotto/shared/game-skill';
import { countMatches, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type {
  GameAnalysisResponse,
  GameDetailResponse,
  NewGameResponse,
} from '@jotto/shared/game-schemas';
import { isValidGuessWord, SECRET_WORDS } from '@jotto/shared/word-lists';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games, guesses } from '../src/db/game-tables.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS, uniqueClientAddress } from './test-environment.ts';
import { changeTopics } from '../src/lib/invalidation-channel.ts';

type Reply<T> = Partial<Omit<T, 'result'>> &
  Partial<Omit<ErrorResponse, 'result'>> & { result: 'ok' | 'error' };

/**
 * Every game here is played on this secret (set in the database after the draw), so the misses
 * below are fixed and a search for the secret in a response means something: it is in none of
 * the fixed texts a response carries.
 */
const SECRET = 'ghost';
const MISSES_A = ['crane', 'pious'];
const MISSES_B = ['light', 'month', 'audio'];

const NOT_YET = { status: 409, body: { result: 'error', err: GAME_MESSAGES.analysisBeforeEnd } };

describe('the fixed words of these tests', () => {
  it('are a secret and valid misses, and the secret hides in no fixed text', () => {
    expect(SECRET_WORDS).toContain(SECRET);
    for (const word of [...MISSES_A, ...MISSES_B]) {
      expect(isValidGuessWord(word)).toBe(true);
      expect(countMatches(word, SECRET)).toBeLessThan(5);
    }
    expect(Object.values(GAME_MESSAGES).join(' ').toLowerCase()).not.toContain(SECRET);
  });
});

describe.each(DATABASE_KINDS)('GET /game/:id/analysis on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function useSecret(gameId: number) {
    await t.app.db.update(games).set({ secret: SECRET }).where(eq(games.id, gameId));
  }

  async function newSoloGame(agent: TestAgent): Promise<number> {
    const response = await agent.get<Reply<NewGameResponse>>('/api/games/new');
    expect(response.status).toBe(200);
    await useSecret(response.body.gameId!);
    return response.body.gameId!;
  }

  async function playOk(agent: TestAgent, gameId: number, word: string) {
    const response = await agent.get(`/api/game/${gameId}/play/${word}`);
    expect(response.status, `${word}: ${JSON.stringify(response.body)}`).toBe(200);
  }

  function analysis(agent: TestAgent, gameId: number) {
    return agent.get<Reply<GameAnalysisResponse>>(`/api/game/${gameId}/analysis`);
  }

  it('solo: 409 while playing, then every guess in order; 404 for anyone else', async () => {
    const guest = new TestAgent(t.app);
    const gameId = await newSoloGame(guest);
    expect(await analysis(guest, gameId)).toMatchObject(NOT_YET);
    for (const word of MISSES_A) {
      await playOk(guest, gameId, word);
      const early = await analysis(guest, gameId);
      expect(early).toMatchObject(NOT_YET);
      expect(JSON.stringify(early.body)).not.toContain(SECRET);
    }
    await playOk(guest, gameId, SECRET);

    const words = [...MISSES_A, SECRET];
    const response = await analysis(guest, gameId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'ok',
      id: gameId,
      candidatesAtStart: SECRET_WORDS.length,
      steps: analyseGame(SECRET, words),
      ...gameSkillOf(analyseGame(SECRET, words)),
    });
    const steps = response.body.steps!;
    // The same guesses and counts the board shows (newest first there).
    const board = await guest.get<Reply<GameDetailResponse>>(`/api/games/${gameId}`);
    expect(steps.map(({ word, matches }) => ({ word, matches })).reverse()).toEqual(
      board.body.guesses,
    );
    expect(steps.at(-1)!.candidatesLeft).toBe(1);

    const { agent: stranger } = await registerUser(t.app, newUsername('An'));
    for (const other of [stranger, new TestAgent(t.app)]) {
      const refused = await analysis(other, gameId);
      expect(refused, JSON.stringify(refused.body)).toMatchObject({
        status: 404,
        body: { result: 'error', err: GAME_MESSAGES.notFound },
      });
    }
    expect((await analysis(guest, 2_000_000_000)).status).toBe(404);
    expect((await guest.get(`/api/game/abc/analysis`)).status).toBe(400);
  });

  it('a game given up before any guess has no steps', async () => {
    const { agent } = await registerUser(t.app, newUsername('Ag'));
    const gameId = await newSoloGame(agent);
    await playOk(agent, gameId, 'giveup');
    expect((await analysis(agent, gameId)).body).toEqual({
      result: 'ok',
      id: gameId,
      candidatesAtStart: SECRET_WORDS.length,
      steps: [],
      skill: 0,
      luck: 50,
    });
  });

  it('serves a finished player from memory: their guesses are not read again', async () => {
    const { agent } = await registerUser(t.app, newUsername('Am'));
    const gameId = await newSoloGame(agent);
    for (const word of [...MISSES_B, SECRET]) await playOk(agent, gameId, word);
    const first = await analysis(agent, gameId);
    expect(first.body.steps).toHaveLength(4);
    const [player] = await t.app.db
      .select({ id: gamePlayers.id })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId));
    await t.app.db.delete(guesses).where(eq(guesses.playerId, player!.id));
    // Announced as any change to a game is: the board is read afresh, the analysis is not.
    await t.app.invalidations.publish([changeTopics.game(gameId)]);
    expect(
      (await agent.get<Reply<GameDetailResponse>>(`/api/games/${gameId}`)).body.guesses,
    ).toEqual([]);
    expect((await analysis(agent, gameId)).body).toEqual(first.body);
  });

  it('versus: nothing before the game is settled, then both sides for both', async () => {
    const a = await registerUser(t.app, newUsername('Va'));
    const b = await registerUser(t.app, newUsername('Vb'));
    const carol = await registerUser(t.app, newUsername('Vc'));
    const [aId, bId] = await Promise.all(
      [a, b].map(async ({ username }) => {
        const [row] = await t.app.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, username));
        return row!.id;
      }),
    );
    const gameId = (await t.app.games.createVersusGame([aId, bId] as [number, number])).gameId;
    await useSecret(gameId);

    /** What B, still playing, may not see: the secret and A's words. */
    const hiddenFromB = [SECRET, ...MISSES_A];
    const expectNothingFor = async (agent: TestAgent, hidden: readonly string[]) => {
      const response = await analysis(agent, gameId);
      expect(response).toMatchObject(NOT_YET);
      expect(response.body).toEqual(NOT_YET.body);
      for (const word of hidden) expect(JSON.stringify(response.body)).not.toContain(word);
    };

    await expectNothingFor(a.agent, [SECRET]);
    await expectNothingFor(b.agent, hiddenFromB);
    await playOk(a.agent, gameId, MISSES_A[0]!);
    await playOk(b.agent, gameId, MISSES_B[0]!);
    await playOk(a.agent, gameId, MISSES_A[1]!);
    await expectNothingFor(a.agent, [SECRET, MISSES_B[0]!]);
    await expectNothingFor(b.agent, hiddenFromB);

    // A solves: the game is not settled (B races on the same secret), so nobody's analysis
    // yet: it shows the best guesses, which a second account of B's could pass on.
    await playOk(a.agent, gameId, SECRET);
    const aWords = [...MISSES_A, SECRET];
    const notRevealed = await analysis(a.agent, gameId);
    expect(notRevealed).toMatchObject({
      status: 409,
      body: { result: 'error', err: GAME_MESSAGES.analysisBeforeReveal },
    });
    await expectNothingFor(b.agent, hiddenFromB);
    for (const word of MISSES_B.slice(1)) {
      await playOk(b.agent, gameId, word);
      await expectNothingFor(b.agent, hiddenFromB);
      expect((await analysis(a.agent, gameId)).status).toBe(409);
    }
    // The board agrees: B has no target and no list of A's words yet.
    const bBoard = await b.agent.get<Reply<GameDetailResponse>>(`/api/games/${gameId}`);
    expect(bBoard.body).not.toHaveProperty('target');
    expect(bBoard.body).not.toHaveProperty('enemyGuessList');

    // B gives up: now both see both.
    await playOk(b.agent, gameId, 'giveup');
    const aSteps = analyseGame(SECRET, aWords);
    const bSteps = analyseGame(SECRET, MISSES_B);
    for (const [agent, mine, theirs] of [
      [a.agent, aSteps, bSteps],
      [b.agent, bSteps, aSteps],
    ] as const) {
      expect((await analysis(agent, gameId)).body).toEqual({
        result: 'ok',
        id: gameId,
        candidatesAtStart: SECRET_WORDS.length,
        steps: mine,
        opponentSteps: theirs,
        ...gameSkillOf(mine),
        opponentSkill: gameSkillOf(theirs).skill,
        opponentLuck: gameSkillOf(theirs).luck,
      });
    }
    const outsider = await analysis(carol.agent, gameId);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain(SECRET);
  });
});

describe('the analysis route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { RATE_LIMIT_ANALYSIS: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is rate limited per client address (RATE_LIMIT_ANALYSIS), as CPU-bound', async () => {
    const agent = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    const { gameId } = (await agent.get<NewGameResponse>('/api/games/new')).body;
    await agent.get(`/api/game/${gameId}/play/giveup`);
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await agent.get(`/api/game/${gameId}/analysis`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('is documented in the OpenAPI document with its steps', async () => {
    const doc = (
      await new TestAgent(t.app).get<{ paths: Record<string, Record<string, unknown>> }>(
        '/api/openapi.json',
      )
    ).body;
    const operation = JSON.stringify(doc.paths['/api/game/{id}/analysis']?.get);
    for (const field of [
      'candidatesLeft',
      'bestGuess',
      'bestExpected',
      'opponentSteps',
      'skill',
      'luck',
      'opponentSkill',
    ])
      expect(operation).toContain(field);
  });
});
