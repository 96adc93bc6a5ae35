import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { MATCH_ERRORS } from '@jotto/shared/match-schemas';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { startComputerGame } from '@/features/computer-opponent/api/bot-api.ts';
import { SEARCH_STOPPED, UNRATED_GAME } from '../hooks/use-play-now.ts';
import { formatElapsed, PlayNow } from './play-now.tsx';

type Status = EndpointResponse<'matchStatus'>;
const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const WAITING = { result: 'ok', status: 'waiting' } as const;

function open(handlers: FakeHandlers, guest = false) {
  // Leaving the queue when a test ends while waiting is expected of the screen.
  const api = fakeApi({ ...SIGNED_IN, matchCancel: { result: 'ok' }, ...handlers });
  const view = renderScreen(<PlayNow guest={guest} />, { path: '/home' });
  return { api, ...view };
}

const playNowButton = () => screen.getByRole('button', { name: 'Play now' });
const panel = () => screen.queryByRole('dialog', { name: 'Finding an opponent' });
const shownPanel = () => screen.getByRole('dialog', { name: 'Finding an opponent' });

describe('formatElapsed', () => {
  it('shows minutes and seconds, two digits each', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(999)).toBe('00:00');
    expect(formatElapsed(65_000)).toBe('01:05');
    expect(formatElapsed(600_000)).toBe('10:00');
  });
});

