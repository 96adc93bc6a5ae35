import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandlers, fakeApi } from '../../../test/fake-api.ts';
import { type FakeSide, fakeGameServer } from '../../../test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '../../../test/fake-clock.ts';
import { goLive, renderScreen } from '../../../test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

const SIGNED_IN = {
  userInfo: { result: 'ok', msg: 'alice' },
  challengesList: { result: 'ok', challenges: [] },
} satisfies FakeHandlers;

function openVersus(
  sides: { me?: Partial<FakeSide>; opponent?: Partial<FakeSide> } = {},
  extra: FakeHandlers = {},
) {
  const server = fakeGameServer({ versus: true, target: 'crane', enemyName: 'bob', ...sides });
  const api = fakeApi({ ...SIGNED_IN, ...server.handlers, ...extra });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  return { server, api, ...view };
}

const scores = () => screen.getByRole('region', { name: 'Scores' });
const opponent = () => screen.getByTestId('opponent');
const opponentShows = (guesses: number, score: number) =>
  waitFor(() => {
    expect(within(opponent()).getByText('bob')).toBeTruthy();
    expect(within(opponent()).getByText(String(score))).toBeTruthy();
    expect(opponent().textContent).toContain(`Guesses: ${guesses}`);
  });
const countsCalls = (api: ReturnType<typeof fakeApi>) => api.callsOf('counts').length;

/**
 * A versus game whose channel is live and whose catch-up fetch on connecting is done;
 * `before`: the counts fetches so far.
 */
async function openVersusLive() {
  const opened = openVersus();
  await screen.findByRole('heading', { name: 'Scores' });
  await goLive(opened.socket);
  await within(scores()).findByText('Live');
  await waitFor(() => expect(countsCalls(opened.api)).toBeGreaterThan(0));
  await act(async () => {});
  return { ...opened, before: countsCalls(opened.api) };
}

