// The post-game analysis written as plainly as it is defined: string comparisons, one pass per
// guess word, nothing precomputed. It is the yardstick of the fast analyser in
// game-analysis.ts: the tests check the two agree on random games, and bench/ measures what
// the fast one gains over it. Nothing in the running game calls it.
import type { AnalysisStep, BestGuess } from '../src/game-analysis.ts';
import { countLuck, guessSkill } from '../src/game-skill.ts';
import { countMatches } from '../src/game-rules.ts';

/** What a player learns from one guess: its match count, and whether it was the secret. */
export interface Observation {
  word: string;
  matches: number;
  won: boolean;
}

/** The answer a guess of `word` gets when the secret is `secret`. */
export function observe(word: string, secret: string): Observation {
  return { word, matches: countMatches(word, secret), won: word === secret };
}

/**
 * True when `candidate` could be the secret after `observation`: guessing the observed word
 * against it gives the same match count, and a win exactly when it is that word (an anagram
 * scores 5 matches but is not a win, so a 5 that did not win rules the word out).
 */
export function isConsistent(candidate: string, observation: Observation): boolean {
  return (
    (candidate === observation.word) === observation.won &&
    countMatches(observation.word, candidate) === observation.matches
  );
}

/** The words of `secrets` consistent with every observation (the candidates left). */
export function candidatesAfter(
  secrets: readonly string[],
  observations: readonly Observation[],
): string[] {
  return secrets.filter((s) => observations.every((o) => isConsistent(s, o)));
}

/**
 * How many candidates guessing `word` leaves, on average over `candidates` taken as equally
 * likely secrets: each possible answer leaves the candidates that give it, with probability
 * their share, so the mean is Σ size² / n over the groups of candidates by answer.
 */
export function expectedCandidatesLeft(word: string, candidates: readonly string[]): number {
  let squares = 0;
  for (const size of answerGroupSizes(word, candidates)) squares += size * size;
  return squares / candidates.length;
}

/** The sizes of the groups of `candidates` that give guessing `word` the same answer. */
export function answerGroupSizes(word: string, candidates: readonly string[]): number[] {
  const groups = new Map<string, number>();
  for (const candidate of candidates) {
    const { matches, won } = observe(word, candidate);
    const key = `${matches}${won ? 'won' : ''}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups.values()];
}

/**
 * The word of `guesses` that leaves the fewest candidates in expectation; ties go to a word
 * that may itself be the secret (it could win at once), then to the alphabetically first.
 */
export function bestGuessAmong(
  guesses: readonly string[],
  candidates: readonly string[],
): BestGuess {
  const isCandidate = new Set(candidates);
  let best: { word: string; expected: number; candidate: boolean } | null = null;
  for (const word of guesses) {
    const expected = expectedCandidatesLeft(word, candidates);
    const candidate = isCandidate.has(word);
    if (
      best === null ||
      expected < best.expected ||
      (expected === best.expected &&
        (Number(candidate) > Number(best.candidate) ||
          (candidate === best.candidate && word < best.word)))
    ) {
      best = { word, expected, candidate };
    }
  }
  if (best === null) throw new RangeError('no guess words to choose from');
  return { word: best.word, expected: best.expected };
}

/**
 * The analysis of one player's game (see `GameAnalyser.analyse`), computed by definition: the
 * best guess is a word of `secrets`, whatever words the player guessed.
 */
export function analyseGameByDefinition(
  secrets: readonly string[],
  secret: string,
  words: readonly string[],
): AnalysisStep[] {
  const observations: Observation[] = [];
  let candidates = [...secrets];
  return words.map((word) => {
    const best = bestGuessAmong(secrets, candidates);
    const observation = observe(word, secret);
    observations.push(observation);
    const groups = answerGroupSizes(word, candidates);
    const bestGroups = answerGroupSizes(best.word, candidates);
    const mayWin = candidates.includes(word);
    candidates = candidates.filter((c) => isConsistent(c, observation));
    return {
      word,
      matches: observation.matches,
      candidatesLeft: candidates.length,
      bestGuess: best.word,
      bestExpected: best.expected,
      skill: guessSkill(groups, bestGroups, mayWin),
      luck: countLuck(groups, candidates.length),
    };
  });
}
