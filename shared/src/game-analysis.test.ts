import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GameAnalyser,
  analyseGame,
  sharedGameAnalyser,
  type AnalysisStep,
} from './game-analysis.ts';
import {
  analyseGameByDefinition,
  bestGuessAmong,
  candidatesAfter,
  expectedCandidatesLeft,
  observe,
} from '../test/game-analysis-reference.ts';
import { GUESS_WORDS, SECRET_WORDS, isValidGuessWord } from './word-lists.ts';

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_WORDS);

const anagramKey = (word: string) => [...word].sort().join('');

/** Secrets that have an anagram among the secrets: where the win rule and the classes matter. */
const SECRETS_WITH_ANAGRAMS = (() => {
  const byKey = new Map<string, string[]>();
  for (const word of SECRET_WORDS) {
    const key = anagramKey(word);
    byKey.set(key, [...(byKey.get(key) ?? []), word]);
  }
  return [...byKey.values()].filter((words) => words.length > 1).flat();
})();

/** A player's game on given lists: a secret, then distinct guesses, sometimes ending solved. */
function gameOn(secrets: readonly string[], guesses: readonly string[]) {
  const playable = [...new Set([...guesses, ...secrets])];
  return fc
    .record({
      secret: fc.constantFrom(...secrets),
      words: fc.uniqueArray(fc.constantFrom(...playable), { minLength: 1, maxLength: 15 }),
      solved: fc.boolean(),
    })
    .map(({ secret, words, solved }) => {
      const misses = words.filter((w) => w !== secret).slice(0, solved ? 14 : 15);
      return { secret, words: solved ? [...misses, secret] : misses };
    })
    .filter(({ words }) => words.length > 0);
}

/**
 * A small random secret list, rich in anagrams, and a game on it whose guesses may be other
 * dictionary words too, and a word outside both (lists change).
 */
const smallListsAndGame = fc
  .record({
    secrets: fc.shuffledSubarray([...SECRET_WORDS], { minLength: 2, maxLength: 80 }),
    anagrams: fc.shuffledSubarray(SECRETS_WITH_ANAGRAMS, { maxLength: 30 }),
    guesses: fc.shuffledSubarray([...GUESS_WORDS], { maxLength: 80 }),
    foreign: fc.constantFrom(...GUESS_WORDS),
  })
  .chain(({ secrets, anagrams, guesses, foreign }) => {
    const lists = { secrets: [...new Set([...secrets, ...anagrams])], guesses };
    return gameOn(lists.secrets, [...guesses, foreign]).map((game) => ({ lists, game }));
  });

describe('the analysis by definition', () => {
  const secrets = ['crane', 'notes', 'onset', 'plumb', 'stone'];

  it('rules out the guessed word on a 5 that did not win, but not its anagrams', () => {
    const steps = analyseGameByDefinition(secrets, 'notes', ['jiffy', 'stone', 'onset', 'notes']);
    expect(steps.map((s) => [s.word, s.matches, s.candidatesLeft])).toEqual([
      ['jiffy', 0, 5],
      ['stone', 5, 2],
      ['onset', 5, 1],
      ['notes', 5, 1],
    ]);
  });

  it('prefers, of equally good guesses, one that may be the secret, then the first', () => {
    // Of {notes, onset}, either one wins or leaves the other: 1 on average; stone leaves both.
    expect(bestGuessAmong(['onset', 'notes', 'stone'], ['notes', 'onset'])).toEqual({
      word: 'notes',
      expected: 1,
    });
    expect(expectedCandidatesLeft('stone', ['notes', 'onset'])).toBe(2);
    // One candidate left: the best guess is that word, not the list's first.
    expect(bestGuessAmong(['aback', 'plumb'], ['plumb'])).toEqual({ word: 'plumb', expected: 1 });
  });
});

