import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { type FakeSide, fakeGameServer } from '@/test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';
import { WORD_REVEAL_TEXT } from './word-reveal.tsx';

const SIGNED_IN = {
  userInfo: { result: 'ok', msg: 'alice' },
  challengesList: { result: 'ok', challenges: [] },
} satisfies FakeHandlers;

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

/** A versus game on a fake clock set to NOW, with the time control and deadline given. */
function openClocked({
  timeControl = '5m',
  deadlineIn = 271_000,
  me,
  opponent,
  unrated,
}: {
  timeControl?: string;
  deadlineIn?: number;
  me?: Partial<FakeSide>;
  opponent?: Partial<FakeSide>;
  unrated?: boolean;
} = {}) {
  vi.setSystemTime(NOW);
  const server = fakeGameServer({
    versus: true,
    me,
    opponent,
    unrated,
    clock: { timeControl, deadline: at(deadlineIn) },
  });
  const api = fakeApi({ ...SIGNED_IN, ...server.handlers });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  return { server, api, ...view };
}

const scores = () => screen.getByRole('region', { name: 'Scores' });
const timer = () => within(scores()).getByRole('timer');
const one = (word: string) => ({ guesses: [{ word, matches: 1 }], score: 95 });

describe('GamePage, the game clock', () => {
  beforeEach(() => useFakeClock());

  it('counts a live game down by the second, with its time control', async () => {
    openClocked();
    await eventually(() => timer());
    expect(timer().textContent).toBe('4:31');
    within(scores()).getByText('· 5 minutes game');
    await advance(1000);
    expect(timer().textContent).toBe('4:30');
    await advance(60_000);
    expect(timer().textContent).toBe('3:30');
  });

  it('shows a correspondence game’s time left in days and hours', async () => {
    openClocked({ timeControl: '3d', deadlineIn: (2 * 24 + 5) * 3_600_000 + 120_000 });
    await eventually(() => timer());
    expect(timer().textContent).toBe('2 days 5 hours');
    within(scores()).getByText('· 3 days game');
  });

  it('keeps running while I wait for the opponent, and stops once the game is over', async () => {
    const { server, socket } = openClocked({ me: one('plumb') });
    await eventually(() => timer());
    act(() => socket.connect());
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.click(screen.getByRole('button', { name: 'Give up' }));
    // Giving up asks first.
    await eventually(() => screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await eventually(() => screen.getByText('Waiting for bob...'));
    expect(timer().textContent).toBe('4:31');
    act(() => socket.emit('game:counts', server.opponentPlays('crane')));
    await eventually(() => screen.getByRole('dialog', { name: 'You lost!!!' }));
    expect(within(scores()).queryByRole('timer')).toBeNull();
  });

  it('ends the game on game:ended: out of time, lost, the word and both lists shown', async () => {
    const { server, api, socket } = openClocked({ me: one('plumb'), opponent: one('fight') });
    await eventually(() => timer());
    act(() => socket.connect());
    await settle();
    const loads = api.callsOf('game').length;
    server.opponentPlays('crane');
    await advance(271_000);
    expect(timer().textContent).toBe('0:00');
    act(() => socket.emit('game:ended', server.clockEnds('out of time')));
    await eventually(() => screen.getByRole('dialog', { name: 'You lost!!!' }));
    expect(api.callsOf('game').length).toBe(loads + 1);
    const results = screen.getByRole('dialog', { name: 'You lost!!!' });
    within(results).getByRole('img', { name: 'The word was CRANE' });
    within(within(results).getByRole('region', { name: "alice's results" })).getByText(
      'out of time',
    );
    within(within(results).getByRole('region', { name: "bob's results" })).getByText('solved it');
    within(screen.getByTestId('me')).getByText(/out of time/);
  });

  it('fetches the board a little after the deadline when no event said the game ended', async () => {
    const { server, api, socket } = openClocked({ me: one('plumb'), opponent: one('fight') });
    await eventually(() => timer());
    // Live, so the board is not polled: only the deadline fetches it.
    act(() => socket.connect());
    await settle();
    server.clockEnds('out of time');
    const loads = api.callsOf('game').length;
    await advance(271_000);
    expect(api.callsOf('game').length).toBe(loads);
    await advance(2_000);
    // Both out of time: both lose, as two forfeits do.
    await eventually(() => screen.getByRole('dialog', { name: 'You lost!!!' }));
    expect(api.callsOf('game').length).toBe(loads + 1);
  });

  it('says who did not start an aborted game, in place and in the results', async () => {
    const { server, socket } = openClocked({ me: one('plumb') });
    await eventually(() => timer());
    act(() => socket.connect());
    await settle();
    act(() => socket.emit('game:ended', server.clockEnds('aborted')));
    const text = 'Game aborted: bob did not start';
    await eventually(() => screen.getByRole('dialog', { name: text }));
    const results = screen.getByRole('dialog', { name: text });
    within(within(results).getByRole('region', { name: "bob's results" })).getByText(
      'did not start',
    );
    fireEvent.click(within(results).getByRole('button', { name: 'Close' }));
    await settle();
    expect(
      screen.getAllByText(text).filter((node) => !node.closest('.visually-hidden')),
    ).toHaveLength(1);
    // Nothing counted: it no longer says it is rated or not, nor shows a clock.
    expect(within(scores()).queryByRole('timer')).toBeNull();
  });

  it("says 'Unrated' before a game that does not count for ratings, and nothing otherwise", async () => {
    openClocked({ unrated: true });
    await eventually(() => timer());
    within(scores()).getByText('Unrated');
  });

  it('says nothing of ratings in a rated game', async () => {
    openClocked();
    await eventually(() => timer());
    expect(within(scores()).queryByText('Unrated')).toBeNull();
  });
});

describe('GamePage, a daily lost before its day ended', () => {
  it('says when the word is revealed, counts down, and shows it at midnight UTC', async () => {
    useFakeClock();
    vi.setSystemTime(NOW);
    const midnight = '2026-11-28T00:00:00.000Z';
    const server = fakeGameServer({ me: { guesses: [{ word: 'plumb', matches: 0 }] } });
    server.play('giveup');
    const api = fakeApi({
      ...SIGNED_IN,
      ...server.handlers,
      game: () => {
        const { target, ...board } = server.detail();
        const revealed = Date.now() >= Date.parse(midnight);
        return { ...board, daily: true, deadline: midnight, ...(revealed ? { target } : {}) };
      },
    });
    renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
    const results = () => screen.getByRole('dialog', { name: 'You lost!!!' });
    await eventually(() => results());
    within(results()).getByText(WORD_REVEAL_TEXT);
    expect(within(results()).getByRole('timer').textContent).toBe('12:00:00');
    expect(within(results()).queryByRole('img', { name: /The word was/ })).toBeNull();
    const loads = api.callsOf('game').length;
    await advance(12 * 3_600_000 + 2_000);
    await eventually(() => within(results()).getByRole('img', { name: 'The word was CRANE' }));
    expect(api.callsOf('game').length).toBe(loads + 1);
    expect(screen.queryByText(WORD_REVEAL_TEXT)).toBeNull();
  });
});
