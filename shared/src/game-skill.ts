// Skill and luck of the post-game analysis (docs/PRODUCT.md, 'Post-game analysis'): how much
// each guess could tell against the best guess at that point, and how kindly its count fell.
// Pure rules over the sizes of the groups of candidates that would give a guess the same
// answer; the analyser (game-analysis.ts) counts the groups.

/**
 * The information a guess is expected to give, in bits: the expected fall in the entropy of
 * the candidates (all equally likely) over its possible answers, which is the entropy of the
 * answer itself, Σ (s / n)·log2(n / s) over the sizes s of the groups of candidates that would
 * give the same answer (n candidates in all). Summed smallest group first, so that the same
 * groups in any order give the very same number.
 */
export function expectedInformation(groupSizes: readonly number[]): number {
  const sizes = groupSizes.filter((size) => size > 0).sort((a, b) => a - b);
  const n = sizes.reduce((sum, size) => sum + size, 0);
  let bits = 0;
  for (const size of sizes) bits += (size / n) * Math.log2(n / size);
  return bits;
}

/**
 * A guess's skill, 0–100 (docs/PRODUCT.md, 'Post-game analysis'): its expected information as
 * a share of the best guess's (`groups` and `bestGroups` are the sizes of their answer groups
 * over the same candidates), rounded. A guess the two measures rank above the best guess (the
 * best guess minimises the candidates left, not the entropy) also gets 100. Once one candidate
 * is left no guess can tell anything: then guessing it (`mayWin`) is 100, anything else 0.
 */
export function guessSkill(
  groups: readonly number[],
  bestGroups: readonly number[],
  mayWin: boolean,
): number {
  const best = expectedInformation(bestGroups);
  if (best === 0) return mayWin ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((100 * expectedInformation(groups)) / best)));
}

/**
 * How lucky the count a guess got was, 0–100 (docs/PRODUCT.md, 'Post-game analysis'): over
 * the candidates before it (all equally likely), the chance that the count would have left more
 * candidates than the `left` it did, plus half the chance that it would have left as many,
 * rounded. Its mean over the possible answers is 50 whatever the guess, so 50 is "as expected";
 * a guess that could only get one answer is 50.
 */
export function countLuck(groups: readonly number[], left: number): number {
  let n = 0;
  let more = 0;
  let same = 0;
  for (const size of groups) {
    n += size;
    if (size > left) more += size;
    else if (size === left) same += size;
  }
  if (n === 0) return 50;
  return Math.round((100 * (more + same / 2)) / n);
}

/** Skill and luck: a game's, each 0–99, or a guess's, each 0–100. */
export interface GameSkill {
  skill: number;
  luck: number;
}

/**
 * A game's skill and luck from its steps (docs/PRODUCT.md, 'Post-game analysis'): the mean of
 * the guesses' skill and of their luck, each rounded and at most 99 (a perfect 100 is kept for
 * no game: the best guess is only the best by the analysis's measure). A game without guesses
 * has skill 0 and luck 50.
 */
export function gameSkillOf(steps: readonly GameSkill[]): GameSkill {
  if (steps.length === 0) return { skill: 0, luck: 50 };
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const capped = (value: number) => Math.min(99, Math.max(0, Math.round(value)));
  return {
    skill: capped(mean(steps.map((step) => step.skill))),
    luck: capped(mean(steps.map((step) => step.luck))),
  };
}
