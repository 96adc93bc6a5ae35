import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { type FakeSide, fakeGameServer } from '@/test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, goLive, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';
import { OFFLINE_NOT_SENT } from './guess-form.tsx';
import { VERSUS_EXPLAINED } from './scores-box.tsx';

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
    within(opponent()).getByText('bob');
    within(opponent()).getByText(String(score));
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

const guessInput = () => screen.getByLabelText<HTMLInputElement>('Your guess');

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
    await screen.findByRole('heading', { name: 'Scores' });
    await opponentShows(1, 95);
    within(scores()).getByText('alice');
    within(scores()).getByText('100');
    screen.getByText('Make a Guess');
  });

  it("says at the start that both race on one secret, until my first guess, and marks my side 'you'", async () => {
    openVersus();
    await screen.findByRole('heading', { name: 'Scores' });
    within(scores()).getByText(VERSUS_EXPLAINED);
    expect(within(screen.getByTestId('me')).getByText('you').previousSibling?.textContent).toBe(
      'alice',
    );
    expect(within(opponent()).queryByText('you')).toBeNull();
    await guess('plumb');
    await waitFor(() => expect(within(scores()).queryByText(VERSUS_EXPLAINED)).toBeNull());
  });

  describe('live', () => {
    it("says 'Live' and takes the opponent's moves from game:counts without a request", async () => {
      const { server, api, socket } = openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      await within(scores()).findByText('Live');
      await waitFor(() => expect(countsCalls(api)).toBeGreaterThan(0));
      await act(async () => {});
      const before = countsCalls(api);

      act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
      await opponentShows(1, 95);
      act(() => socket.emit('game:counts', server.opponentPlays('react')));
      await opponentShows(2, 90);
      expect(countsCalls(api)).toBe(before);
      // The opponent's progress is announced.
      screen.getByText('bob: 2 guesses, 90 points');
    });

    it("polls nothing while live (and the indicator says 'Live')", async () => {
      useFakeClock();
      const { server, api, socket } = openVersus();
      await eventually(() => expect(socket.attached).toBe(true));
      act(() => socket.connect());
      await eventually(() => within(scores()).getByText('Live'));
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
      await eventually(() => within(scores()).getByText('Live'));
      await settle();
      const live = countsCalls(api);
      await advance(9000);
      expect(countsCalls(api)).toBe(live);

      act(() => socket.drop());
      await eventually(() => within(scores()).getByText('Updating every 3 s'));
      server.opponentPlays('plumb');
      await advance(3000);
      expect(countsCalls(api)).toBe(live + 1);
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 1'));

      server.opponentPlays('react');
      act(() => socket.connect());
      await eventually(() => within(scores()).getByText('Live'));
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 2'));
      within(opponent()).getByText('90');
      expect(countsCalls(api)).toBe(live + 2);
      await advance(9000);
      expect(countsCalls(api)).toBe(live + 2);
    });
  });

  describe('offline', () => {
    const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
    const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));
    afterEach(goOnline);

    it("says 'Offline'; a guess stays in the input, is said not sent, and is never sent by itself", async () => {
      const { api, socket } = await openVersusLive();
      goOffline();
      await within(scores()).findByText('Offline');
      expect(within(scores()).queryByText('Live')).toBeNull();
      expect(within(scores()).queryByText('Updating every 3 s')).toBeNull();

      await guess('react');
      expect(guessInput().value).toBe('react');
      screen.getByText(OFFLINE_NOT_SENT);
      expect(guessInput().getAttribute('aria-describedby')).toBe(
        screen.getByText(OFFLINE_NOT_SENT).id,
      );
      expect(alertText()).toBeNull();
      await act(async () => {});
      expect(api.callsOf('play')).toHaveLength(0);

      // Back online: the indicator says how news comes again, and nothing was sent behind the
      // player's back; the guess waits in the input, and Guess! sends it.
      goOnline();
      await within(scores()).findByText('Live');
      expect(screen.queryByText(OFFLINE_NOT_SENT)).toBeNull();
      await act(async () => {});
      expect(api.callsOf('play')).toHaveLength(0);
      expect(guessInput().value).toBe('react');
      fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
      await screen.findByRole('img', { name: 'Last guess: REACT' });
      expect(api.callsOf('play')).toHaveLength(1);
      expect(socket.disconnected).toBe(false);
    });

    it("says 'Updating every 3 s' again, not 'Offline', once back online without the channel", async () => {
      openVersus();
      await screen.findByRole('heading', { name: 'Scores' });
      await within(scores()).findByText('Updating every 3 s');
      goOffline();
      await within(scores()).findByText('Offline');
      goOnline();
      await within(scores()).findByText('Updating every 3 s');
    });

    it("says 'Offline' after a call that got no answer, until one gets an answer", async () => {
      useFakeClock();
      let reachable = true;
      const { server, api } = openVersus();
      const answered = api.fetchMock.getMockImplementation()!;
      api.fetchMock.mockImplementation(async (input, init) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return answered(input, init);
      });
      await eventually(() => within(scores()).getByText('Updating every 3 s'));
      reachable = false;
      await advance(3000);
      await eventually(() => within(scores()).getByText('Offline'));
      reachable = true;
      server.opponentPlays('plumb');
      await advance(3000);
      await eventually(() => within(scores()).getByText('Updating every 3 s'));
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 1'));
    });
  });

  describe('without the real-time channel', () => {
    it("polls the counts every 3000 ms and says 'Updating every 3 s'", async () => {
      useFakeClock();
      const { server, api } = openVersus();
      await eventually(() => within(scores()).getByText('Updating every 3 s'));
      expect(screen.queryByText('Live')).toBeNull();
      await settle();
      expect(countsCalls(api)).toBe(1);

      await advance(2999);
      expect(countsCalls(api)).toBe(1);
      server.opponentPlays('plumb');
      await advance(1);
      expect(countsCalls(api)).toBe(2);
      await eventually(() => expect(opponent().textContent).toContain('Guesses: 1'));
      within(opponent()).getByText('95');
      await advance(3000);
      expect(countsCalls(api)).toBe(3);
      await advance(3000);
      expect(countsCalls(api)).toBe(4);
    });

    it('stops polling once the opponent has finished', async () => {
      useFakeClock();
      const { server, api } = openVersus();
      await eventually(() => screen.getByText('Updating every 3 s'));
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
      await eventually(() => screen.getByRole('heading', { name: 'Scores' }));
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
      await within(scores()).findByText('Waiting...');
      // Said once on screen (and once to screen readers, by the live region), not twice.
      expect(
        screen.getAllByText('Waiting...').filter((node) => !node.closest('.visually-hidden')),
      ).toHaveLength(1);
      // My side says how my game ended, as the opponent's does.
      within(screen.getByTestId('me')).getByText(/solved it/);
      // Where my last guess was: whom I wait for. The word waits too: the opponent still races
      // on it (a second account of theirs could give up to learn it).
      screen.getByText('Waiting for bob...');
      expect(screen.queryByRole('img', { name: /The word was/ })).toBeNull();
      // So does the analysis, which shows it: not even asked for.
      await screen.findByText(
        'The analysis comes with the word, once the game is over for both players.',
      );
      expect(api.callsOf('analysis')).toHaveLength(0);
      expect(screen.queryByLabelText('Your guess')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      const loads = api.callsOf('game').length;

      act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
      act(() => socket.emit('game:counts', server.opponentPlays('giveup')));
      const results = await screen.findByRole('dialog', { name: 'You won!!!' });
      // The final board (the opponent's words) was fetched once both were done.
      expect(api.callsOf('game').length).toBeGreaterThan(loads);
      expect(screen.queryByText('Waiting...')).toBeNull();
      within(results).getByText('Good job!');
      // With the final board, fetched as both are done.
      await within(results).findByRole('img', { name: 'The word was CRANE' });
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
      within(mine).getByText('100');
      within(theirs).getByText('95');
      within(mine).getByText('solved it');
      within(theirs).getByText('gave up');
      within(results).getByRole('button', { name: 'Rematch!' });
      expect(within(results).queryByRole('button', { name: 'Play again!' })).toBeNull();
    });

    it('shows the ratings the game left when the opponent gives up after I have finished', async () => {
      const server = fakeGameServer({
        versus: true,
        target: 'crane',
        enemyName: 'bob',
        rated: { me: 1500, opponent: 1620 },
      });
      fakeApi({ ...SIGNED_IN, ...server.handlers });
      const { socket } = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
      await screen.findByRole('heading', { name: 'Scores' });
      await goLive(socket);
      await guess('crane');
      await within(scores()).findByText('Waiting...');
      // The opponent's list is already whole (no guesses) and the event settles the outcome:
      // only the board fetched again has the ratings the settlement left.
      act(() => socket.emit('game:counts', server.opponentPlays('giveup')));
      const results = await screen.findByRole('dialog', { name: 'You won!!!' });
      const mine = within(results).getByRole('region', { name: "alice's results" });
      await waitFor(() =>
        expect(mine.querySelector('[data-rating]')?.textContent).toBe('Rating 1512 (+12)'),
      );
    });

    it("offers 'Rematch!' on the page once the results are closed, and no input, alphabet or Options", async () => {
      const { api } = openVersus(
        {
          me: { guesses: [{ word: 'plumb', matches: 0 }], score: 95, forfeit: true },
          opponent: { guesses: [{ word: 'crane', matches: 5 }], won: true },
        },
        { newChallenge: { result: 'ok', challengeId: 31, message: 'Challenge sent!' } },
      );
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      expect(screen.getAllByRole('button', { name: 'Rematch!' })).toHaveLength(1);
      fireEvent.click(within(results).getByRole('button', { name: 'Close' }));
      screen.getByRole('img', { name: 'The word was CRANE' });
      expect(screen.queryByLabelText('Your guess')).toBeNull();
      expect(screen.queryByRole('toolbar', { name: 'Alphabet' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Options' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reset Board' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Rematch!' }));
      await screen.findByRole('button', { name: 'Challenge Sent!' });
      expect(api.callsOf('newChallenge').map((call) => call.body)).toEqual([{ username: 'bob' }]);
    });

    it('keeps the alphabet and Options away while I wait for the opponent', async () => {
      openVersus({ me: { guesses: [{ word: 'plumb', matches: 0 }], score: 95, forfeit: true } });
      await screen.findByText('Waiting...', { selector: 'p:not(.visually-hidden)' });
      expect(screen.queryByLabelText('Your guess')).toBeNull();
      expect(screen.queryByRole('toolbar', { name: 'Alphabet' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Options' })).toBeNull();
      screen.getByRole('list', { name: 'Your guesses' });
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

    it('gives the reason under the title: the winner first, how each ended', async () => {
      openVersus({
        me: { guesses: [{ word: 'plumb', matches: 0 }], score: 95, forfeit: true },
        opponent: { guesses: [{ word: 'crane', matches: 5 }], won: true },
      });
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      within(results).getByText('bob solved in 1; you gave up after 1');
    });
  });
});
