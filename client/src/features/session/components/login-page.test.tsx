import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin(path = '/login') {
  const api = fakeApi({ userInfo: { result: 'guest' } });
  renderScreen(<LoginPage />, { path, route: path.split('?')[0] });
  return api;
}

const options = () => within(screen.getByRole('region', { name: 'Sign-in options' }));

describe('LoginPage', () => {
  it('offers six sign-in options: the five providers and e-mail', () => {
    renderLogin();
    screen.getByRole('heading', { level: 1, name: 'Sign in to Jotto' });
    const links = options().getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(options().getAllByRole('button')).toHaveLength(1);
    options().getByRole('button', { name: 'Sign in with e-mail' });
  });

  it("links 'play as guest' to /home", () => {
    renderLogin();
    const guest = screen.getByRole('link', { name: 'play as guest' });
    expect(guest.getAttribute('href')).toBe('/home');
    fireEvent.click(guest);
    expect(currentPath()).toBe('/home');
  });

  it('shows no form until the e-mail option opens the login form, then switches', () => {
    renderLogin();
    expect(screen.queryByRole('form')).toBeNull();
    const email = options().getByRole('button', { name: 'Sign in with e-mail' });
    expect(email.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(email);
    expect(email.getAttribute('aria-expanded')).toBe('true');
    screen.getByRole('form', { name: 'Login' });
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    screen.getByRole('form', { name: 'Register' });
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    screen.getByRole('form', { name: 'Login' });
    fireEvent.click(email);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('opens the register form at /register', () => {
    renderLogin('/register');
    screen.getByRole('form', { name: 'Register' });
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
  });

  it('shows the sentence of a failed social sign-in from /login?error=…', () => {
    renderLogin('/login?error=denied&provider=google');
    expect(screen.getByRole('alert').textContent).toBe('Sign-in with Google was cancelled.');
  });

  it('sends a player who is signed in to /home', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it('has a way back to the landing page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: /Back to Jotto/ }).getAttribute('href')).toBe('/');
  });
});
