import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeHandlers, fakeApi, requestUrl } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';
import { GIVE_UP_OFFLINE } from './game-screen.tsx';
import { OFFLINE_NOT_SENT } from './guess-form.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;

function openGame(handlers: FakeHandlers, gameId = 7) {
  const api = fakeApi(handlers);
  const view = renderScreen(<GamePage />, { path: `/game/${gameId}`, route: '/game/:gameId' });
  return { api, ...view };
}

const guessInput = () => screen.getByLabelText<HTMLInputElement>('Your guess');

async function guess(word: string) {
  fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
}

const scores = () => screen.getByRole('region', { name: /^Scores?$/ });
const yourGuesses = () =>
  within(screen.getByRole('list', { name: 'Your guesses' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

async function chooseOption(name: 'Reset Board' | 'Give up') {
  const toggle = screen.getByRole('button', { name: 'Options' });
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  fireEvent.click(screen.getByRole('button', { name }));
  await waitFor(() => expect(alertText()).toBe('Are you sure?'));
}

const answerConfirm = (yes: boolean) =>
  fireEvent.click(screen.getByRole('button', { name: yes ? 'Yes' : 'Cancel' }));

describe('GamePage, solo', () => {
  it("says 'Make a Guess' before the first guess, with the score and 'Guesses: 0'", async () => {
    const server = fakeGameServer();
    openGame({ ...GUEST, ...server.handlers });
    await screen.findByText('Make a Guess');
    within(scores()).getByRole('heading', { name: 'Score' });
    within(scores()).getByText('100');
    within(scores()).getByText('Guesses: 0');
    expect(document.activeElement).toBe(guessInput());
  });

  it('shows a guess as the last guess with its matches, the list newest first, and the count', async () => {
    const server = fakeGameServer({ target: 'crane' });
    const { api } = openGame({ ...GUEST, ...server.handlers });
    await guess('PLUMB');
    await screen.findByRole('img', { name: 'Last guess: PLUMB' });
    screen.getByText((_text, node) => node?.textContent === '0 matches');
    await guess('react');
    await screen.findByRole('img', { name: 'Last guess: REACT' });
    expect(screen.queryByText('Make a Guess')).toBeNull();
    expect(yourGuesses()).toEqual(['react4', 'plumb0']);
    within(scores()).getByText('Guesses: 2');
    within(scores()).getByText('90');
    expect(api.callsOf('play').map((call) => call.params)).toEqual([
      { id: '7', word: 'plumb' },
      { id: '7', word: 'react' },
    ]);
    // The answers are the board: no refetch of the game after each guess.
    expect(api.callsOf('game')).toHaveLength(1);
    // Each match count is announced.
    screen.getByText('REACT: 4 matches');
  });

  it("alerts 'Error: {err}' when the server refuses a guess, and keeps the board", async () => {
    const server = fakeGameServer();
    openGame({
      ...GUEST,
      ...server.handlers,
      play: { status: 400, err: 'That word is not in our dictionary' },
    });
    await guess('qwert');
    await waitFor(() => expect(alertText()).toBe('Error: That word is not in our dictionary'));
    screen.getByText('Make a Guess');
  });

  it('checks the length before asking the server', async () => {
    const server = fakeGameServer();
    const { api } = openGame({ ...GUEST, ...server.handlers });
    await guess('four');
    expect(alertText()).toBe('lets do this together.. 1... 2... 3... 4... 5!');
    expect(api.callsOf('play')).toHaveLength(0);
  });

  it('sends nothing more while a guess is in flight', async () => {
    const server = fakeGameServer();
    let release = () => {};
    const { api } = openGame({
      ...GUEST,
      ...server.handlers,
      play: ({ params }) =>
        new Promise((resolve) => {
          release = () => resolve(server.play(params.word));
        }),
    });
    await guess('plumb');
    await waitFor(() => expect(api.callsOf('play')).toHaveLength(1));
    fireEvent.change(guessInput(), { target: { value: 'react' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
    expect(api.callsOf('play')).toHaveLength(1);
    await act(async () => release());
    await screen.findByRole('img', { name: 'Last guess: PLUMB' });
    expect(api.callsOf('play')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(guessInput()));
  });

  it('sends one guess for a double click on Guess!, and alerts nothing', async () => {
    const server = fakeGameServer({ target: 'crane' });
    const { api } = openGame({ ...GUEST, ...server.handlers });
    fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: 'plumb' } });
    const button = screen.getByRole('button', { name: 'Guess!' });
    // Both clicks before the answer, and before TanStack Query has said the first is pending.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('img', { name: 'Last guess: PLUMB' });
    await act(async () => {});
    expect(api.callsOf('play').map((call) => call.params.word)).toEqual(['plumb']);
    expect(alertText()).toBeNull();
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  describe('my moves made in another tab', () => {
    /** A signed-in player's game on screen, the channel live and its catch-up fetch done. */
    async function openLive(server: ReturnType<typeof fakeGameServer>, extra: FakeHandlers = {}) {
      const opened = openGame({ ...SIGNED_IN, ...server.handlers, ...extra });
      await screen.findByText('Make a Guess');
      await goLive(opened.socket);
      await waitFor(() => expect(opened.api.callsOf('game')).toHaveLength(2));
      await act(async () => {});
      return opened;
    }

    it('shows a guess made elsewhere at once, from its game:moved, without a request', async () => {
      const server = fakeGameServer({ target: 'crane' });
      const { api, socket } = await openLive(server);
      act(() => socket.emit('game:moved', server.playElsewhere('plumb')));
      await screen.findByRole('img', { name: 'Last guess: PLUMB' });
      within(scores()).getByText('95');
      within(scores()).getByText('Guesses: 1');
      act(() => socket.emit('game:moved', server.playElsewhere('react')));
      await screen.findByRole('img', { name: 'Last guess: REACT' });
      expect(yourGuesses()).toEqual(['react4', 'plumb0']);
      // Another game's move is not this board's.
      act(() => socket.emit('game:moved', { ...server.playElsewhere('sheep'), gameId: 99 }));
      await act(async () => {});
      expect(yourGuesses()).toEqual(['react4', 'plumb0']);
      expect(api.callsOf('game')).toHaveLength(2);
      expect(api.callsOf('play')).toHaveLength(0);
    });

    it('fetches the board for a move after one it missed, and for a move that ended my game', async () => {
      const server = fakeGameServer({ target: 'crane' });
      const { api, socket } = await openLive(server);
      server.playElsewhere('plumb'); // this event is lost
      act(() => socket.emit('game:moved', server.playElsewhere('react')));
      await waitFor(() => expect(yourGuesses()).toEqual(['react4', 'plumb0']));
      expect(api.callsOf('game')).toHaveLength(3);
      act(() => socket.emit('game:moved', server.playElsewhere('crane')));
      await screen.findByRole('dialog', { name: 'You won!!!' });
      expect(api.callsOf('game')).toHaveLength(4);
    });

    it('lists my own guess once when its event comes before its answer', async () => {
      const server = fakeGameServer({ target: 'crane' });
      let answer = () => {};
      const { api, socket } = await openLive(server, {
        play: ({ params }) =>
          new Promise((resolve) => {
            const played = server.play(params.word);
            answer = () => resolve(played);
          }),
      });
      await guess('plumb');
      await waitFor(() => expect(api.callsOf('play')).toHaveLength(1));
      act(() =>
        socket.emit('game:moved', {
          gameId: 7,
          word: 'plumb',
          matches: 0,
          score: 95,
          guesses: 1,
          win: false,
          forfeit: false,
          finished: false,
        }),
      );
      await screen.findByRole('img', { name: 'Last guess: PLUMB' });
      await act(async () => answer());
      await act(async () => {});
      expect(yourGuesses()).toEqual(['plumb0']);
      expect(api.callsOf('game')).toHaveLength(2);
    });

    it('shows marks set elsewhere, from game:marks', async () => {
      const server = fakeGameServer();
      const { socket } = await openLive(server);
      act(() => socket.emit('game:marks', { gameId: 7, alphabet: { e: 'good', q: 'bad' } }));
      await screen.findByRole('button', { name: 'E, marked good' });
      screen.getByRole('button', { name: 'Q, marked bad' });
      act(() => socket.emit('game:marks', { gameId: 7, alphabet: {} }));
      await screen.findByRole('button', { name: 'E, not marked' });
    });

    it("fetches the board when a guess is refused as 'You already guessed that word'", async () => {
      const server = fakeGameServer({ target: 'crane' });
      // Live, so nothing polls: only the refusal can bring the board.
      const { api } = await openLive(server);
      server.playElsewhere('plumb'); // in another tab, whose news this one missed
      await guess('plumb');
      await waitFor(() => expect(alertText()).toBe('Error: You already guessed that word'));
      // The word said to be guessed is on the list now.
      await waitFor(() => expect(yourGuesses()).toEqual(['plumb0']));
      expect(api.callsOf('game')).toHaveLength(3);
    });

    it('polls the board every 3000 ms while the channel is down and my game is in play', async () => {
      useFakeClock();
      const server = fakeGameServer({ target: 'crane' });
      const { api } = openGame({ ...GUEST, ...server.handlers });
      await eventually(() => screen.getByText('Make a Guess'));
      await settle();
      expect(api.callsOf('game')).toHaveLength(1);
      server.playElsewhere('plumb');
      await advance(2999);
      expect(api.callsOf('game')).toHaveLength(1);
      await advance(1);
      expect(api.callsOf('game')).toHaveLength(2);
      await eventually(() => expect(yourGuesses()).toEqual(['plumb0']));
      server.playElsewhere('giveup');
      await advance(3000);
      await eventually(() => screen.getByRole('dialog', { name: 'You lost!!!' }));
      // My game is over: nothing more of mine can change, so nothing more is asked.
      const settled = api.callsOf('game').length;
      await advance(15_000);
      expect(api.callsOf('game')).toHaveLength(settled);
    });
  });

  describe('offline', () => {
    afterEach(() => act(() => void window.dispatchEvent(new Event('online'))));

    it('keeps a guess made offline in the input, says it was not sent, and never sends it', async () => {
      const server = fakeGameServer({ target: 'crane' });
      const { api } = openGame({ ...GUEST, ...server.handlers });
      await screen.findByText('Make a Guess');
      act(() => void window.dispatchEvent(new Event('offline')));
      await guess('plumb');
      expect(guessInput().value).toBe('plumb');
      screen.getByText(OFFLINE_NOT_SENT);
      act(() => void window.dispatchEvent(new Event('online')));
      await act(async () => {});
      expect(api.callsOf('play')).toHaveLength(0);
      expect(guessInput().value).toBe('plumb');
    });

    it("'Give up' offline sends nothing and says so", async () => {
      const server = fakeGameServer();
      const { api } = openGame({ ...GUEST, ...server.handlers });
      await screen.findByText('Make a Guess');
      act(() => void window.dispatchEvent(new Event('offline')));
      await chooseOption('Give up');
      answerConfirm(true);
      await waitFor(() => expect(alertText()).toBe(GIVE_UP_OFFLINE));
      act(() => void window.dispatchEvent(new Event('online')));
      await act(async () => {});
      expect(api.callsOf('play')).toHaveLength(0);
    });

    it('puts a guess that got no answer back into the input, to be sent again', async () => {
      const server = fakeGameServer({ target: 'crane' });
      const { api } = openGame({ ...GUEST, ...server.handlers });
      await screen.findByText('Make a Guess');
      const answered = api.fetchMock.getMockImplementation()!;
      api.fetchMock.mockImplementation(async (input, init) => {
        if (requestUrl(input).includes('/play/')) throw new TypeError('Failed to fetch');
        return answered(input, init);
      });
      await guess('plumb');
      await waitFor(() =>
        expect(alertText()).toBe('Error: Could not reach the server. Check your connection.'),
      );
      await waitFor(() => expect(guessInput().value).toBe('plumb'));
      screen.getByText('Make a Guess');
    });
  });

  describe('Options', () => {
    it("'Reset Board' asks 'Are you sure?', then clears the marks through the clear route", async () => {
      const server = fakeGameServer({ me: { alphabet: { a: 'bad', e: 'good' } } });
      const { api } = openGame({ ...SIGNED_IN, ...server.handlers });
      await screen.findByRole('button', { name: 'E, marked good' });
      await chooseOption('Reset Board');
      answerConfirm(false);
      expect(api.callsOf('clearMarks')).toHaveLength(0);
      screen.getByRole('button', { name: 'E, marked good' });

      await chooseOption('Reset Board');
      answerConfirm(true);
      await screen.findByRole('button', { name: 'E, not marked' });
      screen.getByRole('button', { name: 'A, not marked' });
      expect(api.callsOf('clearMarks')).toEqual([
        { name: 'clearMarks', params: { id: '7' }, body: undefined },
      ]);
    });

    it("alerts 'Error!' when clearing fails", async () => {
      const server = fakeGameServer({ me: { alphabet: { e: 'good' } } });
      openGame({
        ...SIGNED_IN,
        ...server.handlers,
        clearMarks: { status: 503, err: 'Database down' },
      });
      await screen.findByText('Make a Guess');
      await chooseOption('Reset Board');
      answerConfirm(true);
      await waitFor(() => expect(alertText()).toBe('Error!'));
      screen.getByRole('button', { name: 'E, marked good' });
    });

    it("'Give up' asks 'Are you sure?', then plays giveup and the game is lost", async () => {
      const server = fakeGameServer({ target: 'tiger' });
      const { api } = openGame({ ...GUEST, ...server.handlers });
      await screen.findByText('Make a Guess');
      await chooseOption('Give up');
      answerConfirm(false);
      expect(api.callsOf('play')).toHaveLength(0);

      await chooseOption('Give up');
      answerConfirm(true);
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      expect(api.callsOf('play').map((call) => call.params.word)).toEqual(['giveup']);
      within(results).getByRole('img', { name: 'The word was TIGER' });
      expect(within(results).queryByText('Good job!')).toBeNull();
    });
  });

  describe('letter marks', () => {
    it('a signed-in player cycles none → bad → maybe → good → none, each saved', async () => {
      const server = fakeGameServer();
      const { api } = openGame({ ...SIGNED_IN, ...server.handlers });
      await screen.findByText('Make a Guess');
      for (const label of ['marked bad', 'marked maybe', 'marked good', 'not marked']) {
        fireEvent.click(screen.getByRole('button', { name: /^E, / }));
        await screen.findByRole('button', { name: `E, ${label}` });
      }
      await waitFor(() => expect(api.callsOf('updateMark')).toHaveLength(4));
      expect(api.callsOf('updateMark').map((call) => [call.params, call.body])).toEqual([
        [{ id: '7' }, { letter: 'e', color: 'bad' }],
        [{ id: '7' }, { letter: 'e', color: 'maybe' }],
        [{ id: '7' }, { letter: 'e', color: 'good' }],
        [{ id: '7' }, { letter: 'e', color: 'none' }],
      ]);
    });

    it('keeps a mark made while the board is fetched again (the fetch predates the save)', async () => {
      const server = fakeGameServer();
      let release: () => void = () => {};
      const { api, queryClient } = openGame({
        ...SIGNED_IN,
        ...server.handlers,
        updateMark: () =>
          new Promise((resolve) => {
            release = () => resolve({ result: 'ok', alphabet: { k: 'bad' } });
          }),
      });
      await screen.findByText('Make a Guess');
      fireEvent.click(screen.getByRole('button', { name: 'K, not marked' }));
      await waitFor(() => expect(api.callsOf('updateMark')).toHaveLength(1));
      // A refetch (window focus, say) answers with the marks from before the save.
      await act(() => queryClient.invalidateQueries({ queryKey: ['game', 7], exact: true }));
      await waitFor(() => expect(api.callsOf('game')).toHaveLength(2));
      screen.getByRole('button', { name: 'K, marked bad' });
      act(() => release());
    });

    /** The mark saves of a fake server that answers each only when the test says. */
    function slowMarkSaves(server: ReturnType<typeof fakeGameServer>) {
      const waiting: Array<() => void> = [];
      let most = 0;
      const updateMark: FakeHandlers['updateMark'] = (request) =>
        new Promise((resolve) => {
          waiting.push(() => resolve(server.handlers.updateMark(request)));
          most = Math.max(most, waiting.length);
        });
      /** Answers the saves one at a time, as each arrives, until none comes. */
      const answerAll = async () => {
        for (;;) {
          await act(async () => {
            await new Promise((resolve) => setTimeout(resolve, 10));
          });
          const next = waiting.shift();
          if (!next) return;
          await act(async () => next());
        }
      };
      return { updateMark, answerAll, mostAtOnce: () => most };
    }

    /** Waits for the screen to show the cache (TanStack Query tells it with a 0 ms timer). */
    const rendered = () =>
      act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });

    const shownMarks = () =>
      screen
        .getAllByRole('button', { name: /^[A-Z], marked/ })
        .map((button) => button.getAttribute('aria-label'));

    it('quick presses each build on the one before, and the server ends on the marks shown, however slow its answers', async () => {
      const server = fakeGameServer();
      const slow = slowMarkSaves(server);
      const { api } = openGame({ ...SIGNED_IN, ...server.handlers, updateMark: slow.updateMark });
      await screen.findByText('Make a Guess');
      // No wait between presses: the screen has not re-rendered from one to the next.
      const press = (letter: string, times: number) => {
        for (let i = 0; i < times; i += 1)
          fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${letter}, `) }));
      };
      press('A', 3);
      press('B', 2);
      press('C', 5);
      press('D', 4);
      const expected = ['A, marked good', 'B, marked maybe', 'C, marked bad'];
      await waitFor(() => expect(shownMarks()).toEqual(expected));
      await slow.answerAll();
      expect(server.state.me.alphabet).toEqual({ a: 'good', b: 'maybe', c: 'bad' });
      expect(shownMarks()).toEqual(expected);
      // One save at a time: never a second one sent before the one before was answered.
      expect(slow.mostAtOnce()).toBe(1);
      expect(api.callsOf('updateMark').length).toBeGreaterThan(0);
    });

    it('an answer the saves have overtaken does not take the marks back: a refetch sent before a save', async () => {
      const server = fakeGameServer();
      const old = server.detail();
      let answerFetch: () => void = () => {};
      let fetches = 0;
      const { api, queryClient } = openGame({
        ...SIGNED_IN,
        ...server.handlers,
        game: () => {
          fetches += 1;
          if (fetches === 1) return server.detail();
          return new Promise((resolve) => {
            answerFetch = () => resolve(old);
          });
        },
      });
      await screen.findByText('Make a Guess');
      // A refetch (window focus, say) leaves before the save and is answered after it.
      act(() => {
        void queryClient.invalidateQueries({ queryKey: ['game', 7], exact: true });
      });
      await waitFor(() => expect(api.callsOf('game')).toHaveLength(2));
      fireEvent.click(screen.getByRole('button', { name: 'K, not marked' }));
      await waitFor(() => expect(server.state.me.alphabet).toEqual({ k: 'bad' }));
      await rendered();
      await act(async () => answerFetch());
      await rendered();
      screen.getByRole('button', { name: 'K, marked bad' });
    });

    it('an answer the saves have overtaken does not take the marks back: an own game:marks heard late', async () => {
      const server = fakeGameServer();
      const opened = openGame({ ...SIGNED_IN, ...server.handlers });
      await screen.findByText('Make a Guess');
      await goLive(opened.socket);
      await waitFor(() => expect(opened.api.callsOf('game')).toHaveLength(2));
      fireEvent.click(screen.getByRole('button', { name: 'K, not marked' }));
      await screen.findByRole('button', { name: 'K, marked bad' });
      await waitFor(() => expect(server.state.me.alphabet).toEqual({ k: 'bad' }));
      await rendered();
      fireEvent.click(screen.getByRole('button', { name: 'K, marked bad' }));
      await waitFor(() => expect(server.state.me.alphabet).toEqual({ k: 'maybe' }));
      await rendered();
      // The first save's event, after the second save's answer.
      act(() => opened.socket.emit('game:marks', { gameId: 7, alphabet: { k: 'bad' } }));
      await rendered();
      screen.getByRole('button', { name: 'K, marked maybe' });
      act(() => opened.socket.emit('game:marks', { gameId: 7, alphabet: { k: 'maybe' } }));
      await rendered();
      screen.getByRole('button', { name: 'K, marked maybe' });
    });

    it('shows the marks the server has', async () => {
      const server = fakeGameServer({ me: { alphabet: { q: 'maybe' } } });
      openGame({ ...SIGNED_IN, ...server.handlers });
      await screen.findByRole('button', { name: 'Q, marked maybe' });
    });

    it("alerts the server's error when a mark cannot be saved, and puts the mark back", async () => {
      const server = fakeGameServer();
      openGame({
        ...SIGNED_IN,
        ...server.handlers,
        updateMark: { status: 409, err: 'This game is over' },
      });
      await screen.findByText('Make a Guess');
      fireEvent.click(screen.getByRole('button', { name: 'K, not marked' }));
      await waitFor(() => expect(alertText()).toBe('This game is over'));
      screen.getByRole('button', { name: 'K, not marked' });
    });

    it("a guest's marks never reach the server and are still there after a reload", async () => {
      const server = fakeGameServer();
      const first = openGame({ ...GUEST, ...server.handlers });
      await screen.findByText('Make a Guess');
      fireEvent.click(screen.getByRole('button', { name: 'R, not marked' }));
      fireEvent.click(screen.getByRole('button', { name: 'T, not marked' }));
      fireEvent.click(screen.getByRole('button', { name: 'T, marked bad' }));
      expect(first.api.callsOf('updateMark')).toHaveLength(0);
      first.unmount();

      const second = openGame({ ...GUEST, ...server.handlers });
      await screen.findByRole('button', { name: 'R, marked bad' });
      screen.getByRole('button', { name: 'T, marked maybe' });
      // 'Reset Board' clears them here too, without the server.
      await chooseOption('Reset Board');
      answerConfirm(true);
      await screen.findByRole('button', { name: 'R, not marked' });
      expect(second.api.callsOf('clearMarks')).toHaveLength(0);
      expect(second.api.callsOf('updateMark')).toHaveLength(0);
    });

    it("keeps a guest's marks per game", async () => {
      const seven = fakeGameServer({ id: 7 });
      const first = openGame({ ...GUEST, ...seven.handlers });
      await screen.findByText('Make a Guess');
      fireEvent.click(screen.getByRole('button', { name: 'R, not marked' }));
      first.unmount();
      const eight = fakeGameServer({ id: 8 });
      openGame({ ...GUEST, ...eight.handlers }, 8);
      await screen.findByRole('button', { name: 'R, not marked' });
    });
  });

  it("alerts 'Sorry! Game expired…' and goes to /list_solo when the game cannot be loaded", async () => {
    openGame({ ...GUEST, game: { status: 404, err: 'No such game' } });
    await waitFor(() => expect(currentPath()).toBe('/list_solo'));
    expect(alertText()).toBe('Sorry! Game expired. Create an account to keep your games.');
  });

  it('goes to /list_solo for an address that is no game id', async () => {
    const { api } = openGame({ ...GUEST }, 0);
    await waitFor(() => expect(currentPath()).toBe('/list_solo'));
    expect(api.callsOf('game')).toHaveLength(0);
  });

  describe('the end', () => {
    it("a win: 'You won!!!', 'Good job!', the target, the share links and 'Play again!' → /game", async () => {
      const server = fakeGameServer({ target: 'crane' });
      openGame({ ...GUEST, ...server.handlers });
      await guess('plumb');
      await screen.findByRole('img', { name: 'Last guess: PLUMB' });
      await guess('crane');
      const results = await screen.findByRole('dialog', { name: 'You won!!!' });
      within(results).getByText('Good job!');
      within(results).getByRole('img', { name: 'The word was CRANE' });
      const mine = within(results).getByRole('region', { name: 'Your results' });
      within(mine).getByText('95');
      expect(
        within(mine)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['crane 5', 'plumb 0']);

      const tweet = within(results).getByRole('link', { name: 'Tweet' });
      const tweetUrl = new URL(tweet.getAttribute('href')!);
      expect(tweetUrl.origin + tweetUrl.pathname).toBe('https://twitter.com/intent/tweet');
      expect(tweetUrl.searchParams.get('text')).toBe('Check out this fun game I just played!');
      expect(tweetUrl.searchParams.get('url')).toBe(window.location.origin);
      const share = within(results).getByRole('link', { name: 'Share on Facebook' });
      expect(new URL(share.getAttribute('href')!).searchParams.get('u')).toBe(
        window.location.origin,
      );
      for (const link of [tweet, share]) {
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toContain('noopener');
      }

      // Behind the overlay the screen says it too, and the guess input is gone.
      expect(screen.getAllByText('You won!!!').length).toBeGreaterThan(1);
      expect(screen.queryByLabelText('Your guess')).toBeNull();

      fireEvent.click(within(results).getByRole('button', { name: 'Play again!' }));
      expect(currentPath()).toBe('/game');
    });

    it("a finished game keeps the end, the word, my guesses, 'Show results' and 'Play again!', and offers no input, alphabet or Options", async () => {
      const server = fakeGameServer({
        target: 'crane',
        me: { guesses: [{ word: 'plumb', matches: 0 }], forfeit: true, score: 95 },
      });
      openGame({ ...SIGNED_IN, ...server.handlers });
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      // While the overlay is open its actions are the only ones: never two 'Play again!'.
      expect(screen.getAllByRole('button', { name: 'Play again!' })).toHaveLength(1);
      fireEvent.click(within(results).getByRole('button', { name: 'Close' }));

      screen.getByText('You lost!!!', { selector: 'p:not(.visually-hidden)' });
      screen.getByRole('img', { name: 'The word was CRANE' });
      expect(yourGuesses()).toEqual(['plumb0']);
      screen.getByRole('button', { name: 'Show results' });
      expect(screen.queryByLabelText('Your guess')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Guess!' })).toBeNull();
      expect(screen.queryByRole('toolbar', { name: 'Alphabet' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^[A-Z], / })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Options' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reset Board' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Give up' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Play again!' }));
      expect(currentPath()).toBe('/game');
    });

    it('the results close and open again with Show results', async () => {
      const server = fakeGameServer({ target: 'crane', me: { won: true, score: 100 } });
      openGame({ ...GUEST, ...server.handlers });
      const results = await screen.findByRole('dialog', { name: 'You won!!!' });
      const close = within(results).getByRole('button', { name: 'Close' });
      close.focus();
      fireEvent.click(close);
      expect(screen.queryByRole('dialog', { name: 'You won!!!' })).toBeNull();
      // Focus does not fall to the page: the way back to the results has it.
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show results' }));
      // The word stays on the page once the results are closed.
      screen.getByRole('img', { name: 'The word was CRANE' });
      fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
      screen.getByRole('dialog', { name: 'You won!!!' });
    });

    it("a game run out of points: 'You lost!!!' with the target", async () => {
      const server = fakeGameServer({ target: 'crane', me: { score: 5 } });
      openGame({ ...GUEST, ...server.handlers });
      await guess('plumb');
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      within(results).getByRole('img', { name: 'The word was CRANE' });
      within(results).getByText('ran out of points');
      expect(within(results).queryByText('Good job!')).toBeNull();
      within(results).getByRole('button', { name: 'Play again!' });
      expect(screen.queryByRole('button', { name: 'Rematch!' })).toBeNull();
    });

    it('stays on the won game when fetching its final board fails (a network hiccup)', async () => {
      const server = fakeGameServer({ target: 'crane' });
      let loads = 0;
      openGame({
        ...GUEST,
        ...server.handlers,
        game: () => {
          loads += 1;
          return loads === 1 ? server.detail() : { status: 503, err: 'Service unavailable' };
        },
      });
      await guess('crane');
      await screen.findByRole('dialog', { name: 'You won!!!' });
      await waitFor(() => expect(loads).toBeGreaterThan(1));
      await act(async () => {});
      expect(currentPath()).toBe('/game/7');
      expect(alertText()).toBeNull();
    });
  });
});
