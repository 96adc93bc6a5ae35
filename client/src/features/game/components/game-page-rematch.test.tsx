import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { GamePage } from './game-page.tsx';

type NewChallenge = EndpointResponse<'newChallenge'>;

/** A versus game both have finished (I solved it, bob gave up), and the rematch game 8. */
function openEndedGame(extra: FakeHandlers = {}) {
  const ended = fakeGameServer({
    id: 7,
    versus: true,
    enemyName: 'bob',
    me: { guesses: [{ word: 'crane', matches: 5 }], won: true },
    opponent: { guesses: [{ word: 'plumb', matches: 0 }], forfeit: true },
  });
  const rematch = fakeGameServer({ id: 8, versus: true, enemyName: 'bob' });
  const api = fakeApi({
    userInfo: { result: 'ok', msg: 'alice' },
    challengesList: { result: 'ok', challenges: [] },
    ...ended.handlers,
    game: ({ params }) => (params.id === 8 ? rematch.detail() : ended.detail()),
    ...extra,
  });
  const view = renderScreen(<GamePage />, { path: '/game/7', route: '/game/:gameId' });
  return { api, ...view };
}

const results = () => screen.findByRole('dialog', { name: 'You won!!!' });
const rematchButton = async () =>
  within(await results()).findByRole('button', {
    name: /^(Rematch!|Sending\.\.\.|Challenge Sent!)$/,
  });
/** The rematch button with this label, in the results on screen (for the fake clock). */
const shownRematchButton = (label: string) =>
  within(screen.getByRole('dialog', { name: 'You won!!!' })).getByRole('button', { name: label });
const sent = (challengeId: number): NewChallenge => ({
  result: 'ok',
  challengeId,
  message: 'Challenge sent!',
});

/** My received challenges: bob's rematch offer (42) once he has made it. */
const receivedOffer = (offered: boolean) => ({
  result: 'ok' as const,
  challenges: offered
    ? [
        {
          id: 42,
          sender: 'bob',
          recipient: 'alice',
          timeAgo: 'just now',
          createdAt: new Date().toISOString(),
          timeControl: '3d',
          rated: true,
        },
      ]
    : [],
});

