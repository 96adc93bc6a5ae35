import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WatchView } from '../api/watching-api.ts';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { GUEST_WATCH } from './watch-sign-in.tsx';
import { CANNOT_WATCH, CANNOT_WATCH_TEXT, NO_GAME_TO_WATCH } from './watch-unavailable.tsx';
import { WatchGamePage } from './watch-game-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'carol' } } as const;

const watchView = (more: Partial<WatchView> = {}): WatchView => ({
  result: 'ok',
  gameId: 7,
  seq: 2,
  players: [
    {
      username: 'alice',
      rating: 1520,
      score: 95,
      guesses: 1,
      finished: false,
      won: false,
      forfeit: false,
      wordsLeft: 312,
    },
    {
      username: 'bob',
      rating: 1480,
      score: 100,
      guesses: 0,
      finished: false,
      won: false,
      forfeit: false,
      wordsLeft: 2315,
    },
  ],
  settled: false,
  watchers: 1,
  startedAt: '2026-11-28T12:00:00.000Z',
  said: [],
  ...more,
});

const { result: _result, said: _said, ...viewFields } = watchView();
/** The `watch:counts` after bob's first guess. */
const bobGuessed = {
  ...viewFields,
  seq: 3,
  players: [
    viewFields.players[0]!,
    { ...viewFields.players[1]!, score: 95, guesses: 1, wordsLeft: 80 },
  ],
};

function openWatch(handlers: FakeHandlers, path = '/watch/7') {
  const api = fakeApi({ ...SIGNED_IN, unwatchGame: { result: 'ok' }, ...handlers });
  const view = renderScreen(<WatchGamePage />, { path, route: '/watch/:gameId' });
  return { api, ...view };
}

const side = (name: string) => screen.getByTestId(`player-${name}`);
const scores = () => screen.getByRole('region', { name: 'Scores' });

