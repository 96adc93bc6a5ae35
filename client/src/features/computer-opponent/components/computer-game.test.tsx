import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { ComputerGame } from './computer-game.tsx';

type NewGame = EndpointResponse<'botGame'>;

function open(handlers: FakeHandlers, signedIn = true) {
  const api = fakeApi({
    userInfo: signedIn ? { result: 'ok', msg: 'alice' } : { result: 'guest' },
    ...handlers,
  });
  const view = renderScreen(<ComputerGame />, { path: '/home' });
  return { api, ...view };
}

const group = () => screen.getByRole('group', { name: 'Play the computer' });
const level = (name: string) => within(group()).getByRole('button', { name });

describe('ComputerGame', () => {
  it('offers the three levels, and opens the new game at the level pressed', async () => {
    const { api } = open({ botGame: { result: 'ok', gameId: 31 } });
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Easy', 'Medium', 'Hard']);
    fireEvent.click(level('Hard'));
    await waitFor(() => expect(currentPath()).toBe('/game/31'));
    expect(api.callsOf('botGame').map((call) => call.body)).toEqual([{ level: 'hard' }]);
  });

  it('sends one request however often the levels are pressed, and says it is starting', async () => {
    let answer = () => {};
    const { api } = open({
      botGame: () =>
        new Promise<NewGame>((resolve) => {
          answer = () => resolve({ result: 'ok', gameId: 5 });
        }),
    });
    fireEvent.click(level('Easy'));
    fireEvent.click(within(group()).getAllByRole('button')[0]!);
    fireEvent.click(level('Medium'));
    const starting = within(group()).getByRole('button', { name: 'Starting...' });
    expect(starting.getAttribute('aria-busy')).toBe('true');
    expect(level('Medium').getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(api.callsOf('botGame')).toHaveLength(1));
    await act(async () => answer());
    await waitFor(() => expect(currentPath()).toBe('/game/5'));
    expect(api.callsOf('botGame').map((call) => call.body)).toEqual([{ level: 'easy' }]);
  });

  it('alerts a refusal and can be pressed again', async () => {
    const { api } = open({
      botGame: { status: 429, err: 'Too many attempts. Try again in 42 seconds.' },
    });
    fireEvent.click(level('Medium'));
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again in 42 seconds.'));
    await waitFor(() => expect(level('Medium').getAttribute('aria-busy')).toBeNull());
    expect(currentPath()).toBe('/home');
    fireEvent.click(level('Medium'));
    await waitFor(() => expect(api.callsOf('botGame')).toHaveLength(2));
  });

  it('works for a guest, whose game is kept like a solo game', async () => {
    const { api } = open({ botGame: { result: 'ok', gameId: 9 } }, false);
    fireEvent.click(level('Easy'));
    await waitFor(() => expect(currentPath()).toBe('/game/9'));
    expect(api.callsOf('botGame')).toHaveLength(1);
  });
});
