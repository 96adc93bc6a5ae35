// The post-game analysis (shared/src/game-analysis.ts): CPU and wall time to analyse one player's
// 15-guess game, the fast analyser against the analysis computed by its definition
// (game-analysis-reference.ts) and against a plain match table, in the same run. Goal
// (docs/PRODUCT.md, 'Performance goals'): under 50 ms per 15-guess game on the shared 2-core
// machine, as the server runs it (table built and first step cached once per process).
import { cpuUsage, memoryUsage } from 'node:process';
import { availableParallelism, loadavg } from 'node:os';
import { GameAnalyser } from '@jotto/shared/game-analysis';
import { countLuck, guessSkill } from '@jotto/shared/game-skill';
import { analyseGameByDefinition } from '@jotto/shared/test/game-analysis-reference';
import { countMatches } from '@jotto/shared/game-rules';
import { GUESS_WORDS, SECRET_WORDS } from '@jotto/shared/word-lists';
import { mulberry32 } from './support/word-pool.ts';

const GAMES = Number(process.env.BENCH_ANALYSIS_GAMES ?? 30);
const DEFINITION_GAMES = Number(process.env.BENCH_ANALYSIS_DEFINITION_GAMES ?? 1);
const GUESSES_PER_GAME = 15;

interface Game {
  secret: string;
  words: string[];
}

/** Fourteen distinct misses chosen by `pickMiss`, then the secret: a game solved on guess 15. */
function plannedGame(random: () => number, pickMiss: (secret: string, played: string[]) => string) {
  const secret = SECRET_WORDS[Math.floor(random() * SECRET_WORDS.length)]!;
  const words: string[] = [];
  while (words.length < GUESSES_PER_GAME - 1) words.push(pickMiss(secret, words));
  return { secret, words: [...words, secret] };
}

function randomWord(random: () => number): string {
  return GUESS_WORDS[Math.floor(random() * GUESS_WORDS.length)]!;
}

/** A weak player: any dictionary word not yet played (and not the secret). */
function randomGames(seed: number, count: number): Game[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () =>
    plannedGame(random, (secret, played) => {
      for (;;) {
        const word = randomWord(random);
        if (word !== secret && !played.includes(word)) return word;
      }
    }),
  );
}

/**
 * The analyser's worst case: each miss is, of 200 random words, the one that keeps the most
 * candidates, so the candidate sets it searches over stay large for longer.
 */
function stubbornGames(seed: number, count: number): Game[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    let candidates = [...SECRET_WORDS];
    return plannedGame(random, (secret, played) => {
      let keep: { word: string; left: string[] } | null = null;
      for (let i = 0; i < 200; i += 1) {
        const word = randomWord(random);
        if (word === secret || played.includes(word)) continue;
        const matches = countMatches(word, secret);
        const left = candidates.filter((c) => c !== word && countMatches(word, c) === matches);
        if (!keep || left.length > keep.left.length) keep = { word, left };
      }
      candidates = keep!.left;
      return keep!.word;
    });
  });
}

/**
 * The baseline a first attempt would write: a match table with one row per dictionary word,
 * six counters in an array, one row per pass over the secrets' rows (a best guess is a word of
 * the secret list), nothing cached. Same answers (checked below).
 */
class PlainTableAnalyser {
  private readonly guesses = [...new Set([...GUESS_WORDS, ...SECRET_WORDS])].sort();
  private readonly table = new Uint8Array(this.guesses.length * SECRET_WORDS.length);
  private readonly guessSecretIndex: Int32Array;

  constructor() {
    const secretIndex = new Map(SECRET_WORDS.map((w, i) => [w, i]));
    const n = SECRET_WORDS.length;
    this.guesses.forEach((g, k) =>
      SECRET_WORDS.forEach((s, i) => (this.table[k * n + i] = countMatches(g, s))),
    );
    this.guessSecretIndex = Int32Array.from(this.guesses, (g) => secretIndex.get(g) ?? -1);
  }

