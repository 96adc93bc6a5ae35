import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hardModeRefusal } from '@jotto/shared/hard-mode';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { alertText, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;

/** The fake server's game, hard when `hard`. */
function openGame(hard: boolean, extra: FakeHandlers = {}) {
  const server = fakeGameServer({ hard });
  fakeApi({ ...GUEST, ...server.handlers, ...extra });
  renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
}

const scores = () => screen.getByRole('region', { name: 'Score' });

describe('GamePage, hard mode', () => {
  it('says Hard mode in the scores box of a hard game, and only there', async () => {
    openGame(true);
    await screen.findByText('Make a Guess');
    within(scores()).getByText('Hard mode');
  });

  it('says nothing of it in a game that is not hard', async () => {
    openGame(false);
    await screen.findByText('Make a Guess');
    expect(within(scores()).queryByText('Hard mode')).toBeNull();
  });

  it('alerts a hard-mode refusal as any refused guess, and keeps the board', async () => {
    const err = hardModeRefusal('brace', { word: 'slate', matches: 4 });
    openGame(true, { play: { status: 400, err } });
    fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: 'brace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
    await waitFor(() => expect(alertText()).toBe('Error: Hard mode: BRACE does not fit SLATE (4)'));
    screen.getByText('Make a Guess');
  });
});
