// The post-game analysis (docs/PRODUCT.md, 'Post-game analysis'): after each guess of a
// finished game, how many secrets were still possible, and which guess would have narrowed them
// down best at that moment.
// Computed on the server (it needs the secret); the rules are here, pure, beside the others.
//
// Definitions, written out plainly in shared/test/game-analysis-reference.ts:
// - a candidate is a word of the secret list consistent with every answer so far: the same
//   match count for each guess, and a win exactly for the word guessed (an anagram scores 5
//   but does not win, so a 5 that did not win rules the guessed word itself out);
// - a guess's expected count is the mean number of candidates it leaves when each candidate
//   is equally likely to be the secret: Σ size² / n over the groups of candidates that would
//   give the same answer;
// - the best guess minimises it over the secret list, not the whole guess dictionary: it is
//   shown to players and played by the computer opponent, and a suggestion is no help if it is
//   a word the player has never heard of (over the whole dictionary, the first step's best
//   guess would be 'eared'). Ties go to a word that may be the secret (it could win at once;
//   without this rule, once one candidate is left, the "best guess" would be the
//   alphabetically first secret rather than the secret itself), then to the alphabetically
//   first. A player's own guesses are still analysed whatever dictionary word they are.
//
// Why it is not written that plainly here. By definition, a 15-guess game costs over half a
// second of CPU (the first step alone compares 1,350 secret words with 1,350 secrets: 1.8
// million match counts), far over the budget of 50 ms (docs/PRODUCT.md, 'Performance goals'). These
// shortcuts bring it within the budget, even for the worst case the bench builds (misses
// chosen to rule out as little as possible). bench/game-analysis.bench.ts measures the CPU per
// game against the definition and against a plain match table in the same run (today's
// figures: docs/SCALING.md), and game-analysis.test.ts checks the result against the
// definition on random games, so a broken shortcut fails there:
// 1. a match table over the secret list, built once per process (built from per-letter
//    minimums, see buildTable, rather than by countMatches per pair): a match count is one
//    byte read instead of a string comparison. A guess that is no secret's anagram (most of
//    the dictionary) gets its row computed when it is analysed, a few microseconds, rather
//    than a row in the table: the best guess never needs it. The table alone (one row per
//    word, six counters in an array, no cache) does not meet the budget; the shortcuts below
//    do;
// 2. one row per anagram class rather than per word: a word's matches depend only on its
//    letters, so 1,211 rows stand for 1,350 secrets, 10% fewer to scan;
// 3. the groups of 0–3 matches counted in 12-bit fields of one float, and groups 4 and 5
//    derived from the count and the sum of the matches, rather than six counters in an
//    array: no store in the inner loop;
// 4. four rows per pass over the candidates (independent sums the processor overlaps);
// 5. the best guess searched only when the candidates changed: the first step's once per
//    process (it depends only on the secret list, and it is the costliest: 1,350 candidates),
//    and a later step's not again after a guess that ruled nothing out.
import { WORD_LENGTH } from './game-rules.ts';
import { countLuck, guessSkill } from './game-skill.ts';
import { SECRET_WORDS } from './word-lists.ts';

/** One guess of a finished game with what it told the player (`GET /game/:id/analysis`). */
export interface AnalysisStep {
  /** The word guessed. */
  word: string;
  /** Its match count with the secret. */
  matches: number;
  /** Secrets still consistent with every answer up to and including this one. */
  candidatesLeft: number;
  /**
   * The word of the secret list that would have left the fewest candidates in expectation at
   * this point (a common word: the player's own guess may be a rarer one that does better).
   */
  bestGuess: string;
  /** How many candidates `bestGuess` would have left, on average. */
  bestExpected: number;
  /**
   * 0–100: the share of `bestGuess`'s expected information that this guess had (see
   * `guessSkill`); 100 for the best guess, and for any guess at least as informative.
   */
  skill: number;
  /**
   * 0–100: how the count this guess got ranks among the counts it could have got, 50 being
   * the middle, above it a count that left fewer candidates than usual (see `countLuck`).
   */
  luck: number;
}

/** One answer a player saw: the word guessed, its match count, and whether it won. */
export interface SeenAnswer {
  word: string;
  matches: number;
  won: boolean;
}

