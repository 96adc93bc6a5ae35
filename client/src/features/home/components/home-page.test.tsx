import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { HomePage } from './home-page.tsx';

const MENU = ['Solo', 'Versus', 'Challenges', 'Friends', 'Leaderboards', 'Rules', 'Logout'];
/** 'Play the computer', a button per level (docs/PRODUCT.md, 'Computer opponent'). */
const LEVELS = ['Easy', 'Medium', 'Hard'];

const menuButtons = () =>
  within(screen.getByRole('region', { name: /^Welcome/ })).getAllByRole('button');

/** What Home draws as a main action (the primary button's filled look), by their text. */
const primaryActions = () =>
  [...screen.getByRole('region', { name: /^Welcome/ }).querySelectorAll('.button-primary')].map(
    (element) => element.textContent,
  );

const dailyNumber = () => dailyNumberOf(dailyDayOf(new Date()));

describe('HomePage', () => {
  it("welcomes a signed-in player by name, with 'Play now', the computer's levels and the seven buttons in order", async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    expect(menuButtons().map((button) => button.textContent)).toEqual([
      'Play now',
      ...LEVELS,
      ...MENU,
    ]);
    expect(menuButtons().some((button) => button.hasAttribute('aria-disabled'))).toBe(false);
  });

  it("has one main action, 'Play now' for a player; the other ways to start are grouped below it", async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    expect(primaryActions()).toEqual(['Play now']);
    const more = screen.getByRole('group', { name: 'More ways to play' });
    expect(within(more).getByRole('link', { name: /^Daily/ })).toBeTruthy();
    expect(
      within(more)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(LEVELS);
    // Solo is one menu button among the others, no longer a second main button.
    expect(screen.getByRole('button', { name: 'Solo' }).className).not.toMatch(/button-primary/);
  });

  it("has the Daily link as a guest's one main action, and their greyed-out Play now among the others", async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, guest!' });
    expect(primaryActions()).toEqual([
      'Daily Jotto #' + dailyNumber() + ': one word for everyone today',
    ]);
    const more = screen.getByRole('group', { name: 'More ways to play' });
    expect(within(more).getByRole('button', { name: 'Play now' })).toBeTruthy();
  });

  it("draws a player's Home while the session is still on its way, 'Play now' first", () => {
    fakeApi({ userInfo: () => new Promise(() => {}) });
    renderScreen(<HomePage />, { path: '/home' });
    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeTruthy();
    expect(primaryActions()).toEqual(['Play now']);
    expect(menuButtons().map((button) => button.textContent)).toEqual([
      'Play now',
      ...LEVELS,
      ...MENU,
    ]);
  });

  it.each([
    ['Solo', '/list_solo'],
    ['Versus', '/list_versus'],
    ['Challenges', '/challenges'],
    ['Friends', '/friends'],
    ['Leaderboards', '/leaderboards'],
    ['Rules', '/rules'],
  ])('%s goes to %s', async (label, path) => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(currentPath()).toBe(path);
  });

  it('does not greet a signed-in player as a guest while the session loads', async () => {
    let answer: ((info: EndpointResponse<'userInfo'>) => void) | null = null;
    fakeApi({
      userInfo: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderScreen(<HomePage />, { path: '/home' });
    expect(screen.queryByText('Welcome, guest!')).toBeNull();
    await waitFor(() => expect(answer).not.toBeNull());
    await act(async () => answer?.({ result: 'ok', msg: 'alice' }));
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
  });

  it('welcomes a guest, greys out Versus and says why instead of going there', async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, guest!' });
    expect(menuButtons().map((button) => button.textContent)).toEqual([
      'Play now',
      ...LEVELS,
      ...MENU,
    ]);
    // 'Play now' is versus too.
    for (const name of ['Play now', 'Versus']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(button);
      expect(alertText()).toBe('You must be logged in to play Versus mode');
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    }
    expect(currentPath()).toBe('/home');
    // Solo stays open to guests, and so does the computer.
    for (const name of LEVELS) {
      expect(screen.getByRole('button', { name }).hasAttribute('aria-disabled')).toBe(false);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Solo' }));
    expect(currentPath()).toBe('/list_solo');
  });

  it("'Hard' starts a game against the computer at that level and opens it, for a guest too", async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, botGame: { result: 'ok', gameId: 21 } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, guest!' });
    const computer = screen.getByRole('group', { name: 'Play the computer' });
    fireEvent.click(within(computer).getByRole('button', { name: 'Hard' }));
    await waitFor(() => expect(currentPath()).toBe('/game/21'));
    expect(api.callsOf('botGame').map((call) => call.body)).toEqual([{ level: 'hard' }]);
  });

  it("'Play now' opens the waiting panel", async () => {
    const api = fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      matchSeek: { result: 'ok', status: 'waiting' },
      matchStatus: { result: 'ok', status: 'waiting' },
      matchCancel: { result: 'ok' },
    });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    await screen.findByRole('dialog', { name: 'Finding an opponent' });
    expect(api.callsOf('matchSeek')).toHaveLength(1);
  });

  it('Logout ends the session on the server and goes to /', async () => {
    const api = fakeApi({ userInfo: { result: 'ok', msg: 'alice' }, logout: { result: 'ok' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsOf('logout')).toHaveLength(1);
  });

  it('greets an account that has yet to pick its username without a name, and points it to /finalize', async () => {
    fakeApi({ userInfo: { result: 'finalize' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('region', { name: 'Pick your username' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome!');
    expect(screen.queryByText(/guest/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Pick your username' }));
    expect(currentPath()).toBe('/finalize');
  });

  it('shows no username prompt to a signed-in player or a guest', async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, guest!' });
    expect(screen.queryByRole('region', { name: 'Pick your username' })).toBeNull();
  });
});
