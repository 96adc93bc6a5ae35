import { WORD_LENGTH } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';

/**
 * A Jotto solver for tests that knows nothing but what a player sees: the match count of each
 * guess (and whether it won). It keeps the secrets still consistent with every observation and
 * picks the next guess by minimax: the probe whose worst-case answer leaves the fewest
 * candidates. Probes come from SECRET_WORDS (every secret is a valid guess), so
 * the solver never sends a word the dictionary refuses.
 *
 * Match counts ignore letter order, so anagrams among the candidates cannot be told apart by
 * any probe; once only one letter multiset is left the solver simply tries its words in turn.
 * Worst case over all 1,350 secrets is checked offline by `solveOffline`; in practice a game
 * takes 5–8 guesses.
 */

const A = 'a'.charCodeAt(0);

/** A word as its letter counts, plus the distinct letters, for fast match counting. */
interface CodedWord {
  word: string;
  counts: Uint8Array;
  letters: number[];
}

function code(word: string): CodedWord {
  const counts = new Uint8Array(26);
  for (let i = 0; i < word.length; i += 1) counts[word.charCodeAt(i) - A]! += 1;
  const letters: number[] = [];
  for (let l = 0; l < 26; l += 1) if (counts[l]! > 0) letters.push(l);
  return { word, counts, letters };
}

/** Multiset intersection size: the same number `countMatches` gives. */
function matchesOf(probe: CodedWord, other: CodedWord): number {
  let total = 0;
  for (const l of probe.letters) total += Math.min(probe.counts[l]!, other.counts[l]!);
  return total;
}

const CODED_SECRETS: readonly CodedWord[] = SECRET_WORDS.map(code);
/** The most probes scored per pick, so each pick stays far below 200 ms. */
const MAX_PROBES = 400;

let cachedOpening: string | null = null;

export interface Observation {
  word: string;
  matches: number;
  win: boolean;
}

export class JottoSolver {
  private candidates: CodedWord[] = [...CODED_SECRETS];
  private readonly guessed = new Set<string>();
  readonly observations: Observation[] = [];

  /** Candidates still consistent with every observation. */
  get remaining(): readonly string[] {
    return this.candidates.map((c) => c.word);
  }

  /** Records the answer to a guess and drops every candidate it rules out. */
  observe(word: string, matches: number, win: boolean): void {
    this.observations.push({ word, matches, win });
    this.guessed.add(word);
    if (win) {
      this.candidates = this.candidates.filter((c) => c.word === word);
      return;
    }
    const probe = code(word);
    this.candidates = this.candidates.filter(
      (c) => c.word !== word && matchesOf(probe, c) === matches,
    );
    if (this.candidates.length === 0) {
      throw new Error(
        `no secret fits the observations ${JSON.stringify(this.observations)}: the server's match counts are inconsistent`,
      );
    }
  }

  /** The next word to send. */
  nextGuess(): string {
    const candidates = this.candidates;
    if (candidates.length === 0) throw new Error('no candidates left');
    if (candidates.length <= 2) return candidates[0]!.word;
    if (candidates.length === CODED_SECRETS.length && this.guessed.size === 0) {
      cachedOpening ??= this.pick();
      return cachedOpening;
    }
    return this.pick();
  }

  private pick(): string {
    const candidates = this.candidates;
    // Only anagrams left: no probe can separate them, so guess them one by one.
    const first = candidates[0]!;
    if (candidates.every((c) => matchesOf(first, c) === WORD_LENGTH)) return first.word;

    const probes = this.probePool();
    const isCandidate = new Set(candidates.map((c) => c.word));
    let best: string = first.word;
    let bestWorst = Number.POSITIVE_INFINITY;
    let bestIsCandidate = true;
    const buckets = new Int32Array(WORD_LENGTH + 1);
    for (const probe of probes) {
      buckets.fill(0);
      let worst = 0;
      for (const c of candidates) {
        if (c.word === probe.word) continue; // that answer is a win: nothing left
        const m = matchesOf(probe, c);
        const size = (buckets[m]! += 1);
        if (size > worst) {
          worst = size;
          if (worst > bestWorst) break;
        }
      }
      const probeIsCandidate = isCandidate.has(probe.word);
      if (worst < bestWorst || (worst === bestWorst && probeIsCandidate && !bestIsCandidate)) {
        best = probe.word;
        bestWorst = worst;
        bestIsCandidate = probeIsCandidate;
      }
    }
    return best;
  }

  /** Candidates first, then other secrets spread evenly over the list, never a word already sent. */
  private probePool(): CodedWord[] {
    const pool: CodedWord[] = [];
    const seen = new Set<string>();
    const add = (c: CodedWord) => {
      if (pool.length >= MAX_PROBES || seen.has(c.word) || this.guessed.has(c.word)) return;
      seen.add(c.word);
      pool.push(c);
    };
    const candidates = this.candidates;
    const candidateStep = Math.max(1, Math.ceil(candidates.length / (MAX_PROBES / 2)));
    for (let i = 0; i < candidates.length; i += candidateStep) add(candidates[i]!);
    const step = Math.max(1, Math.floor(CODED_SECRETS.length / (MAX_PROBES - pool.length)));
    for (let i = 0; i < CODED_SECRETS.length && pool.length < MAX_PROBES; i += step) {
      add(CODED_SECRETS[i]!);
    }
    return pool;
  }
}

/** What one play answers, as far as the solver is concerned. */
export interface PlayAnswer {
  matches: number;
  win: boolean;
  finished: boolean;
}

/**
 * Plays a whole game through `play` (one guess per call) until it is won or over, and returns
 * the words sent with their answers, in order.
 */
export async function solveGame(
  play: (word: string) => Promise<PlayAnswer>,
  maxGuesses = 19,
): Promise<Observation[]> {
  const solver = new JottoSolver();
  for (let n = 1; n <= maxGuesses; n += 1) {
    const word = solver.nextGuess();
    const answer = await play(word);
    solver.observe(word, answer.matches, answer.win);
    if (answer.win || answer.finished) return solver.observations;
  }
  throw new Error(
    `not solved within ${maxGuesses} guesses: ${JSON.stringify(solver.observations)}`,
  );
}

/** Solves a known secret without a server (for checking the solver itself). */
export function solveOffline(secret: string, maxGuesses = 19): Observation[] {
  const target = code(secret);
  const solver = new JottoSolver();
  for (let n = 1; n <= maxGuesses; n += 1) {
    const word = solver.nextGuess();
    const win = word === secret;
    solver.observe(word, matchesOf(code(word), target), win);
    if (win) return solver.observations;
  }
  throw new Error(`not solved within ${maxGuesses} guesses: ${secret}`);
}
