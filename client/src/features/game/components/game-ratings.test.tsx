import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameRatings } from '@jotto/shared/rating-schemas';
import { PROVISIONAL_HINT } from '@/features/ratings/rating-text.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import type { GameDetail } from '../game-state.ts';
import { ResultsDialog } from './results-dialog.tsx';
import { ScoresBox } from './scores-box.tsx';

const versus = (more: Partial<GameDetail> = {}): GameDetail => ({
  result: 'ok',
  id: 7,
  score: 90,
  guesses: [
    { word: 'crane', matches: 5 },
    { word: 'plumb', matches: 0 },
  ],
  alphabet: {},
  won: true,
  forfeit: false,
  finished: true,
  multiplayer: true,
  seq: 4,
  target: 'crane',
  outcome: 'win',
  enemyName: 'bob',
  enemyScore: 95,
  enemyWon: false,
  enemyForfeit: true,
  enemyGuesses: 1,
  enemyGuessList: [{ word: 'ghost', matches: 0 }],
  ...more,
});

const PLAYING: GameRatings = {
  me: { before: 1500, provisional: true },
  opponent: { before: 1620, provisional: false },
};
const SETTLED: GameRatings = {
  me: { before: 1500, after: 1662, provisional: true },
  opponent: { before: 1620, after: 1608, provisional: false },
};

/** The rating line as seen: without the words only screen readers get. */
function ratingLine(side: HTMLElement): string | undefined {
  const line = side.querySelector('[data-rating]')?.cloneNode(true);
  if (!(line instanceof HTMLElement)) return undefined;
  for (const hidden of line.querySelectorAll('.visually-hidden')) hidden.remove();
  return line.textContent ?? undefined;
}
/** The rating line as a screen reader reads it. */
const spokenRatingLine = (side: HTMLElement) =>
  side.querySelector('[data-rating]')?.textContent ?? undefined;

describe('the scores box of a rated game', () => {
  it("shows both ratings while it is played, '?' while provisional", () => {
    render(
      <ScoresBox game={versus({ ratings: PLAYING })} myName="alice" feed="live" waiting={false} />,
    );
    expect(ratingLine(screen.getByTestId('me'))).toBe('Rating 1500?');
    expect(ratingLine(screen.getByTestId('opponent'))).toBe('Rating 1620');
    expect(screen.queryByText(/\(\+|\(−/)).toBeNull();
  });

  it("explains a provisional rating's '?': a tooltip, and words for screen readers", () => {
    render(
      <ScoresBox game={versus({ ratings: SETTLED })} myName="alice" feed="done" waiting={false} />,
    );
    const me = screen.getByTestId('me');
    expect(PROVISIONAL_HINT).toBe('Provisional: too few recent rated games to be sure');
    expect(within(me).getByText('1662?').getAttribute('title')).toBe(PROVISIONAL_HINT);
    expect(spokenRatingLine(me)).toBe(`Rating 1662? (${PROVISIONAL_HINT}) (+162)`);
    // A settled rating has nothing to explain.
    const opponent = screen.getByTestId('opponent');
    expect(within(opponent).getByText('1608').getAttribute('title')).toBeNull();
    expect(spokenRatingLine(opponent)).toBe('Rating 1608 (\u221212)');
  });

  it('shows each rating the game left and its change once settled', () => {
    render(
      <ScoresBox game={versus({ ratings: SETTLED })} myName="alice" feed="done" waiting={false} />,
    );
    expect(ratingLine(screen.getByTestId('me'))).toBe('Rating 1662? (+162)');
    expect(ratingLine(screen.getByTestId('opponent'))).toBe('Rating 1608 (\u221212)');
  });

  it('says nothing of ratings in an unrated game', () => {
    render(<ScoresBox game={versus()} myName="alice" feed="done" waiting={false} />);
    expect(screen.queryByText(/Rating/)).toBeNull();
    expect(document.querySelector('[data-rating]')).toBeNull();
  });
});

describe('the results overlay of a rated game', () => {
  it("shows each player's rating and change beside their score", async () => {
    fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      analysis: { result: 'ok', id: 7, candidatesAtStart: 2000, steps: [], skill: 0, luck: 50 },
    });
    renderScreen(
      <ResultsDialog
        open
        onClose={() => {}}
        game={versus({ ratings: SETTLED })}
        end="won"
        myName="alice"
        appUrl="http://localhost"
        onPlayAgain={() => {}}
        rematch={null}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'You won!!!' });
    const mine = within(dialog).getByRole('region', { name: "alice's results" });
    const theirs = within(dialog).getByRole('region', { name: "bob's results" });
    expect(ratingLine(mine)).toBe('Rating 1662? (+162)');
    expect(ratingLine(theirs)).toBe('Rating 1608 (\u221212)');
    expect(within(mine).getByText('1662?').getAttribute('title')).toBe(PROVISIONAL_HINT);
    expect(spokenRatingLine(mine)).toBe(`Rating 1662? (${PROVISIONAL_HINT}) (+162)`);
    await within(dialog).findByText('No guesses to analyse.');
  });

  it('shows no rating for an unrated game', () => {
    fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      analysis: { result: 'ok', id: 7, candidatesAtStart: 2000, steps: [], skill: 0, luck: 50 },
    });
    renderScreen(
      <ResultsDialog
        open
        onClose={() => {}}
        game={versus()}
        end="won"
        myName="alice"
        appUrl="http://localhost"
        onPlayAgain={() => {}}
        rematch={null}
      />,
    );
    expect(document.querySelector('[data-rating]')).toBeNull();
  });
});
