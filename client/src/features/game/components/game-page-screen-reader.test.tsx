import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;

function openGame(handlers: FakeHandlers) {
  fakeApi(handlers);
  return renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
}

async function guess(word: string) {
  fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
}

// What a screen reader is told of the game (docs/PRODUCT.md, 'Game screen').
describe('GamePage, for a screen reader', () => {
  it("names itself in one h1: 'Solo game'", async () => {
    const { container } = openGame({ ...SIGNED_IN, ...fakeGameServer().handlers });
    await screen.findByRole('heading', { level: 1, name: 'Solo game' });
    expect(container.querySelectorAll('h1')).toHaveLength(1);
  });

  it("names a versus game by the opponent: 'Versus game vs bob'", async () => {
    openGame({ ...SIGNED_IN, ...fakeGameServer({ versus: true, enemyName: 'bob' }).handlers });
    await screen.findByRole('heading', { level: 1, name: 'Versus game vs bob' });
  });

  it("says '1 match' for one, in the live region, the last guess and the list", async () => {
    // SALTY and CRANE share one letter, the A.
    openGame({ ...SIGNED_IN, ...fakeGameServer({ target: 'crane' }).handlers });
    await guess('salty');
    await screen.findByText('SALTY: 1 match');
    screen.getByText((_text, node) => node?.tagName === 'P' && node.textContent === '1 match');
    const list = screen.getByRole('list', { name: 'Your guesses' });
    within(list).getByLabelText('1 match');
    await guess('plumb');
    await screen.findByText('PLUMB: 0 matches');
    within(list).getByLabelText('0 matches');
    expect(screen.queryByText(/1 matches/)).toBeNull();
  });
});