describe('GameAnalyser, the fast analysis', () => {
  it('equals the analysis by definition on random lists and games', () => {
    fc.assert(
      fc.property(smallListsAndGame, ({ lists, game }) => {
        const fast = new GameAnalyser(lists.secrets).analyse(game.secret, game.words);
        expect(fast).toEqual(analyseGameByDefinition(lists.secrets, game.secret, game.words));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('equals it on the hand example, where a guess rules nothing out', () => {
    const secrets = ['crane', 'notes', 'onset', 'plumb', 'stone'];
    const words = ['crane', 'jiffy', 'stone', 'notes'];
    expect(new GameAnalyser(secrets).analyse('notes', words)).toEqual(
      analyseGameByDefinition(secrets, 'notes', words),
    );
  });

  it('finds the first step of the game lists as the definition does, all 1,350 secrets', () => {
    // The largest candidate set there is, where the packed counts are fullest: the best of
    // the secret list, as the game's analysis gives it.
    const expected = bestGuessAmong(SECRET_WORDS, SECRET_WORDS);
    const [first] = analyseGame('stone', ['crane']);
    expect({ word: first!.bestGuess, expected: first!.bestExpected }).toEqual(expected);
    // The cached first step is the same for every game.
    const [again] = analyseGame('ghost', ['jiffy']);
    expect(again).toMatchObject({ bestGuess: expected.word, bestExpected: expected.expected });
  }, 60_000);

  it('suggests a common word even where a rarer dictionary word splits better', () => {
    // At the start, 'eared' (a valid guess, no secret) leaves fewer candidates on average than
    // any secret does, so over the whole dictionary it would be the best first guess. The
    // analysis still suggests the best of the secret list, and analyses 'eared' as played.
    const [first] = analyseGame('stone', ['eared']);
    expect(isValidGuessWord('eared')).toBe(true);
    expect(SECRET_SET.has('eared')).toBe(false);
    expect(SECRET_SET.has(first!.bestGuess)).toBe(true);
    expect(expectedCandidatesLeft('eared', SECRET_WORDS)).toBeLessThan(first!.bestExpected);
    expect(first).toMatchObject({ word: 'eared', matches: observe('eared', 'stone').matches });
  }, 60_000);

  it('refuses what it cannot analyse', () => {
    expect(() => new GameAnalyser([])).toThrow(RangeError);
    expect(() => new GameAnalyser(['stone', 'stone'])).toThrow(/twice/);
    expect(() => new GameAnalyser(['Stone'])).toThrow(/5-letter/);
    const tooMany = Array.from({ length: 4096 }, (_, i) =>
      [0, 1, 2, 3, 4].map((d) => String.fromCharCode(97 + (Math.floor(i / 26 ** d) % 26))).join(''),
    );
    expect(() => new GameAnalyser(tooMany)).toThrow(/4095/);
    const analyser = new GameAnalyser(['notes', 'stone']);
    expect(() => analyser.analyse('crane', ['stone'])).toThrow(/not in the secret list/);
    expect(() => analyser.analyse('notes', ['giveup'])).toThrow(/5-letter/);
  });
});

describe('GameAnalyser from the answers alone (what the computer opponent plays from)', () => {
  /** The answers a game's misses got, as a player sees them: no secret, no win. */
  const answersOf = (secret: string, words: readonly string[]) =>
    words
      .filter((w) => w !== secret)
      .map((w) => ({ word: w, matches: observe(w, secret).matches }));

  it('finds the candidates, the expected counts and the best guess of the definition', () => {
    fc.assert(
      fc.property(smallListsAndGame, ({ lists, game }) => {
        const analyser = new GameAnalyser(lists.secrets);
        const answers = answersOf(game.secret, game.words);
        const observations = answers.map((a) => ({ ...a, won: false }));
        const expected = candidatesAfter(lists.secrets, observations);
        const found = analyser.candidatesAfter(answers);
        const words = [...found].map((i) => analyser.secretAt(i));
        expect(words).toEqual(expected);
        expect(words).toContain(game.secret);
        expect(analyser.bestGuessOver(found)).toEqual(bestGuessAmong(lists.secrets, expected));
        for (const word of [...game.words, game.secret]) {
          expect(analyser.expectedLeft(word, found)).toBe(expectedCandidatesLeft(word, expected));
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('starts from every secret, whose best guess is the cached first step', () => {
    const analyser = sharedGameAnalyser();
    const all = analyser.candidatesAfter([]);
    expect(all.length).toBe(SECRET_WORDS.length);
    const [first] = analyser.analyse('stone', ['crane']);
    expect(analyser.bestGuessOver(all)).toEqual({
      word: first!.bestGuess,
      expected: first!.bestExpected,
    });
  }, 60_000);

  it('refuses an empty candidate set and an index outside the list', () => {
    const analyser = new GameAnalyser(['notes', 'stone']);
    const none = analyser.candidatesAfter([{ word: 'notes', matches: 0 }]);
    expect(none.length).toBe(0);
    expect(() => analyser.bestGuessOver(none)).toThrow(RangeError);
    expect(() => analyser.expectedLeft('notes', none)).toThrow(RangeError);
    expect(() => analyser.secretAt(2)).toThrow(RangeError);
  });
});

describe('analyseGame on the game lists (properties)', () => {
  const realGame = gameOn(SECRET_WORDS, GUESS_WORDS);

  /** The candidates before each step and after the last, by definition. */
  function candidatesBeforeEach(secret: string, words: readonly string[]): string[][] {
    const observations = words.map((w) => observe(w, secret));
    return [0, ...words.map((_, i) => i + 1)].map((k) =>
      candidatesAfter(SECRET_WORDS, observations.slice(0, k)),
    );
  }

  it('counts the candidates by definition: never more, always the secret, 1 once solved', () => {
    fc.assert(
      fc.property(realGame, ({ secret, words }) => {
        const steps: AnalysisStep[] = analyseGame(secret, words);
        const candidates = candidatesBeforeEach(secret, words);
        expect(steps.map((s) => s.word)).toEqual(words);
        steps.forEach((step, i) => {
          const after = candidates[i + 1]!;
          expect(step.matches).toBe(observe(step.word, secret).matches);
          expect(step.candidatesLeft).toBe(after.length);
          expect(after).toContain(secret);
          expect(step.candidatesLeft).toBeLessThanOrEqual(candidates[i]!.length);
        });
        if (words.at(-1) === secret) expect(steps.at(-1)!.candidatesLeft).toBe(1);
      }),
      { numRuns: 50 },
    );
  }, 60_000);

  it('suggests only words of the secret list, never worse than a secret the player guessed', () => {
    fc.assert(
      fc.property(realGame, ({ secret, words }) => {
        const steps = analyseGame(secret, words);
        const candidates = candidatesBeforeEach(secret, words);
        steps.forEach((step, i) => {
          const before = candidates[i]!;
          expect(SECRET_SET.has(step.bestGuess), step.bestGuess).toBe(true);
          expect(step.bestExpected).toBe(expectedCandidatesLeft(step.bestGuess, before));
          // A rarer dictionary word may split better than every common one: only the player's
          // common guesses are bounded by the suggestion.
          if (SECRET_SET.has(step.word))
            expect(step.bestExpected).toBeLessThanOrEqual(
              expectedCandidatesLeft(step.word, before),
            );
          expect(step.bestExpected).toBeGreaterThanOrEqual(1);
        });
      }),
      { numRuns: 50 },
    );
  }, 60_000);
});
