import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { alertText, currentPath, linksIn, renderScreen } from '@/test/render-screen.tsx';
import { NOT_YOUR_GAME } from './game-not-found.tsx';
import { GamePage } from './game-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;

function openGame(handlers: FakeHandlers, gameId = 7) {
  const api = fakeApi(handlers);
  const view = renderScreen(<GamePage />, { path: `/game/${gameId}`, route: '/game/:gameId' });
  return { api, ...view };
}

// Guests and games that are not one's own (docs/PRODUCT.md, 'Guests' and 'Game screen').
describe('GamePage, for a guest and for a game that is not yours', () => {
  it('tells a guest the game is kept for 24 hours, with the way to keep it', async () => {
    openGame({ ...GUEST, ...fakeGameServer().handlers });
    const note = await screen.findByText(/this game is kept for 24 hours/);
    expect(note.textContent).toBe(
      'As a guest, this game is kept for 24 hours. Sign up or log in to keep it.',
    );
    expect(linksIn(note)).toEqual([
      ['Sign up', '/register'],
      ['log in', '/login'],
    ]);
  });

  it('says nothing of the kind to a signed-in player, whose games are kept', async () => {
    openGame({ ...SIGNED_IN, ...fakeGameServer().handlers });
    await screen.findByText('Make a Guess');
    expect(screen.queryByText(/kept for 24 hours/)).toBeNull();
  });

  it('still tells a guest whose game cannot be loaded that it expired, on the solo list', async () => {
    openGame({ ...GUEST, game: { status: 404, err: 'Game not found' } });
    await waitFor(() => expect(currentPath()).toBe('/list_solo'));
    expect(alertText()).toBe('Sorry! Game expired. Create an account to keep your games.');
  });

  it('tells a signed-in player a game that is not theirs was not found, with the way back', async () => {
    openGame({ ...SIGNED_IN, game: { status: 404, err: 'Game not found' } });
    await screen.findByRole('heading', { level: 1, name: 'Game not found' });
    screen.getByText(NOT_YOUR_GAME);
    const back = screen.getByRole('link', { name: 'Back to your games' });
    expect(back.getAttribute('href')).toBe('/list_solo');
    // Not the guest's 'Game expired' (an account's games do not expire), and no move away.
    expect(alertText()).toBeNull();
    expect(currentPath()).toBe('/game/7');
  });

  it('asks no more once a game was not found: the answer stays, without blinking to loading', async () => {
    const { api } = openGame({ ...SIGNED_IN, game: { status: 404, err: 'Game not found' } });
    await screen.findByRole('heading', { level: 1, name: 'Game not found' });
    // Past a poll period (no real-time channel here, so the board would be polled).
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 500));
    expect(api.callsOf('game')).toHaveLength(1);
    screen.getByRole('heading', { level: 1, name: 'Game not found' });
  }, 10_000);

  it("says what happened when a signed-in player's game could not be loaded for another reason", async () => {
    openGame({
      ...SIGNED_IN,
      game: { status: 503, err: 'A service we depend on is down. Please try again.' },
    });
    await screen.findByRole('heading', { level: 1, name: 'This game could not be loaded' });
    screen.getByText('A service we depend on is down. Please try again.');
    expect(alertText()).toBeNull();
  });
});
