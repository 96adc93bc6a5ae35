// The computer opponent's play (docs/PRODUCT.md, 'Computer opponent'): how it chooses its next
// guess at each level. A pure function of what a player in its place knows (its own guesses and
// the match counts they got) and a random source: it is never handed the secret, so it cannot
// play from it, and the same answers with the same random source give the same guess, whatever
// the secret behind them. Apart from computer-opponent.ts (names and levels) because it needs
// the analysis, its word lists and match table, which the client's screens do not.
import type { BotLevel } from './computer-opponent.ts';
import { type GameAnalyser, type GuessAnswer, sharedGameAnalyser } from './game-analysis.ts';

/**
 * How many candidates the medium level draws before it keeps the best: few enough that it often
 * misses the split a hard opponent finds, enough to play clearly better than easy (the figures
 * of bench/computer-opponent.bench.ts, measured for this value; today's in docs/SCALING.md).
 */
export const MEDIUM_SAMPLE_SIZE = 3;

/**
 * The computer opponent's next guess at `level`, from `answers` (its guesses so far, none of
 * which won, with their match counts) and `random` (numbers in [0, 1)):
 * - easy: a random candidate (a secret still consistent with every answer);
 * - medium: of `MEDIUM_SAMPLE_SIZE` candidates drawn at random, the one that leaves the fewest
 *   candidates in expectation (the analysis's measure; ties to the first drawn);
 * - hard: the analysis's best guess (docs/PRODUCT.md, 'Post-game analysis'), which uses no
 *   randomness: a word of the secret list, not always a candidate.
 * Always a word of the secret list, as a person would play: a common word, never an obscure one
 * of the dictionary. Never a word already guessed: a guessed word that did not win is no
 * candidate, and the best guess over two or more candidates always splits them better than a
 * guess already made.
 * `analyser` defaults to the process's, over the game's word lists.
 */
export function chooseBotGuess(
  level: BotLevel,
  answers: readonly GuessAnswer[],
  random: () => number,
  analyser: GameAnalyser = sharedGameAnalyser(),
): string {
  const candidates = analyser.candidatesAfter(answers);
  // Only if the answers contradict the secret list (it changed under a game in play): nothing
  // is left to aim at, and the caller decides (the server has the computer give up).
  if (candidates.length === 0) throw new RangeError('the answers leave no candidate');
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  switch (level) {
    case 'easy':
      return analyser.secretAt(candidates[pick(candidates.length)]!);
    case 'medium': {
      // A partial Fisher-Yates shuffle: the first `size` entries become a uniform sample
      // without repeats.
      const pool = Int32Array.from(candidates);
      const size = Math.min(MEDIUM_SAMPLE_SIZE, pool.length);
      let best = { word: '', expected: Number.POSITIVE_INFINITY };
      for (let i = 0; i < size; i += 1) {
        const j = i + pick(pool.length - i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
        const word = analyser.secretAt(pool[i]!);
        const expected = analyser.expectedLeft(word, candidates);
        if (expected < best.expected) best = { word, expected };
      }
      return best.word;
    }
    case 'hard':
      return analyser.bestGuessOver(candidates).word;
  }
}

/**
 * The random source of one move of the computer opponent: a deterministic generator seeded by
 * the game's seed and the move's number, so that a move made again (by another node, after the
 * one making it stopped) chooses the same word. Mulberry32, a well-known 32-bit generator
 * (uniform enough for drawing a word, and not meant to be unpredictable: nothing is hidden by it);
 * eight lines rather than a dependency.
 */
export function botMoveRandom(gameSeed: number, move: number): () => number {
  // Mixes the move into the seed with the golden ratio's 32 bits, so nearby moves start far apart.
  let state = (gameSeed ^ Math.imul(move + 1, 0x9e3779b9)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
