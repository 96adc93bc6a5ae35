import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalysisSeries } from '../analysis-view.ts';
import { AnalysisTable } from './analysis-table.tsx';

const series: AnalysisSeries = {
  kind: 'mine',
  name: 'alice',
  steps: [
    { word: 'crane', matches: 1, candidatesLeft: 500, bestGuess: 'eared', bestExpected: 364.2385 },
    { word: 'pious', matches: 2, candidatesLeft: 50, bestGuess: 'tolan', bestExpected: 80.5 },
    { word: 'light', matches: 3, candidatesLeft: 20, bestGuess: 'ghost', bestExpected: 6 },
  ],
};

function cells(row: HTMLElement) {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
}

describe('AnalysisTable', () => {
  it('lists each guess with its matches, the words left and the best guess then', () => {
    render(<AnalysisTable start={1350} series={series} />);
    const table = screen.getByRole('table', { name: 'alice: guess by guess' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Guess', 'Matches', 'Words left', 'Best guess then']);
    expect(rows.map(cells)).toEqual([
      ['1', 'crane', '1', '500', 'eared ≈ 364.2 left'],
      ['2', 'pious ★ cut the most (÷10)', '2', '50', 'tolan ≈ 80.5 left'],
      ['3', 'light', '3', '20', 'ghost ≈ 6 left'],
    ]);
  });

  it('marks the guess that cut the most in words, not by colour alone', () => {
    // 1,350 → 500 removed the most words, but 500 → 50 divided them by the most (÷10).
    render(<AnalysisTable start={1350} series={series} />);
    const marked = screen.getAllByText(/cut the most/);
    expect(marked).toHaveLength(1);
    const row = marked[0]!.closest('tr')!;
    expect(row.hasAttribute('data-cut-most')).toBe(true);
    expect(within(row).getByText('pious')).toBeTruthy();
  });
});
