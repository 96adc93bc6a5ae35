import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countMatches } from './game-rules.ts';
import { GameAnalyser, type GuessAnswer } from './game-analysis.ts';
import { countLuck, expectedInformation, gameSkillOf, guessSkill } from './game-skill.ts';
import { GUESS_WORDS, SECRET_WORDS } from './word-lists.ts';

/** A small random secret list and a secret from it, with some dictionary words to guess. */
const smallGame = fc
  .record({
    secrets: fc.shuffledSubarray([...SECRET_WORDS], { minLength: 2, maxLength: 120 }),
    others: fc.shuffledSubarray([...GUESS_WORDS], { minLength: 1, maxLength: 40 }),
  })
  .chain(({ secrets, others }) =>
    fc.record({
      secrets: fc.constant(secrets),
      secret: fc.constantFrom(...secrets),
      words: fc.uniqueArray(fc.constantFrom(...secrets, ...others), {
        minLength: 1,
        maxLength: 12,
      }),
    }),
  )
  // A game ends with its solve.
  .map((game) => {
    const solvedAt = game.words.indexOf(game.secret);
    return solvedAt < 0 ? game : { ...game, words: game.words.slice(0, solvedAt + 1) };
  });

/** The engine's own game: its best guess at every step, until it solves. */
function bestPlay(analyser: GameAnalyser, secret: string): string[] {
  const answers: GuessAnswer[] = [];
  const words: string[] = [];
  for (;;) {
    const { word } = analyser.bestGuessOver(analyser.candidatesAfter(answers));
    words.push(word);
    if (word === secret) return words;
    answers.push({ word, matches: countMatches(word, secret) });
  }
}

describe('skill and luck (properties)', () => {
  it('gives the engine’s best guess 100, and a less informative guess less', () => {
    fc.assert(
      fc.property(smallGame, ({ secrets, secret, words }) => {
        const analyser = new GameAnalyser(secrets);
        const best = analyser.analyse(secret, bestPlay(analyser, secret));
        for (const step of best) expect(step.skill).toBe(100);
        // Each player's guess against the best guess at the same point, over the same candidates.
        const answers: GuessAnswer[] = [];
        analyser.analyse(secret, words).forEach((step) => {
          const candidates = [...analyser.candidatesAfter(answers)].map((i) =>
            analyser.secretAt(i),
          );
          const groupsOf = (guess: string) => {
            const sizes = new Map<string, number>();
            for (const c of candidates) {
              const key = guess === c ? 'won' : String(countMatches(guess, c));
              sizes.set(key, (sizes.get(key) ?? 0) + 1);
            }
            return [...sizes.values()];
          };
          const mine = expectedInformation(groupsOf(step.word));
          const top = expectedInformation(groupsOf(step.bestGuess));
          if (top > 0 && mine < top * 0.99) expect(step.skill).toBeLessThan(100);
          if (top > 0 && mine === 0) expect(step.skill).toBe(0);
          if (top > 0 && mine >= top) expect(step.skill).toBe(100);
          // One candidate left: nothing to learn, only guessing it counts.
          if (top === 0) expect(step.skill).toBe(candidates.includes(step.word) ? 100 : 0);
          if (step.word !== secret) answers.push({ word: step.word, matches: step.matches });
        });
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('keeps every number in its bounds, and computes them from the answers alone', () => {
    fc.assert(
      fc.property(smallGame, ({ secrets, secret, words }) => {
        const analyser = new GameAnalyser(secrets);
        const steps = analyser.analyse(secret, words);
        for (const { skill, luck } of steps) {
          expect(Number.isInteger(skill) && skill >= 0 && skill <= 100).toBe(true);
          expect(Number.isInteger(luck) && luck >= 0 && luck <= 100).toBe(true);
        }
        const game = gameSkillOf(steps);
        expect(game.skill).toBeGreaterThanOrEqual(0);
        expect(game.skill).toBeLessThanOrEqual(99);
        expect(game.luck).toBeGreaterThanOrEqual(0);
        expect(game.luck).toBeLessThanOrEqual(99);
        // What the player saw gives the same numbers: no secret goes into them.
        const seen = steps.map(({ word, matches }) => ({ word, matches, won: word === secret }));
        expect(analyser.analyseAnswers(seen)).toEqual(steps);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('the skill and luck rules', () => {
  it('scores information as the entropy of the answer', () => {
    expect(expectedInformation([1, 1])).toBe(1);
    expect(expectedInformation([4])).toBe(0);
    expect(expectedInformation([2, 1, 1])).toBe(expectedInformation([1, 2, 1]));
    expect(guessSkill([2, 2], [1, 1, 1, 1], false)).toBe(50);
    expect(guessSkill([1, 1, 1, 1], [2, 2], true)).toBe(100);
    // One candidate left: only guessing it counts.
    expect(guessSkill([1], [1], true)).toBe(100);
    expect(guessSkill([1], [1], false)).toBe(0);
  });

  it('centres luck on 50: its mean over the possible answers is 50', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 7 }),
        (g) => {
          const n = g.reduce((a, b) => a + b, 0);
          const mean = g.reduce((sum, size) => sum + (size / n) * countLuck(g, size), 0);
          // Each luck is rounded to an integer: within half a point.
          expect(Math.abs(mean - 50)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
    expect(countLuck([1, 9], 1)).toBe(95);
    expect(countLuck([1, 9], 9)).toBe(45);
    expect(countLuck([10], 10)).toBe(50);
  });

  it('sums a game up as the means, at most 99', () => {
    expect(gameSkillOf([])).toEqual({ skill: 0, luck: 50 });
    expect(gameSkillOf([{ skill: 100, luck: 100 }])).toEqual({ skill: 99, luck: 99 });
    expect(
      gameSkillOf([
        { skill: 80, luck: 30 },
        { skill: 91, luck: 60 },
      ]),
    ).toEqual({
      skill: 86,
      luck: 45,
    });
  });
});
