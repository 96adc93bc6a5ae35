import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickPhrase, SaidEntry } from '@jotto/shared/phrase-schemas';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { type FakeSide, fakeGameServer } from '@/test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, goLive, renderScreen } from '@/test/render-screen.tsx';
import { BUBBLE_MS } from '../game-phrases.ts';
import { GamePage } from './game-page.tsx';
import { MUTE_LABEL, SAY_LABEL, UNMUTE_LABEL } from './phrase-menu.tsx';

const SIGNED_IN = {
  userInfo: { result: 'ok', msg: 'alice' },
  challengesList: { result: 'ok', challenges: [] },
} satisfies FakeHandlers;

/**
 * A versus game between alice (me) and bob whose server also keeps the phrases: `say` numbers
 * mine, `opponentSays` bob's (returning the `game:said` event), and the counts answer those after
 * `?since=`, as the server does.
 */
function openTalk({
  me,
  opponent,
  said = [],
  muted = false,
  extra = {},
}: {
  me?: Partial<FakeSide>;
  opponent?: Partial<FakeSide>;
  said?: SaidEntry[];
  muted?: boolean;
  extra?: FakeHandlers;
} = {}) {
  const server = fakeGameServer({ versus: true, target: 'crane', enemyName: 'bob', me, opponent });
  const phrases = [...said];
  server.state.seq = Math.max(0, ...said.map((entry) => entry.seq));
  const sayAs = (from: string, phrase: QuickPhrase): SaidEntry => {
    server.state.seq += 1;
    const entry = { from, phrase, at: '2026-11-28T12:00:00.000Z', seq: server.state.seq };
    phrases.push(entry);
    return entry;
  };
  const api = fakeApi({
    ...SIGNED_IN,
    ...server.handlers,
    game: () => ({
      ...server.detail(),
      said: [...phrases],
      ...(muted ? { mutedOpponent: true as const } : {}),
    }),
    counts: ({ query }) => ({
      ...server.counts(),
      ...(query.since === undefined
        ? {}
        : { said: phrases.filter((entry) => entry.seq > Number(query.since)) }),
    }),
    say: ({ body }) => ({ result: 'ok', said: sayAs('alice', body.phrase) }),
    mutePhrases: ({ body }) => ({ result: 'ok', muted: body.muted }),
    ...extra,
  });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  const opponentSays = (phrase: QuickPhrase) => ({ gameId: 7, ...sayAs('bob', phrase) });
  return { server, api, opponentSays, ...view };
}

const sayButton = () => screen.getByRole('button', { name: SAY_LABEL });
const myBubble = () => screen.getByTestId('my-phrase');
const theirBubble = () => screen.getByTestId('their-phrase');
const announced = () =>
  [...document.querySelectorAll('[aria-live="polite"]')].map((region) => region.textContent);

