import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, renderScreen } from '@/test/render-screen.tsx';
import { ForgotPasswordPage, LINK_ON_ITS_WAY } from './forgot-password-page.tsx';

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
};

describe('ForgotPasswordPage', () => {
  it('sends the address with POST /api/password/forgot and says a link is on its way', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, forgotPassword: { result: 'ok' } });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot' });
    screen.getByRole('heading', { level: 1, name: 'Forgot your password?' });
    ask(' alice@example.com ');
    expect((await screen.findByText(LINK_ON_ITS_WAY)).getAttribute('role')).toBe('status');
    expect(api.callsOf('forgotPassword').map((call) => call.body)).toEqual([
      { email: 'alice@example.com' },
    ]);
    // The form is gone: asking again means opening the page again.
    expect(screen.queryByRole('form', { name: 'Forgot password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });

  it('asks for an address first, and alerts what the server refuses', async () => {
    const api = fakeApi({
      userInfo: { result: 'guest' },
      forgotPassword: { status: 429, err: 'Too many attempts. Try again in 40 seconds.' },
    });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot' });
    ask('');
    expect(alertText()).toBe(ACCOUNT_MESSAGES.emailRequired);
    expect(api.callsOf('forgotPassword')).toHaveLength(0);
    ask('alice@example.com');
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again in 40 seconds.'));
    expect(screen.queryByText(LINK_ON_ITS_WAY)).toBeNull();
    screen.getByRole('form', { name: 'Forgot password' });
  });

  it('sends once for a double click', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, forgotPassword: { result: 'ok' } });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@example.com' } });
    const button = screen.getByRole('button', { name: 'Send reset link' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText(LINK_ON_ITS_WAY);
    expect(api.callsOf('forgotPassword')).toHaveLength(1);
  });
});
