import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalysisSeries, AnalysisStep } from '../analysis-view.ts';
import { CandidatesChart, CHART_TITLE } from './candidates-chart.tsx';

const step = (word: string, candidatesLeft: number): AnalysisStep => ({
  word,
  matches: 2,
  candidatesLeft,
  bestGuess: 'eared',
  bestExpected: 3.5,
  skill: 90,
  luck: 50,
});

const mine: AnalysisSeries = {
  kind: 'mine',
  name: 'alice',
  steps: [step('crane', 100), step('pious', 10), step('light', 1)],
};
const theirs: AnalysisSeries = {
  kind: 'opponent',
  name: 'bob',
  steps: [step('stone', 300), step('audio', 250), step('month', 40), step('ghost', 1)],
};

const points = (container: HTMLElement, kind: string) =>
  [...container.querySelectorAll(`[data-series="${kind}"] [data-point]`)].map((point) =>
    Number(
      point.querySelector('circle:not([data-cut-most]), rect')!.getAttribute('cy') ??
        Number(point.querySelector('rect')!.getAttribute('y')) + 4,
    ),
  );

describe('CandidatesChart', () => {
  it('is an image with a title and a description of each line', () => {
    render(<CandidatesChart start={1000} series={[mine]} />);
    const image = screen.getByRole('img', { name: CHART_TITLE });
    expect(image.tagName.toLowerCase()).toBe('svg');
    const description = image.getAttribute('aria-describedby')!;
    expect(document.getElementById(description)!.textContent).toBe(
      'Logarithmic scale. 1,000 possible words at the start. alice: 1 left after 3 guesses; guess 1, CRANE, cut the most.',
    );
  });

  it('draws one point per guess on a logarithmic scale', () => {
    const { container } = render(<CandidatesChart start={1000} series={[mine]} />);
    const ys = points(container, 'mine');
    expect(ys).toHaveLength(3);
    // 1,000 → 100 → 10 → 1: each a factor of ten, so equal steps down.
    const path = container.querySelector('[data-series="mine"] path')!.getAttribute('d')!;
    const startY = Number(/^M[\d.]+,([\d.]+)/.exec(path)![1]);
    const drops = [startY, ...ys].slice(1).map((y, i) => y - [startY, ...ys][i]!);
    for (const drop of drops) expect(drop).toBeCloseTo(drops[0]!, 0);
    expect(drops[0]!).toBeGreaterThan(0);
    // One guess marked as the one that cut the most.
    expect(container.querySelectorAll('[data-series="mine"] [data-cut-most]')).toHaveLength(1);
  });

  it('draws one line per player, told apart by shape and dash as well as colour', () => {
    const { container } = render(<CandidatesChart start={1350} series={[mine, theirs]} />);
    expect(points(container, 'mine')).toHaveLength(3);
    expect(points(container, 'opponent')).toHaveLength(4);
    expect(container.querySelectorAll('[data-series="mine"] [data-point] circle')).toHaveLength(
      4, // three markers and the ring of the guess that cut the most
    );
    expect(container.querySelectorAll('[data-series="opponent"] [data-point] rect')).toHaveLength(
      4,
    );
    const legend = container.querySelector('figcaption')!;
    within(legend).getByText('alice');
    within(legend).getByText('bob');
  });

  it('gives screen readers the numbers as a table', () => {
    render(<CandidatesChart start={1350} series={[mine, theirs]} />);
    const table = screen.getByRole('table', { name: CHART_TITLE });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['After guess', 'alice', 'bob'],
      ['Start', '1,350', '1,350'],
      ['1', '100 (CRANE)', '300 (STONE)'],
      ['2', '10 (PIOUS)', '250 (AUDIO)'],
      ['3', '1 (LIGHT)', '40 (MONTH)'],
      ['4', 'no guess', '1 (GHOST)'],
    ]);
  });
});
