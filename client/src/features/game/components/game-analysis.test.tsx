import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import type { AnalysisStep } from '../analysis-view.ts';
import type { GameDetail } from '../game-state.ts';
import { CHART_TITLE } from './candidates-chart.tsx';
import { ANALYSIS_HEADING, GameAnalysis } from './game-analysis.tsx';
import { WonSoloResults } from './results-dialog.test-support.tsx';

const step = (word: string, matches: number, candidatesLeft: number, skill = 80): AnalysisStep => ({
  word,
  matches,
  candidatesLeft,
  bestGuess: 'eared',
  bestExpected: 364.2,
  skill,
  luck: 50,
});
const MINE = [step('crane', 0, 400), step('pious', 2, 30), step('ghost', 5, 1)];
const THEIRS = [step('light', 3, 90), step('month', 3, 12)];

const solo: GameDetail = {
  result: 'ok',
  id: 7,
  score: 90,
  guesses: [...MINE].reverse().map(({ word, matches }) => ({ word, matches })),
  alphabet: {},
  won: true,
  forfeit: false,
  finished: true,
  multiplayer: false,
  seq: 0,
  target: 'ghost',
};
const versus: GameDetail = {
  ...solo,
  multiplayer: true,
  enemyName: 'bob',
  enemyScore: 95,
  enemyWon: false,
  enemyForfeit: false,
  enemyGuesses: 1,
  outcome: 'pending',
};

const seriesShown = (kind: string) =>
  document.querySelectorAll(`[data-series="${kind}"] [data-point]`).length;

describe('GameAnalysis', () => {
  it("fetches a finished game's analysis and shows the chart and each guess", async () => {
    const api = fakeApi({
      analysis: ({ params }) => ({
        result: 'ok',
        id: params.id,
        candidatesAtStart: 1350,
        steps: MINE,
        skill: 87,
        luck: 42,
      }),
    });
    renderScreen(<GameAnalysis game={solo} myName="alice" headingLevel={2} />);
    screen.getByRole('heading', { level: 2, name: ANALYSIS_HEADING });
    await screen.findByRole('img', { name: CHART_TITLE });
    expect(seriesShown('mine')).toBe(3);
    expect(seriesShown('opponent')).toBe(0);
    const table = screen.getByRole('table', { name: 'alice: guess by guess' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Each guess's skill in its column, the game's skill and luck above the table.
    expect(within(table).getByRole('columnheader', { name: 'Skill' })).toBeTruthy();
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('80');
    expect(screen.getByLabelText('alice: skill and luck').textContent).toBe('Skill87Luck42');
    screen.getByText(/Luck: how kindly the counts fell; 50 is as expected/);
    expect(api.callsOf('analysis')).toEqual([
      { name: 'analysis', params: { id: '7' }, body: undefined },
    ]);
  });

  it('in versus, shows my line until the opponent has finished, then asks again for theirs', async () => {
    const api = fakeApi({
      analysis: () => ({
        result: 'ok',
        id: 7,
        candidatesAtStart: 1350,
        steps: MINE,
        skill: 87,
        luck: 42,
        ...(api.callsOf('analysis').length > 1
          ? { opponentSteps: THEIRS, opponentSkill: 61, opponentLuck: 77 }
          : {}),
      }),
    });
    function Harness() {
      const [game, setGame] = useState(versus);
      return (
        <>
          <button
            type="button"
            onClick={() => setGame({ ...game, enemyWon: true, enemyGuesses: 2, outcome: 'lose' })}
          >
            Opponent solves
          </button>
          <GameAnalysis game={game} myName="alice" headingLevel={2} />
        </>
      );
    }
    renderScreen(<Harness />);
    await screen.findByRole('img', { name: CHART_TITLE });
    expect(seriesShown('mine')).toBe(3);
    expect(seriesShown('opponent')).toBe(0);
    screen.getByText("Your opponent's line appears once they have finished.");

    fireEvent.click(screen.getByRole('button', { name: 'Opponent solves' }));
    await screen.findByRole('table', { name: 'bob: guess by guess' });
    expect(seriesShown('mine')).toBe(3);
    expect(seriesShown('opponent')).toBe(2);
    expect(screen.queryByText(/line appears once/)).toBeNull();
    expect(screen.getByLabelText('bob: skill and luck').textContent).toBe('Skill61Luck77');
    expect(api.callsOf('analysis')).toHaveLength(2);
  });

  it('says why when the analysis cannot be loaded', async () => {
    fakeApi({ analysis: { status: 429, err: 'Too many attempts. Try again in 30 seconds.' } });
    renderScreen(<GameAnalysis game={solo} myName="alice" headingLevel={2} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The analysis could not be loaded: Too many attempts. Try again in 30 seconds.',
    );
  });

  it('is part of the results overlay, after its actions', async () => {
    fakeApi({
      analysis: { result: 'ok', id: 7, candidatesAtStart: 1350, steps: MINE, skill: 87, luck: 42 },
    });
    renderScreen(<WonSoloResults game={solo} />);
    const dialog = screen.getByRole('dialog', { name: 'You won!!!' });
    await within(dialog).findByRole('img', { name: CHART_TITLE });
    const heading = within(dialog).getByRole('heading', { level: 3, name: ANALYSIS_HEADING });
    expect(within(dialog).getByLabelText('alice: skill and luck').textContent).toBe(
      'Skill87Luck42',
    );
    const playAgain = within(dialog).getByRole('button', { name: 'Play again!' });
    expect(
      playAgain.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
