import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveGame } from '@jotto/shared/watch-schemas';
import { fakeApi } from '@/test/fake-api.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { linksIn, renderScreen } from '@/test/render-screen.tsx';
import { LIVE_GAMES_REFRESH_MS } from '../api/watching-api.ts';
import { GUEST_WATCH } from './watch-sign-in.tsx';
import { NO_LIVE_GAMES, NO_LIVE_GAMES_HINT, WatchListPage } from './watch-list-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'carol' } } as const;

const game = (gameId: number, more: Partial<LiveGame> = {}): LiveGame => ({
  gameId,
  players: [
    { username: 'alice', rating: 1520, score: 85, guesses: 3, finished: false },
    { username: 'bob', rating: 1480, score: 100, guesses: 1, finished: true },
  ],
  timeControl: '5m',
  watchers: 2,
  startedAt: '2026-11-28T12:00:00.000Z',
  ...more,
});

const openList = () => renderScreen(<WatchListPage />, { path: '/watch' });

describe('WatchListPage', () => {
  it('lists the live games: players, ratings, scores, guesses, clock, watchers and Watch', async () => {
    fakeApi({
      ...SIGNED_IN,
      liveGames: {
        result: 'ok',
        games: [game(7), game(9, { timeControl: undefined, watchers: 0 })],
      },
    });
    openList();
    screen.getByRole('heading', { level: 1, name: 'Watch' });
    const games = await screen.findByRole('list', { name: 'Live games' });
    const [first, second] = within(games).getAllByRole('list', { name: 'alice vs bob' });
    expect(first!.textContent).toBe(
      'aliceRating 152085 points · 3 guessesbobRating 1480100 points · 1 guess · done',
    );
    const details = [...games.querySelectorAll('li > div > p')].map((p) => p.textContent);
    // No '0 watching': nothing while nobody watches.
    expect(details).toEqual(['5 minutes game · 2 watching', 'No clock']);
    expect(second).toBeDefined();
    expect(linksIn(games)).toEqual([
      ['Watch', '/watch/7'],
      ['Watch', '/watch/9'],
    ]);
    screen.getAllByRole('link', { name: 'Watch alice vs bob' });
  });

  it('says when there is no game to watch', async () => {
    fakeApi({ ...SIGNED_IN, liveGames: { result: 'ok', games: [] } });
    openList();
    await screen.findByText(NO_LIVE_GAMES);
    screen.getByText(NO_LIVE_GAMES_HINT);
  });

  it('asks again every 10 s while shown', async () => {
    useFakeClock();
    let games: LiveGame[] = [];
    const api = fakeApi({ ...SIGNED_IN, liveGames: () => ({ result: 'ok', games }) });
    openList();
    await eventually(() => screen.getByText(NO_LIVE_GAMES));
    expect(api.callsOf('liveGames')).toHaveLength(1);
    games = [game(7)];
    await advance(LIVE_GAMES_REFRESH_MS - 1000);
    expect(api.callsOf('liveGames')).toHaveLength(1);
    await advance(1000);
    expect(api.callsOf('liveGames')).toHaveLength(2);
    await eventually(() => screen.getByRole('link', { name: 'Watch alice vs bob' }));
    await advance(LIVE_GAMES_REFRESH_MS);
    await settle();
    expect(api.callsOf('liveGames')).toHaveLength(3);
  });

  it('asks a guest to sign in, and asks the server nothing', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' } });
    openList();
    await screen.findByText(GUEST_WATCH);
    screen.getByRole('link', { name: 'Sign up' });
    screen.getByRole('link', { name: 'Log in' });
    expect(api.callsOf('liveGames')).toHaveLength(0);
  });
});
