import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { goLive, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

const SIGNED_IN = {
  userInfo: { result: 'ok', msg: 'alice' },
  challengesList: { result: 'ok', challenges: [] },
} satisfies FakeHandlers;

/** A versus game between people whose detail and counts say how many watch. */
function openWatched(watchers: { detail: number; counts: number }) {
  const server = fakeGameServer({ versus: true, enemyName: 'bob' });
  const api = fakeApi({
    ...SIGNED_IN,
    ...server.handlers,
    game: () => ({ ...server.detail(), watchers: watchers.detail }),
    counts: () => ({ ...server.counts(), watchers: watchers.counts }),
  });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  return { server, api, ...view };
}

const scores = () => screen.getByRole('region', { name: 'Scores' });

describe("the scores box's 'N watching' (docs/PRODUCT.md, 'Watching')", () => {
  it('says how many watch from the detail, the counts and game:watchers; nothing at 0', async () => {
    const watchers = { detail: 0, counts: 0 };
    const { socket } = openWatched(watchers);
    await screen.findByRole('heading', { name: 'Scores' });
    await waitFor(() => expect(scores().textContent).toContain('Updating every 3 s'));
    expect(within(scores()).queryByText(/watching/)).toBeNull();

    watchers.counts = 2;
    await goLive(socket);
    // The catch-up fetch of the counts on connecting brings the number.
    await within(scores()).findByText('2 watching');
    act(() => socket.emit('game:watchers', { gameId: 7, count: 5 }));
    await within(scores()).findByText('5 watching');
    // Another game's count is not this one's.
    act(() => socket.emit('game:watchers', { gameId: 8, count: 9 }));
    await act(async () => {});
    within(scores()).getByText('5 watching');
    act(() => socket.emit('game:watchers', { gameId: 7, count: 0 }));
    await waitFor(() => expect(within(scores()).queryByText(/watching/)).toBeNull());
  });

  it('shows the detail’s count when the game opens', async () => {
    openWatched({ detail: 1, counts: 1 });
    await within(await screen.findByRole('region', { name: 'Scores' })).findByText('1 watching');
  });
});