  analyse(secret: string, words: readonly string[]) {
    const n = SECRET_WORDS.length;
    const s = SECRET_WORDS.indexOf(secret);
    let candidates = Int32Array.from(SECRET_WORDS, (_, i) => i);
    return words.map((word) => {
      const best = this.best(candidates);
      const g = this.guesses.indexOf(word);
      const matches = this.table[g * n + s]!;
      const own = this.guessSecretIndex[g]!;
      // Skill and luck by the shared rules, from the answer groups of the guess and the best.
      const groups = this.groups(g, candidates);
      const bestGroups = this.groups(this.guesses.indexOf(best.word), candidates);
      const mayWin = own >= 0 && candidates.includes(own);
      candidates = candidates.filter((c) =>
        word === secret ? c === s : c !== own && this.table[g * n + c] === matches,
      );
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

  private groups(g: number, candidates: Int32Array): number[] {
    const n = SECRET_WORDS.length;
    const own = this.guessSecretIndex[g]!;
    const counts = new Array<number>(7).fill(0);
    for (const c of candidates) counts[c === own ? 6 : this.table[g * n + c]!]! += 1;
    return counts.filter((size) => size > 0);
  }

  private best(candidates: Int32Array) {
    const n = SECRET_WORDS.length;
    const isCandidate = new Uint8Array(n);
    for (const c of candidates) isCandidate[c] = 1;
    const counts = new Int32Array(7);
    let best = { squares: Infinity, isCandidate: 0, word: '' };
    for (let g = 0; g < this.guesses.length; g += 1) {
      const own = this.guessSecretIndex[g]!;
      if (own < 0) continue;
      counts.fill(0);
      for (const c of candidates) counts[c === own ? 6 : this.table[g * n + c]!]! += 1;
      let squares = 0;
      for (const size of counts) squares += size * size;
      const word = this.guesses[g]!;
      const wordIsCandidate = isCandidate[own] === 1 ? 1 : 0;
      if (
        squares < best.squares ||
        (squares === best.squares && wordIsCandidate > best.isCandidate)
      ) {
        best = { squares, isCandidate: wordIsCandidate, word };
      }
    }
    return { word: best.word, expected: best.squares / candidates.length };
  }
}

interface Timing {
  wall: number[];
  cpuPerGame: number;
}

function time(games: readonly Game[], analyse: (game: Game) => unknown): Timing {
  const wall: number[] = [];
  const before = cpuUsage();
  for (const game of games) {
    const start = performance.now();
    analyse(game);
    wall.push(performance.now() - start);
  }
  const cpu = cpuUsage(before);
  return { wall, cpuPerGame: (cpu.user + cpu.system) / 1000 / games.length };
}

/**
 * Runs `run` once: its wall time, CPU and the typed-array memory it left allocated (where a
 * match table lives; nothing is freed by a collection in between, so the difference is it).
 */
function once<T>(run: () => T): { value: T; wall: number; cpu: number; megabytes: number } {
  const buffers = memoryUsage().arrayBuffers;
  const before = cpuUsage();
  const start = performance.now();
  const value = run();
  const wall = performance.now() - start;
  const cpu = cpuUsage(before);
  const megabytes = (memoryUsage().arrayBuffers - buffers) / 1e6;
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000, megabytes };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => value.toFixed(1).padStart(9);

function main() {
  const load = loadavg().map((l) => l.toFixed(1));
  console.log(`Post-game analysis of a ${GUESSES_PER_GAME}-guess game`);
  console.log(
    `load average ${load.join(' ')} on ${availableParallelism()} cores: compare the ratios, not the absolute times`,
  );

  const random = randomGames(1, GAMES);
  const stubborn = stubbornGames(2, GAMES);

  // One-off costs of a process: the table, then the first step's best guess.
  const built = once(() => new GameAnalyser(SECRET_WORDS));
  const analyser = built.value;
  const opening = once(() => analyser.analyse(random[0]!.secret, random[0]!.words.slice(0, 1)));
  const plainBuilt = once(() => new PlainTableAnalyser());
  const plain = plainBuilt.value;

  // The fast analyser must agree with the definition, or the timings mean nothing.
  const checked = random.slice(0, DEFINITION_GAMES);
  const byDefinition: string[] = [];
  const definition = time(checked, (game) =>
    byDefinition.push(
      JSON.stringify(analyseGameByDefinition(SECRET_WORDS, game.secret, game.words)),
    ),
  );
  checked.forEach((game, i) => {
    if (JSON.stringify(analyser.analyse(game.secret, game.words)) !== byDefinition[i])
      throw new Error(`fast analysis differs from the definition for ${game.secret}`);
    if (JSON.stringify(plain.analyse(game.secret, game.words)) !== byDefinition[i])
      throw new Error(`plain-table analysis differs from the definition for ${game.secret}`);
  });

  // Warm-up of every path (JIT), then the measured runs.
  time(random.slice(0, 3), (game) => analyser.analyse(game.secret, game.words));
  time(random.slice(0, 1), (game) => plain.analyse(game.secret, game.words));

  const rows: Array<[string, Timing]> = [];
  for (const [name, games] of [
    ['random misses', random],
    ['stubborn misses', stubborn],
  ] as const) {
    rows.push([
      `plain table, ${name}`,
      time(games.slice(0, Math.min(games.length, 5)), (g) => plain.analyse(g.secret, g.words)),
    ]);
    rows.push([`fast, ${name}`, time(games, (g) => analyser.analyse(g.secret, g.words))]);
  }

  console.log('\none-off per process                  wall ms    CPU ms   table MB');
  console.log(
    `match table build (fast)          ${ms(built.wall)} ${ms(built.cpu)} ${ms(built.megabytes)}`,
  );
  console.log(
    `match table build (plain)         ${ms(plainBuilt.wall)} ${ms(plainBuilt.cpu)} ${ms(plainBuilt.megabytes)}`,
  );
  console.log(`first step (best of all secrets)  ${ms(opening.wall)} ${ms(opening.cpu)}`);

  console.log(
    `\nper 15-guess game                  games  wall p50  wall p95  CPU/game  × definition`,
  );
  const definitionCpu = definition.cpuPerGame;
  const line = (name: string, t: Timing, speedup: string) =>
    console.log(
      `${name.padEnd(33)}${String(t.wall.length).padStart(6)}${ms(quantile(t.wall, 0.5))} ${ms(quantile(t.wall, 0.95))} ${ms(t.cpuPerGame)}  ${speedup}`,
    );
  line('by definition, random misses', definition, '1');
  for (const [name, t] of rows) line(name, t, (definitionCpu / t.cpuPerGame).toFixed(0));
  const fastStubborn = rows.find(([name]) => name === 'fast, stubborn misses')![1];
  const fastRandom = rows.find(([name]) => name === 'fast, random misses')![1];
  const plainRandom = rows.find(([name]) => name === 'plain table, random misses')![1];
  console.log(
    `\nfast ÷ plain table (CPU, random misses): ${(fastRandom.cpuPerGame / plainRandom.cpuPerGame).toFixed(2)}`,
  );
  // The verdict is on CPU: with a load average above the core count, wall time mostly
  // measures the wait for a core, which the analyser does not control.
  const verdict = (t: Timing) =>
    `CPU ${t.cpuPerGame.toFixed(1)} ms ${t.cpuPerGame < 50 ? 'PASS' : 'MISS'} (wall p50 ${quantile(t.wall, 0.5).toFixed(1)}, p95 ${quantile(t.wall, 0.95).toFixed(1)})`;
  console.log(`goal < 50 ms per 15-guess game, fast analyser:`);
  console.log(`  random misses:   ${verdict(fastRandom)}`);
  console.log(`  stubborn misses: ${verdict(fastStubborn)}`);
}

main();
