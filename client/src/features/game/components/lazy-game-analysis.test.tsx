import { screen, within } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { renderScreen } from '@/test/render-screen.tsx';
import type { GameDetail } from '../game-state.ts';
import { ANALYSIS_LOAD_FAILED } from './lazy-game-analysis.tsx';
import { WonSoloResults } from './results-dialog.test-support.tsx';

// The analysis chunk cannot be fetched (offline, or a deploy renamed it since the page opened).
vi.mock('./game-analysis.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: game-analysis.js');
});

const solo: GameDetail = {
  result: 'ok',
  id: 7,
  score: 90,
  guesses: [
    { word: 'ghost', matches: 5 },
    { word: 'crane', matches: 0 },
  ],
  alphabet: {},
  won: true,
  forfeit: false,
  finished: true,
  multiplayer: false,
  seq: 0,
  target: 'ghost',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LazyGameAnalysis whose chunk fails to load', () => {
  it('says so in its place; the results and their actions stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(<WonSoloResults game={solo} />);
    const dialog = screen.getByRole('dialog', { name: 'You won!!!' });
    await within(dialog).findByText(ANALYSIS_LOAD_FAILED);
    within(dialog).getByText('Good job!');
    within(dialog).getByRole('img', { name: 'The word was GHOST' });
    within(dialog).getByRole('button', { name: 'Play again!' });
  });
});
