import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countMatches } from '@jotto/shared/game-rules';
import { VERSUS_NEEDS_LOGIN } from '@/components/main-menu.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { LANDING_EXAMPLE, LandingPage } from './landing-page.tsx';
// The landing loads its forms lazily; loading them with the test keeps the first toggle quick.
import './auth-forms.tsx';

function renderLanding() {
  const api = fakeApi({ userInfo: { result: 'guest' } });
  renderScreen(<LandingPage />, { path: '/' });
  return api;
}

const appBar = () => screen.getByRole('banner');
const accountButton = (name: 'Sign Up' | 'Login') =>
  within(screen.getByRole('group', { name: 'Account' })).getByRole('button', { name });

describe('LandingPage', () => {
  it('shows the app bar with both store badges, linking to /mobile, and the login bar', () => {
    renderLanding();
    const badges = within(appBar()).getAllByRole('link', { name: /App Store|Google Play/ });
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Download on the App Store',
      'Get it on Google Play',
    ]);
    expect(badges.map((badge) => badge.getAttribute('href'))).toEqual(['/mobile', '/mobile']);
    within(appBar()).getByRole('button', { name: 'Sign Up' });
    within(appBar()).getByRole('button', { name: 'Login' });
  });

  it('shows the welcome text and the menu', () => {
    renderLanding();
    screen.getByRole('heading', { level: 1, name: 'Jotto' });
    screen.getByRole('heading', { name: 'Welcome, guest!' });
    const menu = ['Solo', 'Versus', 'Challenges', 'Friends', 'Leaderboards', 'Rules'];
    for (const label of menu) screen.getByRole('button', { name: label });
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rules' }));
    expect(currentPath()).toBe('/rules');
  });

  it('greys out Versus for a guest and says why', () => {
    renderLanding();
    const versus = screen.getByRole('button', { name: 'Versus' });
    expect(versus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(versus);
    expect(alertText()).toBe(VERSUS_NEEDS_LOGIN);
    expect(currentPath()).toBe('/');
  });

  it('shows no form at first; Sign Up and Login toggle one at a time', async () => {
    renderLanding();
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();

    fireEvent.click(accountButton('Sign Up'));
    await screen.findByRole('form', { name: 'Register' });
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    expect(accountButton('Sign Up').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(accountButton('Login'));
    await screen.findByRole('form', { name: 'Login' });
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    expect(accountButton('Sign Up').getAttribute('aria-expanded')).toBe('false');

    // A second press folds the form away again.
    fireEvent.click(accountButton('Login'));
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
  });

  it('offers the other sign-in options under an open form', async () => {
    renderLanding();
    fireEvent.click(accountButton('Login'));
    await screen.findByRole('form', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'More ways to sign in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('signs in from the landing and goes to /home', async () => {
    let signedIn = false;
    const api = fakeApi({
      userInfo: () => (signedIn ? { result: 'ok', msg: 'alice' } : { result: 'guest' }),
      login: () => {
        signedIn = true;
        return { result: 'ok', msg: 'alice' };
      },
    });
    renderScreen(<LandingPage />, { path: '/' });
    fireEvent.click(accountButton('Login'));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(api.callsOf('login')[0]!.body).toEqual({ username: 'alice', password: 'secret' });
  });

  it('sends a visitor who is signed in to /home', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<LandingPage />, { path: '/' });
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it("alerts 'Passwords do not match!' when they differ, without calling the server", async () => {
    const api = renderLanding();
    fireEvent.click(accountButton('Sign Up'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abce' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Register' }));
    expect(alertText()).toBe('Passwords do not match!');
    await act(async () => {});
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it("shows an example game whose counts are the game's own rule", () => {
    renderLanding();
    for (const { word, matches } of LANDING_EXAMPLE.guesses) {
      expect(countMatches(LANDING_EXAMPLE.secret, word)).toBe(matches);
      screen.getByRole('img', { name: word.toUpperCase() });
    }
    screen.getByText('5 matches');
  });

  it('links the studio, privacy and mobile pages in its footer', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Nomo Studios' }).getAttribute('href')).toBe(
      '/nomostudios',
    );
    expect(footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(footer.getByRole('link', { name: 'Mobile app' }).getAttribute('href')).toBe('/mobile');
  });
});
