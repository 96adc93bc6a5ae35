import type { EndpointResponse } from '@jotto/shared/api-endpoints';

export type GameAnalysis = EndpointResponse<'analysis'>;
export type AnalysisStep = GameAnalysis['steps'][number];

/** One player's line of the analysis: whose, and their steps in the order played. */
export interface AnalysisSeries {
  kind: 'mine' | 'opponent';
  name: string;
  steps: readonly AnalysisStep[];
  /** The game's skill and luck (0–99) of this player, when the analysis gave them. */
  summary?: { skill: number; luck: number };
}

/** The candidates before guess `index` (0-based): the start, or what the guess before left. */
export function candidatesBefore(start: number, steps: readonly AnalysisStep[], index: number) {
  return index === 0 ? start : steps[index - 1]!.candidatesLeft;
}

/**
 * The guess that cut the most: the one that divided the candidates by the largest factor
 * (before ÷ after), which is the steepest drop on the chart's logarithmic scale. Not the most
 * words removed: by that measure the first guess nearly always wins, however poor it was.
 * Ties go to the earlier guess; null when there are no guesses.
 */
export function cutMostIndex(start: number, steps: readonly AnalysisStep[]): number | null {
  let best: number | null = null;
  let bestFactor = 0;
  steps.forEach((step, index) => {
    const factor = candidatesBefore(start, steps, index) / step.candidatesLeft;
    if (factor > bestFactor) {
      best = index;
      bestFactor = factor;
    }
  });
  return best;
}

/** The factor guess `index` divided the candidates by. */
export function cutFactor(start: number, steps: readonly AnalysisStep[], index: number): number {
  return candidatesBefore(start, steps, index) / steps[index]!.candidatesLeft;
}

const counts = new Intl.NumberFormat('en-US');
const averages = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count of words: 1,350. */
export const formatCount = (value: number) => counts.format(value);
/** An expected count or a factor, to one decimal at most: 364.2, 1. */
export const formatAverage = (value: number) => averages.format(value);