describe('WatchGamePage', () => {
  it('shows each player: name, rating, score, guesses, words left; and how many watch', async () => {
    openWatch({
      watchGame: watchView({ deadline: '2099-01-01T00:00:00.000Z', timeControl: '3d' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'alice vs bob' });
    expect(side('alice').textContent).toBe('alice95Guesses: 1Rating 1520312 words left');
    expect(side('bob').textContent).toBe('bob100Guesses: 0Rating 14802315 words left');
    within(scores()).getByText('1 watching');
    within(scores()).getByText('Updating every 3 s');
    within(scores()).getByRole('timer');
    expect(screen.queryByText(/The word was/)).toBeNull();
  });

  it('follows the game live: counts, watchers and phrases from events, nothing asked', async () => {
    const { api, socket } = openWatch({ watchGame: watchView() });
    await screen.findByRole('heading', { level: 1, name: 'alice vs bob' });
    await goLive(socket);
    await within(scores()).findByText('Live');
    // Connecting asks again: that is what puts the new socket in the watch room.
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(2));
    await act(async () => {});

    act(() => socket.emit('watch:counts', bobGuessed));
    await waitFor(() => expect(side('bob').textContent).toContain('Guesses: 1'));
    within(side('bob')).getByText('80 words left');
    act(() => socket.emit('game:watchers', { gameId: 7, count: 3 }));
    await within(scores()).findByText('3 watching');
    act(() =>
      socket.emit('game:said', {
        gameId: 7,
        from: 'alice',
        phrase: 'good_luck',
        at: '2026-11-28T12:01:00.000Z',
        seq: 4,
      }),
    );
    await screen.findByText('Good luck!');
    expect(screen.getByRole('region', { name: 'Said' }).textContent).toContain('alice: Good luck!');
    // Another game's events change nothing; an older view neither.
    act(() => socket.emit('game:watchers', { gameId: 8, count: 9 }));
    act(() => socket.emit('watch:counts', { ...viewFields, seq: 1 }));
    await act(async () => {});
    within(scores()).getByText('3 watching');
    expect(side('bob').textContent).toContain('Guesses: 1');
    expect(api.callsOf('watchGame')).toHaveLength(2);

    // A reconnect asks again, and so joins the room again.
    act(() => socket.drop());
    await within(scores()).findByText('Updating every 3 s');
    act(() => socket.connect());
    await within(scores()).findByText('Live');
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(3));
  });

  it('asks again for the phrases of an answer an event overtook', async () => {
    let release: (view: WatchView) => void = () => {};
    let calls = 0;
    const { api, socket } = openWatch({
      watchGame: () => {
        calls += 1;
        return calls === 2 ? new Promise<WatchView>((resolve) => (release = resolve)) : watchView();
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'alice vs bob' });
    await goLive(socket);
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(2));
    // The event comes while the catch-up's answer is on its way: that answer is dropped.
    act(() => socket.emit('watch:counts', bobGuessed));
    await waitFor(() => expect(side('bob').textContent).toContain('Guesses: 1'));
    release(watchView({ seq: 6 }));
    await act(async () => {});
    act(() => socket.drop());
    act(() => socket.connect());
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(3));
    expect(api.callsOf('watchGame')[2]!.query).toEqual({ since: '2' });
  });

  it('polls every 3 s without the channel, for the phrases since the last answer, until settled', async () => {
    useFakeClock();
    let current = watchView({ said: [] });
    const { api } = openWatch({ watchGame: () => current });
    await eventually(() => screen.getByRole('heading', { level: 1, name: 'alice vs bob' }));
    expect(api.callsOf('watchGame')[0]!.query).toBeUndefined();
    current = watchView({
      seq: 4,
      said: [{ from: 'bob', phrase: 'have_fun', at: '2026-11-28T12:01:00.000Z', seq: 4 }],
    });
    await advance(3000);
    expect(api.callsOf('watchGame')).toHaveLength(2);
    expect(api.callsOf('watchGame')[1]!.query).toEqual({ since: '2' });
    await eventually(() => screen.getByText('Have fun!'));
    // The next answer brings no phrase: the one shown stays.
    current = watchView({ seq: 4, said: [] });
    await advance(3000);
    expect(api.callsOf('watchGame')[2]!.query).toEqual({ since: '4' });
    screen.getByText('Have fun!');

    const [alice, bob] = current.players;
    current = watchView({
      seq: 9,
      settled: true,
      target: 'crane',
      players: [
        {
          ...alice!,
          score: 90,
          guesses: 2,
          won: true,
          finished: true,
          wordsLeft: 1,
          guessList: [
            { word: 'crane', matches: 5 },
            { word: 'plumb', matches: 0 },
          ],
        },
        { ...bob!, finished: true, forfeit: true, guessList: [] },
      ],
    });
    await advance(3000);
    await eventually(() => screen.getByRole('img', { name: 'The word was CRANE' }));
    const calls = api.callsOf('watchGame').length;
    await advance(9000);
    expect(api.callsOf('watchGame')).toHaveLength(calls);
    // Settled: no live state any more, how each ended, both boards side by side.
    expect(within(scores()).queryByText('Updating every 3 s')).toBeNull();
    expect(side('alice').textContent).toContain('Guesses: 2 · solved it');
    expect(side('bob').textContent).toContain('Guesses: 0 · gave up');
    const aliceBoard = screen.getByRole('region', { name: 'alice' });
    expect(
      within(aliceBoard)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['crane5', 'plumb0']);
    within(screen.getByRole('region', { name: 'bob' })).getByText('No guesses');
    await settle();
  });

  it('sends a player of the game to their own game', async () => {
    openWatch({ userInfo: { result: 'ok', msg: 'Alice' }, watchGame: watchView() });
    await waitFor(() => expect(currentPath()).toBe('/game/7'));
  });

  it('says a game cannot be watched (403), or is not there (404)', async () => {
    openWatch({ watchGame: { status: 403, err: CANNOT_WATCH } });
    await screen.findByRole('heading', { level: 1, name: CANNOT_WATCH });
    screen.getByText(CANNOT_WATCH_TEXT);
    expect(screen.getByRole('link', { name: 'Back to Watch' }).getAttribute('href')).toBe('/watch');
  });

  it('takes the view away when a later answer refuses it, and asks no more', async () => {
    useFakeClock();
    let answer: WatchView | { status: number; err: string } = watchView();
    const { api } = openWatch({ watchGame: () => answer });
    await eventually(() => screen.getByRole('heading', { level: 1, name: 'alice vs bob' }));
    answer = { status: 403, err: CANNOT_WATCH };
    await advance(3000);
    await eventually(() => screen.getByRole('heading', { level: 1, name: CANNOT_WATCH }));
    const calls = api.callsOf('watchGame').length;
    await advance(9000);
    expect(api.callsOf('watchGame')).toHaveLength(calls);
  });

  it('asks again at once when the room closes: refused, it shows why; else it goes on', async () => {
    let answer: WatchView | { status: number; err: string } = watchView();
    const { api, socket } = openWatch({ watchGame: () => answer });
    await screen.findByRole('heading', { level: 1, name: 'alice vs bob' });
    await goLive(socket);
    await within(scores()).findByText('Live');
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(2));
    // Another game's room: nothing asked.
    act(() => socket.emit('watch:closed', { gameId: 8 }));
    await act(async () => {});
    expect(api.callsOf('watchGame')).toHaveLength(2);
    // This one's, still open to me (a block between others): asked, and the view stays.
    act(() => socket.emit('watch:closed', { gameId: 7 }));
    await waitFor(() => expect(api.callsOf('watchGame')).toHaveLength(3));
    screen.getByRole('heading', { level: 1, name: 'alice vs bob' });
    // Closed to me: the refusal replaces the view, without waiting for a poll.
    answer = { status: 403, err: CANNOT_WATCH };
    act(() => socket.emit('watch:closed', { gameId: 7 }));
    await screen.findByRole('heading', { level: 1, name: CANNOT_WATCH });
    screen.getByText(CANNOT_WATCH_TEXT);
  });

  it('says Game not found for a 404', async () => {
    openWatch({ watchGame: { status: 404, err: 'Game not found' } });
    await screen.findByRole('heading', { level: 1, name: 'Game not found' });
    screen.getByText(NO_GAME_TO_WATCH);
  });

  it('leaves the watch room when the page closes', async () => {
    const { api, unmount } = openWatch({ watchGame: watchView() });
    await screen.findByRole('heading', { level: 1, name: 'alice vs bob' });
    expect(api.callsOf('unwatchGame')).toHaveLength(0);
    unmount();
    await waitFor(() => expect(api.callsOf('unwatchGame')).toHaveLength(1));
    expect(api.callsOf('unwatchGame')[0]!.params).toEqual({ id: '7' });
  });

  it('asks a guest to sign in, and asks the server nothing', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<WatchGamePage />, { path: '/watch/7', route: '/watch/:gameId' });
    await screen.findByText(GUEST_WATCH);
    screen.getByRole('heading', { level: 1, name: 'Watch' });
    expect(api.callsOf('watchGame')).toHaveLength(0);
    expect(api.callsOf('unwatchGame')).toHaveLength(0);
  });
});