describe('GamePage, rematch', () => {
  it("'Rematch!' challenges the opponent: 'Sending...', then 'Challenge Sent!'", async () => {
    let answer = (_value: NewChallenge) => {};
    const { api } = openEndedGame({
      newChallenge: () =>
        new Promise<NewChallenge>((resolve) => {
          answer = resolve;
        }),
      challengeInfo: { result: 'ok', challengeId: 31 },
    });
    fireEvent.click(await rematchButton());
    expect((await rematchButton()).textContent).toBe('Sending...');
    await waitFor(() => expect(api.callsOf('newChallenge')).toHaveLength(1));
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: 'bob' });
    await act(async () => answer(sent(31)));
    await waitFor(async () => expect((await rematchButton()).textContent).toBe('Challenge Sent!'));
    // A second click sends nothing more.
    fireEvent.click(await rematchButton());
    await act(async () => {});
    expect(api.callsOf('newChallenge')).toHaveLength(1);
    expect(currentPath()).toBe('/game/7');
  });

  it("sends one challenge for a double click on 'Rematch!'", async () => {
    const { api } = openEndedGame({
      newChallenge: sent(31),
      challengeInfo: { result: 'ok', challengeId: 31 },
    });
    const button = await rematchButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(async () => expect((await rematchButton()).textContent).toBe('Challenge Sent!'));
    await act(async () => {});
    expect(api.callsOf('newChallenge')).toHaveLength(1);
  });

  it('goes straight to the new game when the answer has its id', async () => {
    openEndedGame({ newChallenge: { ...sent(31), gameId: 8 } });
    fireEvent.click(await rematchButton());
    await waitFor(() => expect(currentPath()).toBe('/game/8'));
    await screen.findByText('Make a Guess');
  });

  it("alerts the server's refusal", async () => {
    openEndedGame({ newChallenge: { status: 429, err: 'Too many challenges, wait a minute' } });
    fireEvent.click(await rematchButton());
    await waitFor(() => expect(alertText()).toBe('Too many challenges, wait a minute'));
    expect((await rematchButton()).textContent).toBe('Rematch!');
  });

  it('goes to the game when challenge:accepted comes for my challenge (and only mine)', async () => {
    const { socket, api } = openEndedGame({
      newChallenge: sent(31),
      challengeInfo: { result: 'ok', challengeId: 31 },
    });
    await results();
    await goLive(socket);
    fireEvent.click(await rematchButton());
    await waitFor(async () => expect((await rematchButton()).textContent).toBe('Challenge Sent!'));
    act(() => socket.emit('challenge:accepted', { challengeId: 30, gameId: 99 }));
    expect(currentPath()).toBe('/game/7');
    act(() => socket.emit('challenge:accepted', { challengeId: 31, gameId: 8 }));
    await waitFor(() => expect(currentPath()).toBe('/game/8'));
    expect(api.callsOf('challengeInfo').length).toBeLessThanOrEqual(1);
  });

  it('asks again when the channel comes back, so an acceptance it missed still leads to the game', async () => {
    let accepted = false;
    const { socket, api } = openEndedGame({
      newChallenge: sent(31),
      challengeInfo: ({ params }) =>
        accepted
          ? { result: 'ok', challengeId: params.id, gameId: 8 }
          : { result: 'ok', challengeId: params.id },
    });
    await results();
    await goLive(socket);
    fireEvent.click(await rematchButton());
    await waitFor(async () => expect((await rematchButton()).textContent).toBe('Challenge Sent!'));
    await waitFor(() => expect(api.callsOf('challengeInfo')).toHaveLength(1));
    // The channel drops for a moment; bob accepts meanwhile, and the event is lost.
    act(() => socket.drop());
    accepted = true;
    act(() => socket.connect());
    await waitFor(() => expect(currentPath()).toBe('/game/8'));
  });

  it('polls the challenge every 3000 ms while not live, and goes to the game once accepted', async () => {
    useFakeClock();
    let accepted = false;
    const { api } = openEndedGame({
      newChallenge: sent(31),
      challengeInfo: ({ params }) =>
        accepted
          ? { result: 'ok', challengeId: params.id, gameId: 8 }
          : { result: 'ok', challengeId: params.id },
    });
    await eventually(() => fireEvent.click(shownRematchButton('Rematch!')));
    await eventually(() => shownRematchButton('Challenge Sent!'));
    expect(api.callsOf('challengeInfo')).toHaveLength(1);
    expect(api.callsOf('challengeInfo')[0]!.params).toEqual({ id: '31' });
    await advance(2999);
    expect(api.callsOf('challengeInfo')).toHaveLength(1);
    await advance(1);
    expect(api.callsOf('challengeInfo')).toHaveLength(2);
    await advance(3000);
    expect(api.callsOf('challengeInfo')).toHaveLength(3);
    expect(currentPath()).toBe('/game/7');
    accepted = true;
    await advance(3000);
    await eventually(() => expect(currentPath()).toBe('/game/8'));
  });

  it("stops polling on 'stop' (denied or expired)", async () => {
    useFakeClock();
    let denied = false;
    const { api } = openEndedGame({
      newChallenge: sent(31),
      challengeInfo: ({ params }) =>
        denied
          ? { result: 'stop', challengeId: params.id }
          : { result: 'ok', challengeId: params.id },
    });
    await eventually(() => fireEvent.click(shownRematchButton('Rematch!')));
    await eventually(() => shownRematchButton('Challenge Sent!'));
    expect(api.callsOf('challengeInfo')).toHaveLength(1);
    denied = true;
    await advance(3000);
    expect(api.callsOf('challengeInfo')).toHaveLength(2);
    await advance(15_000);
    expect(api.callsOf('challengeInfo')).toHaveLength(2);
    expect(currentPath()).toBe('/game/7');
    shownRematchButton('Rematch declined');
  });

  it("shows the opponent's challenge:received as '{name} wants a rematch!'; accepting goes to the game", async () => {
    const { socket, api } = openEndedGame({
      acceptChallenge: ({ body }) => ({
        result: 'ok',
        challengeId: body.challenge_id,
        gameId: 8,
      }),
    });
    await results();
    await goLive(socket);
    expect(screen.queryByText('bob wants a rematch!')).toBeNull();
    act(() => socket.emit('challenge:received', { challengeId: 40, sender: 'Bob' }));
    await screen.findByText('bob wants a rematch!');
    const accept = within(await results()).getByRole('button', { name: 'Accept Rematch' });
    // A double click accepts once.
    fireEvent.click(accept);
    fireEvent.click(accept);
    await waitFor(() => expect(currentPath()).toBe('/game/8'));
    expect(api.callsOf('acceptChallenge').map((call) => call.body)).toEqual([{ challenge_id: 40 }]);
  });

  it("ignores someone else's challenge", async () => {
    const { socket } = openEndedGame();
    await results();
    await goLive(socket);
    act(() => socket.emit('challenge:received', { challengeId: 41, sender: 'carol' }));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Accept Rematch' })).toBeNull();
  });

  it('shows an offer made while the channel was down once it is back', async () => {
    let offered = false;
    const { socket } = openEndedGame({
      challengesList: () => receivedOffer(offered),
    });
    await results();
    await goLive(socket);
    act(() => socket.drop());
    offered = true;
    act(() => socket.connect());
    await screen.findByText('bob wants a rematch!');
  });

  it("finds the opponent's offer among my received challenges while not live", async () => {
    useFakeClock();
    let offered = false;
    const { api } = openEndedGame({
      challengesList: () => receivedOffer(offered),
    });
    await eventually(() => shownRematchButton('Rematch!'));
    await settle();
    expect(api.callsOf('challengesList')).toHaveLength(1);
    expect(screen.queryByText('bob wants a rematch!')).toBeNull();
    offered = true;
    await advance(3000);
    expect(api.callsOf('challengesList')).toHaveLength(2);
    screen.getByText('bob wants a rematch!');
    screen.getByRole('button', { name: 'Accept Rematch' });
  });
});
