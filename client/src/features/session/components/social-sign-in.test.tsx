import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { LoginPage } from './login-page.tsx';
import { SocialSignIn } from './social-sign-in.tsx';

function renderAt(url: string, element: React.ReactNode) {
  return render(<MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>);
}

describe('SocialSignIn', () => {
  it('links the five providers to the server routes that start their sign-in', () => {
    renderAt('/', <SocialSignIn onEmail={() => {}} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(5);
    const hrefs = Object.fromEntries(
      ['Twitter', 'Facebook', 'Google', 'Steam', 'VK'].map((label) => [
        `Sign in with ${label}`,
        screen.getByRole('link', { name: `Sign in with ${label}` }).getAttribute('href'),
      ]),
    );
    expect(hrefs).toEqual({
      'Sign in with Twitter': '/api/auth/twitter',
      'Sign in with Facebook': '/api/auth/facebook',
      'Sign in with Google': '/api/auth/google',
      'Sign in with Steam': '/api/auth/steam',
      'Sign in with VK': '/api/auth/vk',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows each provider's own mark, not a letter, and names the link by its words alone", () => {
    const { container } = renderAt('/', <SocialSignIn onEmail={() => {}} />);
    for (const label of ['Twitter', 'Facebook', 'Google', 'Steam', 'VK']) {
      const link = screen.getByRole('link', { name: `Sign in with ${label}` });
      // The text is the words only: no initial before them.
      expect(link.textContent).toBe(`Sign in with ${label}`);
      const marks = link.querySelectorAll('svg');
      expect(marks).toHaveLength(1);
      const mark = marks[0]!;
      expect(mark.closest('[aria-hidden="true"]')).not.toBeNull();
      const shapes = Array.from(mark.querySelectorAll('path, circle, rect'));
      expect(shapes.length).toBeGreaterThan(0);
      // Coloured by classes (the CSP forbids inline styles), every shape.
      expect(shapes.every((shape) => shape.getAttribute('class'))).toBe(true);
    }
    // The five marks differ: each is its provider's.
    const drawings = new Set(
      Array.from(container.querySelectorAll('a svg')).map((svg) => svg.innerHTML),
    );
    expect(drawings.size).toBe(5);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('offers e-mail as the sixth option', () => {
    const onEmail = vi.fn();
    renderAt('/', <SocialSignIn onEmail={onEmail} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with e-mail' }));
    expect(onEmail).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'not_configured',
      'vk',
      'Sign-in with VK is not available on this server. Please choose another way to sign in.',
    ],
    ['denied', 'google', 'Sign-in with Google was cancelled.'],
    [
      'bad_state',
      'steam',
      'This sign-in attempt has expired or was already used. Please try again.',
    ],
    ['<b>made up</b>', 'twitter', 'Sign-in did not work. Please try again.'],
  ])('shows ?error=%s&provider=%s as "%s"', (error, provider, message) => {
    renderAt(
      `/login?error=${encodeURIComponent(error)}&provider=${provider}`,
      <SocialSignIn onEmail={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('is on the Login screen, where the e-mail option opens the login form', () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Sign in with Steam' }).getAttribute('href')).toBe(
      '/api/auth/steam',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with e-mail' }));
    screen.getByRole('form', { name: 'Login' });
  });
});
