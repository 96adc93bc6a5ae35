import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalysisSeries } from '../analysis-view.ts';
import { AnalysisTable } from './analysis-table.tsx';

const series: AnalysisSeries = {
  kind: 'mine',
  name: 'alice',
  steps: [
    {
      word: 'crane',
      matches: 1,
      candidatesLeft: 500,
      bestGuess: 'eared',
      bestExpected: 364.2385,
      skill: 71,
      luck: 40,
    },
    {
      word: 'pious',
      matches: 2,
      candidatesLeft: 50,
      bestGuess: 'tolan',
      bestExpected: 80.5,
      skill: 88,
      luck: 62,
    },
    {
      word: 'light',
      matches: 3,
      candidatesLeft: 20,
      bestGuess: 'ghost',
      bestExpected: 6,
      skill: 100,
      luck: 50,
    },
  ],
};

function cells(row: HTMLElement) {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
}

describe('AnalysisTable', () => {
  it('lists each guess with its matches, the words left, its skill and the best guess then', () => {
    render(<AnalysisTable start={1350} series={series} />);
    const table = screen.getByRole('table', { name: 'alice: guess by guess' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Guess', 'Matches', 'Words left', 'Skill', 'Best guess then']);
    expect(rows.map(cells)).toEqual([
      ['1', 'crane', '1', '500', '71', 'eared ≈ 364.2 left'],
      ['2', 'pious ★cut the most', '2', '50', '88', 'tolan ≈ 80.5 left'],
      ['3', 'light', '3', '20', '100', 'ghost ≈ 6 left'],
    ]);
  });

  it('marks the guess that cut the most by a star it explains, not by colour alone', () => {
    // 1,350 → 500 removed the most words, but 500 → 50 divided them by the most (÷10).
    render(<AnalysisTable start={1350} series={series} />);
    const rows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-cut-most'));
    expect(rows).toHaveLength(1);
    within(rows[0]!).getByText('pious');
    within(rows[0]!).getByText('★');
    expect(within(rows[0]!).getByText('cut the most').className).toBe('visually-hidden');
    screen.getByText('Cut the most: guess 2 divided the words still possible by 10.');
  });
});
