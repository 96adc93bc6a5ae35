import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { fakeApi } from '../../test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '../../test/render-screen.tsx';
import { HomePage } from './home-page.tsx';

const MENU = ['Solo', 'Versus', 'Challenges', 'Friends', 'Leaderboards', 'Rules', 'Logout'];

const menuButtons = () =>
  within(screen.getByRole('region', { name: /^Welcome/ })).getAllByRole('button');

describe('HomePage', () => {
  it('welcomes a signed-in player by name, with the seven buttons in order', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<HomePage />, { path: '/home' });
    expect(await screen.findByRole('heading', { name: 'Welcome, alice!' })).toBeTruthy();
    expect(menuButtons().map((button) => button.textContent)).toEqual(MENU);
    expect(menuButtons().some((button) => button.hasAttribute('aria-disabled'))).toBe(false);
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
    expect(await screen.findByRole('heading', { name: 'Welcome, alice!' })).toBeTruthy();
  });

  it('welcomes a guest, greys out Versus and says why instead of going there', async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<HomePage />, { path: '/home' });
    expect(await screen.findByRole('heading', { name: 'Welcome, guest!' })).toBeTruthy();
    expect(menuButtons().map((button) => button.textContent)).toEqual(MENU);
    const versus = screen.getByRole('button', { name: 'Versus' });
    expect(versus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(versus);
    expect(alertText()).toBe('You must be logged in to play Versus mode');
    expect(currentPath()).toBe('/home');
    // Solo stays open to guests.
    fireEvent.click(screen.getByRole('button', { name: 'Solo' }));
    expect(currentPath()).toBe('/list_solo');
  });

  it('Logout ends the session on the server and goes to /', async () => {
    const api = fakeApi({ userInfo: { result: 'ok', msg: 'alice' }, logout: { result: 'ok' } });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsOf('logout')).toHaveLength(1);
  });
});
