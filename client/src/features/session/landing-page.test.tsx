import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page.tsx';

function renderLanding() {
  // A guest: the user-info call answers {result: "guest"}.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ result: 'guest' }), { status: 200 })),
  );
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LandingPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows no form at first; Sign Up and Login toggle one at a time', () => {
    renderLanding();
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('form', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
  });

  it('alerts the spec message when the passwords differ, without calling the server', () => {
    renderLanding();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abce' } });
    const calls = vi.mocked(fetch).mock.calls.length;
    fireEvent.submit(screen.getByRole('form', { name: 'Register' }));
    expect(alert).toHaveBeenCalledWith('Passwords do not match!');
    expect(vi.mocked(fetch).mock.calls.length).toBe(calls);
  });
});
