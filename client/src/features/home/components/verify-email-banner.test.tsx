import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { HomePage } from './home-page.tsx';

type Verification = EndpointResponse<'verification'>;
const PENDING: Verification = {
  result: 'ok',
  verification: 'pending',
  email: 'alice@example.com',
};

/** A promise the test settles: for answers that must stay pending while we look. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderHome(handlers: FakeHandlers) {
  const api = fakeApi({ userInfo: { result: 'ok', msg: 'alice' }, ...handlers });
  renderScreen(<HomePage />, { path: '/home' });
  return api;
}

const banner = () => screen.queryByRole('region', { name: 'Check your e-mail' });

describe('Home: the verification banner', () => {
  it('says where the link went while the account is not verified', async () => {
    renderHome({ verification: PENDING });
    const shown = await screen.findByRole('region', { name: 'Check your e-mail' });
    expect(within(shown).getByText(/We sent a link to/).textContent).toBe(
      'We sent a link to alice@example.com. Open it to verify your account.',
    );
    within(shown).getByRole('button', { name: 'Send again' });
  });

  it.each([
    ['verified', { result: 'ok', verification: 'verified' }],
    ['nothing to verify (a social sign-in)', { result: 'ok', verification: 'none' }],
  ] as const)('shows nothing once %s', async (_state, answer) => {
    const api = renderHome({ verification: answer });
    await screen.findByRole('heading', { name: 'Welcome, alice!' });
    await waitFor(() => expect(api.callsOf('verification')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(banner()).toBeNull();
  });

  it('asks nothing for a guest', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, verification: PENDING });
    renderScreen(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { name: 'Welcome, guest!' });
    expect(api.callsOf('verification')).toHaveLength(0);
    expect(banner()).toBeNull();
  });

  it("Send again sends once however often pressed, says 'Sending...', then confirms", async () => {
    const answer = deferred<{ result: 'ok' }>();
    const api = renderHome({ verification: PENDING, resendVerification: () => answer.promise });
    const send = within(await screen.findByRole('region', { name: 'Check your e-mail' })).getByRole(
      'button',
      { name: 'Send again' },
    );
    fireEvent.click(send);
    fireEvent.click(send);
    expect(send.textContent).toBe('Sending...');
    expect(send.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(send);
    answer.resolve({ result: 'ok' });
    await waitFor(() =>
      expect(within(banner()!).getByRole('status').textContent).toBe('Sent! Check your inbox.'),
    );
    expect(send.textContent).toBe('Send again');
    expect(send.hasAttribute('aria-busy')).toBe(false);
    expect(api.callsOf('resendVerification')).toHaveLength(1);
  });

  it("says the server's sentence when it refuses (too many attempts)", async () => {
    renderHome({
      verification: PENDING,
      resendVerification: { status: 429, err: 'Too many attempts. Try again in 42 seconds.' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(within(banner()!).getByRole('status').textContent).toBe(
        'Too many attempts. Try again in 42 seconds.',
      ),
    );
  });

  it('goes away once the link was opened, when the window regains focus', async () => {
    let state: Verification = PENDING;
    renderHome({ verification: () => state });
    await screen.findByRole('region', { name: 'Check your e-mail' });
    state = { result: 'ok', verification: 'verified' };
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(banner()).toBeNull());
    act(() => focusManager.setFocused(undefined));
  });
});