async function guess(word: string) {
  fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GamePage, versus', () => {
  it("shows 'Scores' with me and the opponent: name, score and guess count", async () => {
    openVersus({ opponent: { guesses: [{ word: 'plumb', matches: 0 }], score: 95 } });
    expect(await screen.findByRole('heading', { name: 'Scores' })).toBeTruthy();
    await opponentShows(1, 95);
    expect(within(scores()).getByText('alice')).toBeTruthy();
    expect(within(scores()).getByText('100')).toBeTruthy();
    expect(screen.getByText('Make a Guess')).toBeTruthy();
  });

  describe('live', () => {
    it("says 'Live' and takes the opponent's moves from game:counts without a request", async () => {
      const { server, api, socket } = openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      expect(await within(scores()).findByText('Live')).toBeTruthy();
      await waitFor(() => expect(countsCalls(api)).toBeGreaterThan(0));
      await act(async () => {});
      const before = countsCalls(api);

      act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
      await opponentShows(1, 95);
      act(() => socket.emit('game:counts', server.opponentPlays('react')));
      await opponentShows(2, 90);
      expect(countsCalls(api)).toBe(before);
      // The opponent's progress is announced.
      expect(screen.getByText('bob: 2 guesses, 90 points')).toBeTruthy();
    });

    it("polls nothing while live (and the indicator says 'Live')", async () => {
      useFakeClock();
      const { server, api, socket } = openVersus();
      await eventually(() => expect(socket.attached).toBe(true));
      act(() => socket.connect());
      await eventually(() => expect(within(scores()).getByText('Live')).toBeTruthy());
      expect(screen.queryByText('Updating every 3 s')).toBeNull();
      await settle();
      const before = countsCalls(api);
      server.opponentPlays('plumb');
      await advance(30_000);
      expect(countsCalls(api)).toBe(before);
      expect(opponent().textContent).toContain('Guesses: 0');
    });

    it('ignores events of another game', async () => {
      const { server, socket } = openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      act(() => socket.emit('game:counts', { ...server.opponentPlays('plumb'), gameId: 99 }));
      await act(async () => {});
      expect(opponent().textContent).toContain('Guesses: 0');
    });

    it('fetches the counts once when an event is missing from the sequence', async () => {
      const { server, api, socket, before } = await openVersusLive();

      server.opponentPlays('plumb'); // this event is lost
      server.opponentPlays('react');
      act(() => socket.emit('game:counts', server.opponentPlays('tiger')));
      await opponentShows(3, 85);
      await waitFor(() => expect(countsCalls(api)).toBe(before + 1));
      // The next event follows on: no further fetch.
      act(() => socket.emit('game:counts', server.opponentPlays('sheep')));
      await opponentShows(4, 80);
      await act(async () => {});
      expect(countsCalls(api)).toBe(before + 1);
    });

    it("takes my own guesses' numbers for no gap", async () => {
      const { server, api, socket, before } = await openVersusLive();

      act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
      await guess('react');
      await screen.findByRole('img', { name: 'Last guess: REACT' });
      act(() => socket.emit('game:counts', server.opponentPlays('tiger')));
      await opponentShows(2, 90);
      await act(async () => {});
      expect(countsCalls(api)).toBe(before);
    });

    it("shows the opponent's score even when my answer mentioned their guess first", async () => {
      const { server, socket } = openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      // The opponent guesses; my guess is answered before their event reaches me.
      const late = server.opponentPlays('plumb');
      await guess('react');
      await screen.findByRole('img', { name: 'Last guess: REACT' });
      act(() => socket.emit('game:counts', late));
      await opponentShows(1, 95);
    });

    it('catches up with one fetch when the channel comes back, polling meanwhile', async () => {
      useFakeClock();
      const { server, api, socket } = openVersus();
      await eventually(() => expect(socket.attached).toBe(true));
      act(() => socket.connect());
      await eventually(() => expect(within(scores()).getByText('Live')).toBeTruthy());
      await settle();
      const live = countsCalls(api);
      await advance(9000);
      expect(countsCalls(api)).toBe(live);

      act(() => socket.drop());
      await eventually(() => expect(within(scores()).getByText('Updating every 3 s')).toBeTruthy());
      server.opponentPlays('plumb');
      await advance(3000);
      expect(countsCalls(api)).toBe(live + 1);
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 1'));

      server.opponentPlays('react');
      act(() => socket.connect());
      await eventually(() => expect(within(scores()).getByText('Live')).toBeTruthy());
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 2'));
      expect(within(opponent()).getByText('90')).toBeTruthy();
      expect(countsCalls(api)).toBe(live + 2);
      await advance(9000);
      expect(countsCalls(api)).toBe(live + 2);
    });
  });

  describe('without the real-time channel', () => {
    it("polls the counts every 3000 ms and says 'Updating every 3 s'", async () => {
      useFakeClock();
      const { server, api } = openVersus();
      await eventually(() => expect(within(scores()).getByText('Updating every 3 s')).toBeTruthy());
      expect(screen.queryByText('Live')).toBeNull();
      await settle();
      expect(countsCalls(api)).toBe(1);

      await advance(2999);
      expect(countsCalls(api)).toBe(1);
      server.opponentPlays('plumb');
      await advance(1);
      expect(countsCalls(api)).toBe(2);
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 1'));
      expect(within(opponent()).getByText('95')).toBeTruthy();
      await advance(3000);
      expect(countsCalls(api)).toBe(3);
      await advance(3000);
      expect(countsCalls(api)).toBe(4);
    });

    it('stops polling once the opponent has finished', async () => {
      useFakeClock();
      const { server, api } = openVersus();
      await eventually(() => expect(screen.getByText('Updating every 3 s')).toBeTruthy());
      await settle();
      expect(countsCalls(api)).toBe(1);
      server.opponentPlays('crane');
      await advance(3000);
      expect(countsCalls(api)).toBe(2);
      await eventually(() => expect(opponent().textContent).toContain('solved it'));
      await advance(12_000);
      expect(countsCalls(api)).toBe(2);
      // Nothing more comes from the opponent, so no indicator either.
      expect(screen.queryByText('Updating every 3 s')).toBeNull();
      expect(screen.queryByText('Live')).toBeNull();
    });

    it('does not poll a game whose opponent had already finished', async () => {
      useFakeClock();
      const { api } = openVersus({ opponent: { forfeit: true } });
      await eventually(() => expect(screen.getByRole('heading', { name: 'Scores' })).toBeTruthy());
      await advance(9000);
      expect(countsCalls(api)).toBe(0);
    });
  });

  describe('the end', () => {
    it("shows 'Waiting...' when I am done and the opponent is not, then both lists when they are", async () => {
      const { server, api, socket } = openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      await guess('crane');
      expect(await within(scores()).findByText('Waiting...')).toBeTruthy();
      // Said once on screen (and once to screen readers, by the live region), not twice.
      expect(
        screen.getAllByText('Waiting...').filter((node) => !node.closest('.visually-hidden')),
      ).toHaveLength(1);
      // My side says how my game ended, as the opponent's does.
      expect(within(screen.getByTestId('me')).getByText(/solved it/)).toBeTruthy();
      expect(screen.queryByLabelText('Your guess')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      const loads = api.callsOf('game').length;

      act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
      act(() => socket.emit('game:counts', server.opponentPlays('giveup')));
      const results = await screen.findByRole('dialog', { name: 'You won!!!' });
      // The final board (the opponent's words) was fetched once both were done.
      expect(api.callsOf('game').length).toBeGreaterThan(loads);
      expect(screen.queryByText('Waiting...')).toBeNull();
      expect(within(results).getByText('Good job!')).toBeTruthy();
      expect(within(results).getByRole('img', { name: 'The word was CRANE' })).toBeTruthy();
      const mine = within(results).getByRole('region', { name: "alice's results" });
      const theirs = await within(results).findByRole('region', { name: "bob's results" });
      expect(
        within(mine)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['crane 5']);
      await waitFor(() =>
        expect(
          within(theirs)
            .getAllByRole('listitem')
            .map((row) => row.textContent),
        ).toEqual(['plumb 0']),
      );
      expect(within(mine).getByText('100')).toBeTruthy();
      expect(within(theirs).getByText('95')).toBeTruthy();
      expect(within(mine).getByText('solved it')).toBeTruthy();
      expect(within(theirs).getByText('gave up')).toBeTruthy();
      expect(within(results).getByRole('button', { name: 'Rematch!' })).toBeTruthy();
      expect(within(results).queryByRole('button', { name: 'Play again!' })).toBeNull();
    });

    it("says 'You lost!!!' when the opponent solved it with a better score", async () => {
      openVersus({
        me: { guesses: [{ word: 'plumb', matches: 0 }], score: 95, forfeit: true },
        opponent: { guesses: [{ word: 'crane', matches: 5 }], won: true },
      });
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      expect(within(results).queryByText('Good job!')).toBeNull();
      expect(within(results).getByRole('region', { name: "bob's results" }).textContent).toContain(
        'crane',
      );
    });
  });
});