/** A guess word and the candidates it leaves in expectation. */
export interface BestGuess {
  word: string;
  expected: number;
}

/** What a player learned from one guess that did not win: the word and its match count. */
export interface GuessAnswer {
  word: string;
  matches: number;
}

const LETTER_COUNT = 26;
const FIRST_LETTER = 'a'.charCodeAt(0);
const WORD_PATTERN = new RegExp(`^[a-z]{${WORD_LENGTH}}$`);

/**
 * The answer groups 0–3 matches are counted in 12-bit fields of one float (exact below 2^53:
 * four fields need 48 bits); 4, 5 and a win are derived, so they add nothing here. Hence at
 * most 4,095 candidates, checked when an analyser is made.
 */
const FIELD = 4096;
const PACKED_INCREMENT = new Float64Array([1, FIELD, FIELD * FIELD, FIELD * FIELD * FIELD, 0, 0]);

/** The best word found so far in a search: Σ size², whether it may win at once, the word. */
interface Choice {
  squares: number;
  isCandidate: number;
  word: string;
}

function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(LETTER_COUNT);
  for (let i = 0; i < word.length; i += 1) counts[word.charCodeAt(i) - FIRST_LETTER]! += 1;
  return counts;
}

/** The key shared by a word and its anagrams: its letters in order. */
function anagramKey(word: string): string {
  return [...word].sort().join('');
}

/**
 * The analysis over a secret list: its candidates and best guesses are words of that list, and
 * any five-letter word can be analysed as a guess. Making one builds its match table (for the
 * game's list, a megabyte or two of memory and a one-off cost in CPU: docs/SCALING.md), so the
 * game uses one per process (`analyseGame`); tests make their own over small lists.
 */
export class GameAnalyser {
  private readonly secrets: readonly string[];
  private readonly secretIndex = new Map<string, number>();
  /** Anagram class of each secret, by its anagram key. */
  private readonly classOf = new Map<string, number>();
  /** Each class's words, alphabetically, and each word's index in the secret list. */
  private readonly classWords: string[][] = [];
  private readonly classSecretIndexes: number[][] = [];
  /** Matches of class k's words with secret s at `k * secrets.length + s`. */
  private readonly table: Uint8Array;
  /** Marks the candidates during one best-guess search (all zero between searches). */
  private readonly isCandidate: Uint8Array;
  private opening: BestGuess | null = null;

