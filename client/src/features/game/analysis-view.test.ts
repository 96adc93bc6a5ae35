import { describe, expect, it } from 'vitest';
import { type AnalysisStep, cutFactor, cutMostIndex, formatAverage } from './analysis-view.ts';

const step = (word: string, candidatesLeft: number): AnalysisStep => ({
  word,
  matches: 1,
  candidatesLeft,
  bestGuess: 'eared',
  bestExpected: 2,
  skill: 90,
  luck: 50,
});

describe('cutMostIndex', () => {
  it('picks the largest factor, not the most words removed', () => {
    // 1,350 → 500 removes 850 (÷2.7); 500 → 50 removes 450 (÷10).
    const steps = [step('crane', 500), step('pious', 50), step('light', 20)];
    expect(cutMostIndex(1350, steps)).toBe(1);
    expect(cutFactor(1350, steps, 1)).toBe(10);
  });

  it('gives a tie to the earlier guess, and nothing without guesses', () => {
    expect(cutMostIndex(100, [step('crane', 50), step('pious', 25)])).toBe(0);
    expect(cutMostIndex(100, [])).toBeNull();
  });
});

describe('formatAverage', () => {
  it('shows at most one decimal', () => {
    expect(formatAverage(364.2385)).toBe('364.2');
    expect(formatAverage(1)).toBe('1');
    expect(formatAverage(1350)).toBe('1,350');
  });
});
