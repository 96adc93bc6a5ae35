import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, fakeApi } from '../../../test/fake-api.ts';
import { fakeGameServer } from '../../../test/fake-game-server.ts';
import { alertText, currentPath, renderScreen } from '../../../test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

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
    expect(await screen.findByText('Make a Guess')).toBeTruthy();
    expect(within(scores()).getByRole('heading', { name: 'Score' })).toBeTruthy();
    expect(within(scores()).getByText('100')).toBeTruthy();
    expect(within(scores()).getByText('Guesses: 0')).toBeTruthy();
    expect(document.activeElement).toBe(guessInput());
  });

  it('shows a guess as the last guess with its matches, the list newest first, and the count', async () => {
    const server = fakeGameServer({ target: 'crane' });
    const { api } = openGame({ ...GUEST, ...server.handlers });
    await guess('PLUMB');
    expect(await screen.findByRole('img', { name: 'Last guess: PLUMB' })).toBeTruthy();
    expect(screen.getByText((_text, node) => node?.textContent === '0 matches')).toBeTruthy();
    await guess('react');
    expect(await screen.findByRole('img', { name: 'Last guess: REACT' })).toBeTruthy();
    expect(screen.queryByText('Make a Guess')).toBeNull();
    expect(yourGuesses()).toEqual(['react4', 'plumb0']);
    expect(within(scores()).getByText('Guesses: 2')).toBeTruthy();
    expect(within(scores()).getByText('90')).toBeTruthy();
    expect(api.callsOf('play').map((call) => call.params)).toEqual([
      { id: '7', word: 'plumb' },
      { id: '7', word: 'react' },
    ]);
    // The answers are the board: no refetch of the game after each guess.
    expect(api.callsOf('game')).toHaveLength(1);
    // Each match count is announced.
    expect(screen.getByText('REACT: 4 matches')).toBeTruthy();
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
    expect(screen.getByText('Make a Guess')).toBeTruthy();
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
    expect(await screen.findByRole('img', { name: 'Last guess: PLUMB' })).toBeTruthy();
    expect(api.callsOf('play')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(guessInput()));
  });

  describe('Options', () => {
    it("'Reset Board' asks 'Are you sure?', then clears the marks through the clear route", async () => {
      const server = fakeGameServer({ me: { alphabet: { a: 'bad', e: 'good' } } });
      const { api } = openGame({ ...SIGNED_IN, ...server.handlers });
      expect(await screen.findByRole('button', { name: 'E, marked good' })).toBeTruthy();
      await chooseOption('Reset Board');
      answerConfirm(false);
      expect(api.callsOf('clearMarks')).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'E, marked good' })).toBeTruthy();

      await chooseOption('Reset Board');
      answerConfirm(true);
      expect(await screen.findByRole('button', { name: 'E, not marked' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'A, not marked' })).toBeTruthy();
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
      expect(screen.getByRole('button', { name: 'E, marked good' })).toBeTruthy();
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
      expect(within(results).getByRole('img', { name: 'The word was TIGER' })).toBeTruthy();
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
        expect(await screen.findByRole('button', { name: `E, ${label}` })).toBeTruthy();
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
      expect(screen.getByRole('button', { name: 'K, marked bad' })).toBeTruthy();
      act(() => release());
    });

    it('shows the marks the server has', async () => {
      const server = fakeGameServer({ me: { alphabet: { q: 'maybe' } } });
      openGame({ ...SIGNED_IN, ...server.handlers });
      expect(await screen.findByRole('button', { name: 'Q, marked maybe' })).toBeTruthy();
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
      expect(screen.getByRole('button', { name: 'K, not marked' })).toBeTruthy();
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
      expect(await screen.findByRole('button', { name: 'R, marked bad' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'T, marked maybe' })).toBeTruthy();
      // 'Reset Board' clears them here too, without the server.
      await chooseOption('Reset Board');
      answerConfirm(true);
      expect(await screen.findByRole('button', { name: 'R, not marked' })).toBeTruthy();
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
      expect(await screen.findByRole('button', { name: 'R, not marked' })).toBeTruthy();
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
      expect(within(results).getByText('Good job!')).toBeTruthy();
      expect(within(results).getByRole('img', { name: 'The word was CRANE' })).toBeTruthy();
      const mine = within(results).getByRole('region', { name: 'Your results' });
      expect(within(mine).getByText('95')).toBeTruthy();
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
      expect(screen.getByRole('img', { name: 'The word was CRANE' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
      expect(screen.getByRole('dialog', { name: 'You won!!!' })).toBeTruthy();
    });

    it("a game run out of points: 'You lost!!!' with the target", async () => {
      const server = fakeGameServer({ target: 'crane', me: { score: 5 } });
      openGame({ ...GUEST, ...server.handlers });
      await guess('plumb');
      const results = await screen.findByRole('dialog', { name: 'You lost!!!' });
      expect(within(results).getByRole('img', { name: 'The word was CRANE' })).toBeTruthy();
      expect(within(results).getByText('ran out of points')).toBeTruthy();
      expect(within(results).queryByText('Good job!')).toBeNull();
      expect(within(results).getByRole('button', { name: 'Play again!' })).toBeTruthy();
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
      expect(await screen.findByRole('dialog', { name: 'You won!!!' })).toBeTruthy();
      await waitFor(() => expect(loads).toBeGreaterThan(1));
      await act(async () => {});
      expect(currentPath()).toBe('/game/7');
      expect(alertText()).toBeNull();
    });
  });
});
