// The computer opponent (shared/src/computer-opponent-moves.ts): how many guesses each level takes to
// solve, over the same 200 secrets, and the CPU one move costs, as the server makes it (the
// process's analyser, its match table and first step built once). The levels must be ordered:
// hard solves in fewer guesses on average than medium, medium fewer than easy
// (docs/PRODUCT.md, 'Computer opponent'). Exit code 1 when they are not.
import { cpuUsage } from 'node:process';
import { availableParallelism, loadavg } from 'node:os';
import { BOT_LEVELS, type BotLevel } from '@jotto/shared/computer-opponent';
import {
  botMoveRandom,
  chooseBotGuess,
  MEDIUM_SAMPLE_SIZE,
} from '@jotto/shared/computer-opponent-moves';
import { type GuessAnswer, sharedGameAnalyser } from '@jotto/shared/game-analysis';
import { countMatches } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { MOST_GUESSES } from '@jotto/shared/test/computer-opponent-games';
import { mulberry32 } from './support/word-pool.ts';

const GAMES = Number(process.env.BENCH_BOT_GAMES ?? 200);

interface LevelFigures {
  guesses: number[];
  solved: number;
  /** CPU of each move in ms, the game's first move apart. */
  firstMoveCpu: number[];
  laterMoveCpu: number[];
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** One game as the server plays it: each move from the answers so far and its own random draw. */
function play(level: BotLevel, secret: string, seed: number, figures: LevelFigures): void {
  const answers: GuessAnswer[] = [];
  for (let move = 0; move < MOST_GUESSES; move += 1) {
    const before = cpuUsage();
    const word = chooseBotGuess(level, answers, botMoveRandom(seed, move));
    (move === 0 ? figures.firstMoveCpu : figures.laterMoveCpu).push(cpuMs(before));
    if (word === secret) {
      figures.guesses.push(move + 1);
      figures.solved += 1;
      return;
    }
    answers.push({ word, matches: countMatches(word, secret) });
  }
  figures.guesses.push(MOST_GUESSES);
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const standardDeviation = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fixed = (value: number, digits = 2) => value.toFixed(digits).padStart(7);

function main() {
  const load = loadavg().map((l) => l.toFixed(1));
  console.log(`Computer opponent: ${GAMES} games per level, the same secrets for every level`);
  console.log(
    `load average ${load.join(' ')} on ${availableParallelism()} cores; medium draws ${MEDIUM_SAMPLE_SIZE} candidates`,
  );

  // One-off costs of a process: the match table, then the first step's best guess (hard's
  // opening), which every later game reuses.
  let before = cpuUsage();
  const analyser = sharedGameAnalyser();
  const tableCpu = cpuMs(before);
  before = cpuUsage();
  analyser.bestGuessOver(analyser.candidatesAfter([]));
  const openingCpu = cpuMs(before);
  console.log(
    `one-off per process: match table ${tableCpu.toFixed(0)} ms CPU, first best guess ${openingCpu.toFixed(0)} ms CPU`,
  );

  const random = mulberry32(1);
  const secrets = Array.from(
    { length: GAMES },
    () => SECRET_WORDS[Math.floor(random() * SECRET_WORDS.length)]!,
  );
  const results = new Map<BotLevel, LevelFigures>();
  for (const level of BOT_LEVELS) {
    const figures: LevelFigures = { guesses: [], solved: 0, firstMoveCpu: [], laterMoveCpu: [] };
    secrets.forEach((secret, i) => play(level, secret, 1_000 + i, figures));
    results.set(level, figures);
  }

  console.log(
    '\nlevel   mean guesses  ±95%     sd  median  max  solved | CPU per move (ms): first p50, later p50    p95    max',
  );
  for (const [level, f] of results) {
    const sd = standardDeviation(f.guesses);
    console.log(
      `${level.padEnd(7)} ${fixed(mean(f.guesses))}       ${fixed((1.96 * sd) / Math.sqrt(GAMES))}${fixed(sd)} ${fixed(quantile(f.guesses, 0.5), 0)} ${fixed(Math.max(...f.guesses), 0)}  ${String(f.solved).padStart(3)}/${GAMES} |` +
        `                  ${fixed(quantile(f.firstMoveCpu, 0.5), 1)} ${fixed(quantile(f.laterMoveCpu, 0.5), 1)} ${fixed(quantile(f.laterMoveCpu, 0.95), 1)} ${fixed(Math.max(...f.laterMoveCpu), 1)}`,
    );
  }

  const meanOf = (level: BotLevel) => mean(results.get(level)!.guesses);
  const ordered = meanOf('hard') < meanOf('medium') && meanOf('medium') < meanOf('easy');
  console.log(
    ordered
      ? '\nordered: hard < medium < easy in mean guesses'
      : '\nNOT ordered: hard < medium < easy fails',
  );
  if (!ordered) process.exitCode = 1;
}

main();