  /**
   * @param secrets the words a secret can be (no duplicates, at most 4,095), and so the words
   *   a best guess can be.
   */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0 || secrets.length >= FIELD)
      throw new RangeError(`an analyser takes 1 to ${FIELD - 1} secrets, not ${secrets.length}`);
    this.secrets = secrets;
    for (const [index, secret] of secrets.entries()) {
      checkWord(secret);
      if (this.secretIndex.has(secret)) throw new RangeError(`secret ${secret} is listed twice`);
      this.secretIndex.set(secret, index);
    }
    for (const word of [...secrets].sort()) {
      const key = anagramKey(word);
      let k = this.classOf.get(key);
      if (k === undefined) {
        k = this.classWords.length;
        this.classOf.set(key, k);
        this.classWords.push([]);
        this.classSecretIndexes.push([]);
      }
      this.classWords[k]!.push(word);
      this.classSecretIndexes[k]!.push(this.secretIndex.get(word)!);
    }
    this.table = this.buildTable();
    this.isCandidate = new Uint8Array(secrets.length);
  }

  /**
   * Analyses one player's game: for each of `words`, in the order played, its match count
   * with `secret`, the candidates left after it, and the best guess at that point (before it)
   * with its expected count. Any word is analysed as a guess, in the secret list or not (most
   * of the dictionary is not; nor is a word of a list changed since the game); the secret must
   * be in the secret list.
   */
  analyse(secret: string, words: readonly string[]): AnalysisStep[] {
    const secretIndex = this.secretIndex.get(secret);
    if (secretIndex === undefined) throw new RangeError(`${secret} is not in the secret list`);
    return this.analyseAnswers(
      words.map((word) => ({
        word,
        matches: this.matchRow(word)[secretIndex]!,
        won: word === secret,
      })),
    );
  }

  /**
   * The same analysis from the answers the player saw alone, without the secret: each step
   * depends only on the earlier answers (the candidates), the word and its own answer, so
   * `analyse(secret, words)` is this over the answers the secret gave. Its skill and luck are
   * therefore numbers the player could work out from what they saw (no secret needed); the
   * best guesses and the candidates left are not (they may name or narrow the secret).
   */
  analyseAnswers(answers: readonly SeenAnswer[]): AnalysisStep[] {
    let candidates = Int32Array.from(this.secrets, (_, i) => i);
    let best: BestGuess = { word: '', expected: 0 };
    let bestGroups: number[] = [];
    let bestOver = 0;
    return answers.map(({ word, matches, won }) => {
      // The best guess depends only on the candidates, and they only ever shrink, so the same
      // count is the same set: after a guess that ruled nothing out, its best guess stands
      // (it halved the bench's CPU per game).
      if (candidates.length !== bestOver) {
        best = this.bestGuess(candidates);
        bestGroups = this.answerGroups(best.word, candidates);
        bestOver = candidates.length;
      }
      const row = this.matchRow(word);
      // The guessed word itself is a candidate only if it won; any other candidate must give
      // the same match count.
      const guessedIndex = this.secretIndex.get(word) ?? -1;
      const groups = this.answerGroups(word, candidates);
      const before = candidates;
      candidates = candidates.filter((c) =>
        won ? c === guessedIndex : c !== guessedIndex && row[c] === matches,
      );
      const mayWin = before.includes(guessedIndex);
      return {
        word,
        matches,
        candidatesLeft: candidates.length,
        bestGuess: best.word,
        bestExpected: best.expected,
        skill: guessSkill(groups, bestGroups, mayWin),
        luck: countLuck(groups, candidates.length),
      };
    });
  }

  /**
   * The candidates a player knows of after `answers` (guesses that did not win, in any order),
   * as indexes into the secret list, in its order: the secrets that give each guess its match
   * count, the guessed words themselves excepted (a 5 that did not win rules the word out). It
   * needs no secret: this is what the computer opponent plays from.
   */
  candidatesAfter(answers: readonly GuessAnswer[]): Int32Array {
    let candidates = Int32Array.from(this.secrets, (_, i) => i);
    for (const { word, matches } of answers) {
      const row = this.matchRow(word);
      const guessedIndex = this.secretIndex.get(word) ?? -1;
      candidates = candidates.filter((c) => c !== guessedIndex && row[c] === matches);
    }
    return candidates;
  }

  /** The word of the secret list at `index` (an index `candidatesAfter` answered). */
  secretAt(index: number): string {
    const word = this.secrets[index];
    if (word === undefined) throw new RangeError(`no secret at ${index}`);
    return word;
  }

  /**
   * The best guess over `candidates` (not empty) by the analysis's rule: the word of the secret
   * list that leaves the fewest candidates in expectation, ties to a word that may be the
   * secret, then to the alphabetically first. The first step's (every secret a candidate) is
   * computed once.
   */
  bestGuessOver(candidates: Int32Array): BestGuess {
    if (candidates.length === 0) throw new RangeError('no candidates to choose a guess for');
    return this.bestGuess(candidates);
  }

  /**
   * The sizes of the groups `candidates` fall into by the answer guessing `word` gets: 0 to 5
   * matches, then a win (the word itself, if a candidate). Empty groups are left out.
   */
  private answerGroups(word: string, candidates: Int32Array): number[] {
    const row = this.matchRow(word);
    const guessedIndex = this.secretIndex.get(word) ?? -1;
    const groups = new Array<number>(WORD_LENGTH + 2).fill(0);
    for (let i = 0; i < candidates.length; i += 1) {
      const c = candidates[i]!;
      groups[c === guessedIndex ? WORD_LENGTH + 1 : row[c]!]! += 1;
    }
    return groups.filter((size) => size > 0);
  }

  /**
   * How many of `candidates` (not empty) guessing `word` leaves in expectation: Σ size² / n
   * over the groups of candidates that would give the same answer, a win being an answer of
   * its own.
   */
  expectedLeft(word: string, candidates: Int32Array): number {
    if (candidates.length === 0) throw new RangeError('no candidates to score a guess over');
    const row = this.matchRow(word);
    const guessedIndex = this.secretIndex.get(word) ?? -1;
    // Groups 0 to 5 matches, then the win.
    const groups = new Float64Array(WORD_LENGTH + 2);
    for (let i = 0; i < candidates.length; i += 1) {
      const c = candidates[i]!;
      groups[c === guessedIndex ? WORD_LENGTH + 1 : row[c]!]! += 1;
    }
    let squares = 0;
    for (let g = 0; g < groups.length; g += 1) squares += groups[g]! * groups[g]!;
    return squares / candidates.length;
  }

  /** The best guess over `candidates` (indexes into the secret list, not empty). */
  private bestGuess(candidates: Int32Array): BestGuess {
    // Only the full list has as many candidates as there are secrets.
    if (candidates.length === this.secrets.length) {
      this.opening ??= this.searchBestGuess(candidates);
      return this.opening;
    }
    return this.searchBestGuess(candidates);
  }

  private searchBestGuess(candidates: Int32Array): BestGuess {
    const { table, isCandidate } = this;
    const secretCount = this.secrets.length;
    const last = this.classWords.length - 1;
    const n = candidates.length;
    for (let i = 0; i < n; i += 1) isCandidate[candidates[i]!] = 1;
    const best: Choice = { squares: Number.POSITIVE_INFINITY, isCandidate: 0, word: '' };
    // Four classes per pass over the candidates: each candidate index is read once for four
    // rows, and the four sums are independent, so the processor overlaps them (faster than
    // one class per pass). Past the end, the last class is scored again, which changes
    // nothing: it is not better than itself.
    for (let k = 0; k <= last; k += 4) {
      const k1 = Math.min(k + 1, last);
      const k2 = Math.min(k + 2, last);
      const k3 = Math.min(k + 3, last);
      const r0 = k * secretCount;
      const r1 = k1 * secretCount;
      const r2 = k2 * secretCount;
      const r3 = k3 * secretCount;
      let p0 = 0;
      let p1 = 0;
      let p2 = 0;
      let p3 = 0;
      let t0 = 0;
      let t1 = 0;
      let t2 = 0;
      let t3 = 0;
      for (let i = 0; i < n; i += 1) {
        const c = candidates[i]!;
        const m0 = table[r0 + c]!;
        const m1 = table[r1 + c]!;
        const m2 = table[r2 + c]!;
        const m3 = table[r3 + c]!;
        p0 += PACKED_INCREMENT[m0]!;
        p1 += PACKED_INCREMENT[m1]!;
        p2 += PACKED_INCREMENT[m2]!;
        p3 += PACKED_INCREMENT[m3]!;
        t0 += m0;
        t1 += m1;
        t2 += m2;
        t3 += m3;
      }
      this.consider(best, k, p0, t0, n);
      this.consider(best, k1, p1, t1, n);
      this.consider(best, k2, p2, t2, n);
      this.consider(best, k3, p3, t3, n);
    }
    for (let i = 0; i < n; i += 1) isCandidate[candidates[i]!] = 0;
    return { word: best.word, expected: best.squares / n };
  }

  /**
   * Scores class k from its packed group counts over n candidates and `total`, the sum of
   * their match counts, and makes its best word the choice if it beats it.
   */
  private consider(best: Choice, k: number, packed: number, total: number, n: number): void {
    const c0 = packed % FIELD;
    packed = (packed - c0) / FIELD;
    const c1 = packed % FIELD;
    packed = (packed - c1) / FIELD;
    const c2 = packed % FIELD;
    const c3 = (packed - c2) / FIELD;
    // n = c0 + … + c5 and total = c1 + 2·c2 + … + 5·c5 give the last two groups.
    const fourOrFive = n - c0 - c1 - c2 - c3;
    const c5 = total - c1 - 2 * c2 - 3 * c3 - 4 * fourOrFive;
    const c4 = fourOrFive - c5;
    let squares = c0 * c0 + c1 * c1 + c2 * c2 + c3 * c3 + c4 * c4 + c5 * c5;
    // Every word of the class splits the candidates alike; one that is a candidate also splits
    // its own win off the group of 5 (c5 − 1 left there, 1 won), which is never worse, so the
    // class's best word is its first candidate, else its first word.
    let word = this.classWords[k]![0]!;
    let isCandidate = 0;
    if (c5 > 0) {
      const indexes = this.classSecretIndexes[k]!;
      for (let m = 0; m < indexes.length; m += 1) {
        if (this.isCandidate[indexes[m]!] === 1) {
          squares += 2 - 2 * c5;
          word = this.classWords[k]![m]!;
          isCandidate = 1;
          break;
        }
      }
    }
    if (
      squares < best.squares ||
      (squares === best.squares &&
        (isCandidate > best.isCandidate || (isCandidate === best.isCandidate && word < best.word)))
    ) {
      best.squares = squares;
      best.isCandidate = isCandidate;
      best.word = word;
    }
  }

  /**
   * Matches of `word` with every secret: the row of its anagram class, or, for a word that is
   * no secret's anagram, computed now (not kept: the table holds only what best guesses need).
   */
  private matchRow(word: string): Uint8Array {
    checkWord(word);
    const k = this.classOf.get(anagramKey(word));
    const secretCount = this.secrets.length;
    if (k !== undefined) return this.table.subarray(k * secretCount, (k + 1) * secretCount);
    const row = new Uint8Array(secretCount);
    this.addMatches(row, word);
    return row;
  }

  /**
   * The match table. A match count is Σ over the guess's letters of min(count in the guess,
   * count in the secret); with one array per (letter, count) holding that minimum for every
   * secret, a row is the sum of at most five such arrays: tight loops over bytes.
   */
  private buildTable(): Uint8Array {
    const secretCount = this.secrets.length;
    const table = new Uint8Array(this.classWords.length * secretCount);
    for (let k = 0; k < this.classWords.length; k += 1) {
      this.addMatches(
        table.subarray(k * secretCount, (k + 1) * secretCount),
        this.classWords[k]![0]!,
      );
    }
    return table;
  }

  private minimumsCache: Uint8Array[] | null = null;

  /** minimums[l * (WORD_LENGTH + 1) + c][s]: min(c, count of letter l in secret s). */
  private minimums(): Uint8Array[] {
    if (this.minimumsCache) return this.minimumsCache;
    const secretCounts = this.secrets.map(letterCounts);
    const minimums: Uint8Array[] = [];
    for (let letter = 0; letter < LETTER_COUNT; letter += 1) {
      for (let count = 0; count <= WORD_LENGTH; count += 1) {
        minimums.push(Uint8Array.from(secretCounts, (c) => Math.min(count, c[letter]!)));
      }
    }
    this.minimumsCache = minimums;
    return minimums;
  }

  private addMatches(row: Uint8Array, word: string): void {
    const counts = letterCounts(word);
    const minimums = this.minimums();
    for (let letter = 0; letter < LETTER_COUNT; letter += 1) {
      const count = counts[letter]!;
      if (count === 0) continue;
      const add = minimums[letter * (WORD_LENGTH + 1) + count]!;
      for (let s = 0; s < row.length; s += 1) row[s]! += add[s]!;
    }
  }
}

function checkWord(word: string): void {
  if (!WORD_PATTERN.test(word)) throw new RangeError(`not a ${WORD_LENGTH}-letter word: ${word}`);
}

let gameAnalyser: GameAnalyser | null = null;

/**
 * The process's analyser over the game's word lists, made by the first call (its match table
 * is built once; its cost is in docs/SCALING.md), shared by the post-game analysis and the
 * computer opponent.
 */
export function sharedGameAnalyser(): GameAnalyser {
  gameAnalyser ??= new GameAnalyser(SECRET_WORDS);
  return gameAnalyser;
}

/**
 * The analysis of one player's finished game over the game's word lists: `words` are the
 * player's guesses in the order played (the give-up keyword is not a guess). The first call
 * in a process builds the match table and the first step's best guess; later calls reuse them.
 * The result reveals the secret (candidates left reach 1), so it is for players who may see it.
 */
export function analyseGame(secret: string, words: readonly string[]): AnalysisStep[] {
  return sharedGameAnalyser().analyse(secret, words);
}
