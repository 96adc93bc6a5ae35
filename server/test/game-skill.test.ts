import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { addDays } from '@jotto/shared/daily-rules';
import type { DailyGameResponse } from '@jotto/shared/daily-schemas';
import { analyseGame } from '@jotto/shared/game-analysis';
import { gameSkillOf } from '@jotto/shared/game-skill';
import { countMatches, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type {
  GameAnalysisResponse,
  GameSkillResponse,
  NewGameResponse,
} from '@jotto/shared/game-schemas';
import { games } from '../src/db/game-tables.ts';
import { changeTopics } from '../src/lib/invalidation-channel.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Reply<T> = Partial<Omit<T, 'result'>> &
  Partial<Omit<ErrorResponse, 'result'>> & { result: 'ok' | 'error' };

/** Every game here is played on this secret (set after the draw), with these misses. */
const SECRET = 'ghost';
const MISSES = ['crane', 'pious', 'light'];
const DAY = '2027-05-02';

describe.each(DATABASE_KINDS)('a game’s skill and luck on %s', (kind) => {
  let t: TestApp;
  let now = new Date(`${DAY}T12:00:00.000Z`);
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { overrides: { clock: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function useSecret(gameId: number) {
    await t.app.db.update(games).set({ secret: SECRET }).where(eq(games.id, gameId));
    await t.app.invalidations.publish([changeTopics.game(gameId)]);
  }
  async function playOk(agent: TestAgent, gameId: number, word: string) {
    const response = await agent.get(`/api/game/${gameId}/play/${word}`);
    expect(response.status, `${word}: ${JSON.stringify(response.body)}`).toBe(200);
  }
  const skillOf = (agent: TestAgent, gameId: number) =>
    agent.get<Reply<GameSkillResponse>>(`/api/game/${gameId}/skill`);
  const analysisOf = (agent: TestAgent, gameId: number) =>
    agent.get<Reply<GameAnalysisResponse>>(`/api/game/${gameId}/analysis`);

  it('gives the analysis its skill and luck, per guess and for the game', async () => {
    const guest = new TestAgent(t.app);
    const { gameId } = (await guest.get<NewGameResponse>('/api/games/new')).body;
    await useSecret(gameId);
    for (const word of [...MISSES, SECRET]) await playOk(guest, gameId, word);
    const { body } = await analysisOf(guest, gameId);
    const steps = analyseGame(SECRET, [...MISSES, SECRET]);
    expect(body.steps).toEqual(steps);
    for (const step of body.steps!) {
      expect(step.skill).toBeGreaterThanOrEqual(0);
      expect(step.skill).toBeLessThanOrEqual(100);
    }
    // The last guess was the one word left: nothing better could be played.
    if (steps.at(-2)!.candidatesLeft === 1) expect(body.steps!.at(-1)!.skill).toBe(100);
    expect({ skill: body.skill, luck: body.luck }).toEqual(gameSkillOf(steps));
    expect(body.skill).toBeLessThanOrEqual(99);
  });

  it('answers the skill alone once the player’s game has ended, and only to them', async () => {
    const { agent } = await registerUser(t.app, newUsername('Sk'));
    const { gameId } = (await agent.get<NewGameResponse>('/api/games/new')).body;
    await useSecret(gameId);
    await playOk(agent, gameId, MISSES[0]!);
    expect(await skillOf(agent, gameId)).toMatchObject({
      status: 409,
      body: { result: 'error', err: GAME_MESSAGES.analysisBeforeEnd },
    });
    await playOk(agent, gameId, 'giveup');
    const answer = await skillOf(agent, gameId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      result: 'ok',
      id: gameId,
      ...gameSkillOf(analyseGame(SECRET, [MISSES[0]!])),
    });
    const { agent: stranger } = await registerUser(t.app, newUsername('Sx'));
    expect((await skillOf(stranger, gameId)).status).toBe(404);
    expect((await skillOf(new TestAgent(t.app), gameId)).status).toBe(404);
    expect((await agent.get('/api/game/abc/skill')).status).toBe(400);
  });

  it('gives a daily’s player their skill before the word is revealed, with no word in it', async () => {
    now = new Date(`${DAY}T12:00:00.000Z`);
    const solver = await registerUser(t.app, newUsername('Ds'));
    const quitter = await registerUser(t.app, newUsername('Dq'));
    const results: Array<{ agent: TestAgent; gameId: number; words: string[] }> = [];
    for (const [player, words] of [
      [solver, [...MISSES, SECRET]],
      [quitter, [MISSES[1]!, 'giveup']],
    ] as const) {
      const { gameId } = (await player.agent.get<DailyGameResponse>('/api/daily')).body;
      await useSecret(gameId);
      for (const word of words) await playOk(player.agent, gameId, word);
      results.push({ agent: player.agent, gameId, words: words.filter((w) => w !== 'giveup') });
    }
    const before: Array<Reply<GameSkillResponse>> = [];
    for (const { agent, gameId, words } of results) {
      // The analysis waits for midnight UTC; the skill does not.
      expect((await analysisOf(agent, gameId)).body.err).toBe(GAME_MESSAGES.analysisBeforeReveal);
      const answer = await skillOf(agent, gameId);
      expect(answer.status).toBe(200);
      // Two numbers and the game's id: nothing that names a word.
      expect(Object.keys(answer.body).sort()).toEqual(['id', 'luck', 'result', 'skill']);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      expect(answer.body).toMatchObject(gameSkillOf(analyseGame(SECRET, words)));
      before.push(answer.body);
    }
    // The same numbers the analysis shows once the day has ended.
    now = new Date(`${addDays(DAY, 1)}T00:00:01.000Z`);
    for (const [i, { agent, gameId }] of results.entries()) {
      await t.app.invalidations.publish([changeTopics.game(gameId)]);
      const analysis = (await analysisOf(agent, gameId)).body;
      expect({ skill: analysis.skill, luck: analysis.luck }).toEqual({
        skill: before[i]!.skill,
        luck: before[i]!.luck,
      });
    }
    expect(countMatches(MISSES[1]!, SECRET)).toBeLessThan(5);
  });
});