async function choose(phrase: string) {
  fireEvent.click(await screen.findByRole('button', { name: SAY_LABEL }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Quick phrases' })).getByText(phrase));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GamePage, quick phrases', () => {
  it("offers 'Say…' with the eight phrases and 'Mute opponent'; Escape closes it", async () => {
    openTalk();
    fireEvent.click(await screen.findByRole('button', { name: SAY_LABEL }));
    expect(sayButton().getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('group', { name: 'Quick phrases' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Hello!',
      'Good luck!',
      'Have fun!',
      'Nice guess!',
      'Oops!',
      'Well played!',
      'Thanks!',
      'Rematch?',
      MUTE_LABEL,
    ]);
    // The first phrase has the focus; Escape gives it back to 'Say…'.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Hello!'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Quick phrases' })).toBeNull();
    expect(document.activeElement).toBe(sayButton());
    expect(sayButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('sends a phrase and shows it on my side, read out, for 4 seconds', async () => {
    useFakeClock();
    const { api } = openTalk();
    await eventually(() => sayButton());
    fireEvent.click(sayButton());
    fireEvent.click(screen.getByRole('button', { name: 'Good luck!' }));
    await settle();
    expect(api.callsOf('say').map((call) => [call.params, call.body])).toEqual([
      [{ id: '7' }, { phrase: 'good_luck' }],
    ]);
    expect(myBubble().textContent).toBe('Good luck!');
    expect(theirBubble().textContent).toBe('');
    expect(announced()).toContain('alice says: Good luck!');
    // The menu closed, the focus back on 'Say…'.
    expect(screen.queryByRole('group', { name: 'Quick phrases' })).toBeNull();
    expect(document.activeElement).toBe(sayButton());
    await advance(BUBBLE_MS - 100);
    expect(myBubble().textContent).toBe('Good luck!');
    await advance(200);
    expect(myBubble().textContent).toBe('');
  });

  it("shows the opponent's phrase from game:said on their side, once, and ignores other games", async () => {
    const { socket, opponentSays } = openTalk();
    await screen.findByRole('button', { name: SAY_LABEL });
    await goLive(socket);
    await act(async () => {});
    const hello = opponentSays('hello');
    act(() => socket.emit('game:said', { ...opponentSays('oops'), gameId: 99 }));
    act(() => socket.emit('game:said', hello));
    await waitFor(() => expect(theirBubble().textContent).toBe('Hello!'));
    expect(myBubble().textContent).toBe('');
    expect(announced()).toContain('bob says: Hello!');
    // The same event again (it may come by the poll too) changes nothing.
    act(() => socket.emit('game:said', hello));
    expect(theirBubble().querySelectorAll('p')).toHaveLength(1);
  });

  it('alerts the server’s sentence when the phrase is refused (429)', async () => {
    openTalk({
      extra: { say: { status: 429, err: 'Too many phrases: wait a minute' } },
    });
    await choose('Thanks!');
    await waitFor(() => expect(alertText()).toBe('Too many phrases: wait a minute'));
    expect(myBubble().textContent).toBe('');
  });

  it('shows no bubble for the phrases said before the screen opened', async () => {
    const { api } = openTalk({
      said: [{ from: 'bob', phrase: 'hello', at: '2026-11-28T11:59:00.000Z', seq: 1 }],
    });
    await screen.findByRole('button', { name: SAY_LABEL });
    await waitFor(() => expect(api.callsOf('counts').length).toBeGreaterThan(0));
    await act(async () => {});
    expect(theirBubble().textContent).toBe('');
    expect(api.callsOf('counts')[0]!.query).toEqual({ since: '1' });
  });

  it('polls the counts with ?since= while the channel is down and shows the phrases it brings', async () => {
    useFakeClock();
    const { api, opponentSays } = openTalk();
    await eventually(() => sayButton());
    await settle();
    const before = api.callsOf('counts').length;
    opponentSays('well_played');
    await advance(3000);
    expect(api.callsOf('counts').length).toBe(before + 1);
    expect(api.callsOf('counts').at(-1)!.query).toEqual({ since: '0' });
    expect(theirBubble().textContent).toBe('Well played!');
    // The next poll asks from the phrase on: it is not shown twice.
    await advance(3000);
    expect(api.callsOf('counts').at(-1)!.query).toEqual({ since: '1' });
    expect(theirBubble().querySelectorAll('p')).toHaveLength(1);
  });

  it('asks once for the phrases missed when the channel comes back after the opponent finished', async () => {
    const { api, socket, opponentSays } = openTalk({
      opponent: { guesses: [{ word: 'crane', matches: 5 }], won: true, score: 100 },
    });
    await screen.findByRole('button', { name: SAY_LABEL });
    await goLive(socket);
    await act(async () => {});
    const before = api.callsOf('counts').length;
    act(() => socket.drop());
    opponentSays('nice_guess');
    act(() => socket.connect());
    await waitFor(() => expect(theirBubble().textContent).toBe('Nice guess!'));
    expect(api.callsOf('counts').length).toBe(before + 1);
    expect(api.callsOf('counts').at(-1)!.query).toEqual({ since: '0' });
  });

  it("takes my phrase's number for no gap: the opponent's next event fetches nothing", async () => {
    const { api, socket, server } = openTalk();
    await screen.findByRole('button', { name: SAY_LABEL });
    await goLive(socket);
    await waitFor(() => expect(api.callsOf('counts').length).toBeGreaterThan(0));
    await act(async () => {});
    const before = api.callsOf('counts').length;
    await choose('Have fun!');
    await waitFor(() => expect(myBubble().textContent).toBe('Have fun!'));
    act(() => socket.emit('game:counts', server.opponentPlays('plumb')));
    await waitFor(() => expect(screen.getByTestId('opponent').textContent).toContain('Guesses: 1'));
    await act(async () => {});
    expect(api.callsOf('counts').length).toBe(before);
  });

  it("mutes and unmutes the opponent; a muted opponent's phrase shows nothing", async () => {
    const { api, socket, opponentSays } = openTalk({ muted: true });
    await goLive(socket);
    fireEvent.click(await screen.findByRole('button', { name: SAY_LABEL }));
    fireEvent.click(screen.getByRole('button', { name: UNMUTE_LABEL }));
    await screen.findByRole('button', { name: MUTE_LABEL });
    expect(api.callsOf('mutePhrases').map((call) => call.body)).toEqual([{ muted: false }]);
    fireEvent.click(screen.getByRole('button', { name: MUTE_LABEL }));
    await screen.findByRole('button', { name: UNMUTE_LABEL });
    expect(api.callsOf('mutePhrases').at(-1)!.body).toEqual({ muted: true });
    // One already on its way when the mute was set.
    act(() => socket.emit('game:said', opponentSays('oops')));
    await act(async () => {});
    expect(theirBubble().textContent).toBe('');
  });

  it('has no phrases in a solo game, nor against the computer, nor for a guest', async () => {
    const solo = fakeGameServer();
    fakeApi({ ...SIGNED_IN, ...solo.handlers });
    const { unmount } = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
    await screen.findByRole('heading', { name: 'Score' });
    expect(screen.queryByRole('button', { name: SAY_LABEL })).toBeNull();
    unmount();

    const bot = fakeGameServer({ versus: true });
    fakeApi({
      ...SIGNED_IN,
      ...bot.handlers,
      game: () => ({ ...bot.detail(), enemyLevel: 'easy' as const }),
    });
    const second = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
    await screen.findByRole('heading', { name: 'Scores' });
    expect(screen.queryByRole('button', { name: SAY_LABEL })).toBeNull();
    second.unmount();

    const guest = fakeGameServer({ versus: true });
    fakeApi({ userInfo: { result: 'guest' }, ...guest.handlers });
    renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
    await screen.findByRole('heading', { name: 'Scores' });
    expect(screen.queryByRole('button', { name: SAY_LABEL })).toBeNull();
  });
});
