import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameCountsEvent } from '@jotto/shared/realtime-events';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

/** A game against the computer at `hard`: JottoBot's side moved by the test. */
function openComputerGame(
  sides: Parameters<typeof fakeGameServer>[0] = {},
  extra: FakeHandlers = {},
  signedIn = true,
) {
  const game = fakeGameServer({ id: 7, versus: true, enemyName: 'JottoBot', ...sides });
  const api = fakeApi({
    userInfo: signedIn ? { result: 'ok', msg: 'alice' } : { result: 'guest' },
    challengesList: { result: 'ok', challenges: [] },
    ...game.handlers,
    game: () => ({ ...game.detail(), enemyLevel: 'hard' }),
    ...extra,
  });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  return { api, game, ...view };
}

describe('GamePage, a game against the computer', () => {
  it("names the opponent 'JottoBot (hard)', and its moves arrive like a person's", async () => {
    const { game, socket } = openComputerGame();
    await screen.findByText('Make a Guess');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Versus game vs JottoBot (hard)',
    );
    const opponent = screen.getByTestId('opponent');
    expect(within(opponent).getByText('JottoBot (hard)')).toBeTruthy();
    // Seen as the name and its level in a badge of its own, so a narrow side never cuts the level.
    const shown = opponent.querySelector('[aria-hidden="true"]')!;
    expect([...shown.children].map((part) => part.textContent)).toEqual(['JottoBot', 'hard']);
    await goLive(socket);
    const moved: GameCountsEvent = game.opponentPlays('plumb');
    socket.emit('game:counts', moved);
    await waitFor(() => expect(within(opponent).getByText('1', { exact: false })).toBeTruthy());
    await waitFor(() =>
      expect(screen.getByText(/JottoBot \(hard\): 1 guesses, 95 points/)).toBeTruthy(),
    );
  });

  it("ends with 'Play again!' at the same level, never a rematch", async () => {
    const { api } = openComputerGame(
      {
        me: { guesses: [{ word: 'crane', matches: 5 }], won: true },
        opponent: { guesses: [{ word: 'plumb', matches: 0 }], forfeit: true },
      },
      { botGame: { result: 'ok', gameId: 8 } },
    );
    const results = await screen.findByRole('dialog', { name: 'You won!!!' });
    const theirs = within(results).getByRole('region', { name: "JottoBot (hard)'s results" });
    within(theirs).getByRole('heading', { level: 3, name: 'JottoBot (hard)' });
    expect(within(results).queryByRole('button', { name: 'Rematch!' })).toBeNull();
    fireEvent.click(within(results).getByRole('button', { name: 'Play again!' }));
    await waitFor(() => expect(currentPath()).toBe('/game/8'));
    expect(api.callsOf('botGame').map((call) => call.body)).toEqual([{ level: 'hard' }]);
    expect(api.callsOf('newChallenge')).toHaveLength(0);
    expect(api.callsOf('challengesList')).toHaveLength(0);
  });

  it('is a guest’s game too: the opponent’s moves come by the poll', async () => {
    const { api } = openComputerGame({}, {}, false);
    await screen.findByText('Make a Guess');
    await waitFor(() => expect(api.callsOf('counts').length).toBeGreaterThan(0));
    expect(screen.getByText('Updating every 3 s')).toBeTruthy();
  });
});