describe('PlayNow', () => {
  it('greys the button out for a guest, and says why without asking the server', async () => {
    const { api } = open({}, true);
    expect(playNowButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(playNowButton());
    await waitFor(() => expect(alertText()).toBe('You must be logged in to play Versus mode'));
    expect(api.callsOf('matchSeek')).toHaveLength(0);
  });

  it('opens the game at once when the seek is paired at once', async () => {
    const { api } = open({ matchSeek: { result: 'ok', status: 'paired', gameId: 7, rated: true } });
    fireEvent.click(playNowButton());
    await waitFor(() => expect(currentPath()).toBe('/game/7'));
    expect(api.callsOf('matchSeek')).toHaveLength(1);
    expect(panel()).toBeNull();
    expect(alertText()).toBeNull();
  });

  it('says the game is unrated as it opens one the seek paired unrated at once', async () => {
    open({ matchSeek: { result: 'ok', status: 'paired', gameId: 7, rated: false } });
    fireEvent.click(playNowButton());
    await waitFor(() => expect(currentPath()).toBe('/game/7'));
    expect(alertText()).toBe('Unrated game: you two have played 3 rated games today.');
  });

  it('sends one seek for a double click, and shows the panel with the clock and Cancel', async () => {
    let answer = () => {};
    const { api } = open({
      matchSeek: () =>
        new Promise((resolve) => {
          answer = () => resolve(WAITING);
        }),
      matchStatus: WAITING,
    });
    fireEvent.click(playNowButton());
    fireEvent.click(playNowButton());
    expect(playNowButton().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(api.callsOf('matchSeek')).toHaveLength(1));
    await act(async () => answer());
    const shown = await screen.findByRole('dialog', { name: 'Finding an opponent' });
    expect(within(shown).getByRole('timer').textContent).toBe('00:00');
    expect(within(shown).getByRole('timer').className).toMatch(/numeric/);
    within(shown).getByText('Looking for a player near your rating...');
    expect(document.activeElement).toBe(within(shown).getByRole('button', { name: 'Cancel' }));
    expect(api.callsOf('matchSeek')).toHaveLength(1);
  });

  it('goes to the game on match:found, asking nothing while live', async () => {
    const { api, socket } = open({ matchSeek: WAITING, matchStatus: WAITING });
    await goLive(socket);
    fireEvent.click(playNowButton());
    await screen.findByRole('dialog', { name: 'Finding an opponent' });
    act(() => socket.emit('match:found', { gameId: 12, opponent: 'bob', rated: true }));
    await waitFor(() => expect(currentPath()).toBe('/game/12'));
    expect(api.callsOf('matchStatus')).toHaveLength(0);
    expect(api.callsOf('matchCancel')).toHaveLength(0);
    expect(alertText()).toBeNull();
  });

  it('says the game is unrated when match:found says so', async () => {
    const { socket } = open({ matchSeek: WAITING, matchStatus: WAITING });
    await goLive(socket);
    fireEvent.click(playNowButton());
    await screen.findByRole('dialog', { name: 'Finding an opponent' });
    act(() => socket.emit('match:found', { gameId: 12, opponent: 'bob', rated: false }));
    await waitFor(() => expect(currentPath()).toBe('/game/12'));
    expect(alertText()).toBe(UNRATED_GAME);
    expect(panel()).toBeNull();
  });

  it('says the game is unrated when the polled status pairs it unrated', async () => {
    let status: Status = WAITING;
    const { api } = open({ matchSeek: WAITING, matchStatus: () => status });
    status = { result: 'ok', status: 'paired', gameId: 21, rated: false };
    fireEvent.click(playNowButton());
    await waitFor(() => expect(currentPath()).toBe('/game/21'));
    expect(api.callsOf('matchStatus')).toHaveLength(1);
    expect(alertText()).toBe(UNRATED_GAME);
  });

  it('without the real-time channel, polls the status every 3 s and goes to the game it names', async () => {
    useFakeClock();
    let status: Status = WAITING;
    const { api } = open({ matchSeek: WAITING, matchStatus: () => status });
    await settle();
    fireEvent.click(playNowButton());
    await eventually(() => shownPanel());
    await eventually(() => expect(api.callsOf('matchStatus')).toHaveLength(1));
    await advance(3000);
    expect(api.callsOf('matchStatus')).toHaveLength(2);
    status = { result: 'ok', status: 'paired', gameId: 21 };
    await advance(2999);
    expect(currentPath()).toBe('/home');
    await advance(1);
    await eventually(() => expect(currentPath()).toBe('/game/21'));
    expect(api.callsOf('matchStatus')).toHaveLength(3);
    // Nothing is asked once the game is found.
    await advance(9000);
    expect(api.callsOf('matchStatus')).toHaveLength(3);
    expect(api.callsOf('matchCancel')).toHaveLength(0);
  });

  it('counts the time waited, widens what it looks for at 10 s, and offers another game at 20 s', async () => {
    useFakeClock();
    open({ matchSeek: WAITING, matchStatus: WAITING });
    await settle();
    fireEvent.click(playNowButton());
    await eventually(() => shownPanel());
    await advance(5_000);
    expect(within(shownPanel()).getByRole('timer').textContent).toBe('00:05');
    await advance(5_000);
    within(shownPanel()).getByText('Looking for any player...');
    expect(within(shownPanel()).queryByText('Nobody yet. You can keep waiting, or:')).toBeNull();
    await advance(9_999);
    expect(within(shownPanel()).queryByText('Nobody yet. You can keep waiting, or:')).toBeNull();
    await advance(1);
    expect(within(shownPanel()).getByRole('timer').textContent).toBe('00:20');
    within(shownPanel()).getByText('Nobody yet. You can keep waiting, or:');
    await advance(45_000);
    expect(within(shownPanel()).getByRole('timer').textContent).toBe('01:05');
  });

  // The offer at 20 s is a game against the computer where the app has one (see
  // features/computer-opponent/api/bot-api.ts), a solo game otherwise; this checks the one this
  // build has.
  it(
    startComputerGame
      ? "at 20 s, 'Play the computer' leaves the queue and opens an easy game against it"
      : "at 20 s, 'Play solo instead' leads to a new solo game",
    async () => {
      useFakeClock();
      const { api } = open({
        matchSeek: WAITING,
        matchStatus: WAITING,
        botGame: { result: 'ok', gameId: 31 },
      });
      await settle();
      fireEvent.click(playNowButton());
      await eventually(() => shownPanel());
      await advance(20_000);
      if (!startComputerGame) {
        const solo = within(shownPanel()).getByRole('link', { name: 'Play solo instead' });
        expect(solo.getAttribute('href')).toBe('/game');
        return;
      }
      const computer = within(shownPanel()).getByRole('button', { name: 'Play the computer' });
      fireEvent.click(computer);
      fireEvent.click(computer);
      await eventually(() => expect(currentPath()).toBe('/game/31'));
      expect(api.callsOf('matchCancel')).toHaveLength(1);
      expect(api.callsOf('botGame').map((call) => call.body)).toEqual([{ level: 'easy' }]);
    },
  );

  it('Cancel leaves the queue once, however often pressed, and closes the panel', async () => {
    let answer = () => {};
    const { api } = open({
      matchSeek: WAITING,
      matchStatus: WAITING,
      matchCancel: () =>
        new Promise((resolve) => {
          answer = () => resolve({ result: 'ok' });
        }),
    });
    fireEvent.click(playNowButton());
    const shown = await screen.findByRole('dialog', { name: 'Finding an opponent' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Cancel' }));
    const busy = within(shown).getByRole('button', { name: 'Cancelling...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    await waitFor(() => expect(api.callsOf('matchCancel')).toHaveLength(1));
    await act(async () => answer());
    await waitFor(() => expect(panel()).toBeNull());
    expect(api.callsOf('matchCancel')).toHaveLength(1);
    expect(currentPath()).toBe('/home');
  });

  it('Escape cancels as the button does', async () => {
    const { api } = open({
      matchSeek: WAITING,
      matchStatus: WAITING,
      matchCancel: { result: 'ok' },
    });
    fireEvent.click(playNowButton());
    const shown = await screen.findByRole('dialog', { name: 'Finding an opponent' });
    fireEvent(shown, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(panel()).toBeNull());
    expect(api.callsOf('matchCancel')).toHaveLength(1);
  });

  it('leaves the queue when the screen goes away while waiting', async () => {
    const { api, unmount } = open({
      matchSeek: WAITING,
      matchStatus: WAITING,
      matchCancel: { result: 'ok' },
    });
    fireEvent.click(playNowButton());
    await screen.findByRole('dialog', { name: 'Finding an opponent' });
    unmount();
    await waitFor(() => expect(api.callsOf('matchCancel')).toHaveLength(1));
  });

  it('says so and closes when the server no longer has the seek', async () => {
    const { api } = open({ matchSeek: WAITING, matchStatus: { result: 'ok', status: 'idle' } });
    fireEvent.click(playNowButton());
    await waitFor(() => expect(api.callsOf('matchStatus')).toHaveLength(1));
    await waitFor(() => expect(alertText()).toBe(SEARCH_STOPPED));
    expect(panel()).toBeNull();
  });

  it('alerts the wait the server asks for after an aborted game (429), and opens no panel', async () => {
    const cooldown = MATCH_ERRORS.cooldown(42);
    const { api } = open({ matchSeek: { status: 429, err: cooldown } });
    fireEvent.click(playNowButton());
    await waitFor(() =>
      expect(alertText()).toBe(
        'Your last game was aborted because you did not start it. You can play again in 42 seconds.',
      ),
    );
    expect(panel()).toBeNull();
    expect(api.callsOf('matchStatus')).toHaveLength(0);
    // The button works again: the player may try once the wait is over.
    expect(playNowButton().getAttribute('aria-busy')).not.toBe('true');
  });

  it("alerts the server's sentence when the seek is refused", async () => {
    open({ matchSeek: { status: 401, err: 'You must be logged in to do that' } });
    fireEvent.click(playNowButton());
    await waitFor(() => expect(alertText()).toBe('You must be logged in to do that'));
    expect(panel()).toBeNull();
  });
});
