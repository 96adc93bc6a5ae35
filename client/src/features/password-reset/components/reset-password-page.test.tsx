import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { PASSWORD_CHANGED, ResetPasswordPage } from './reset-password-page.tsx';

const ROUTE = '/reset/:token';

const choose = (password: string, confirmPassword = password) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), {
    target: { value: confirmPassword },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('ResetPasswordPage', () => {
  it("sends the link's token and the new password, then says to log in with it", async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, resetPassword: { result: 'ok' } });
    renderScreen(<ResetPasswordPage />, { path: '/reset/tok_en-123', route: ROUTE });
    screen.getByRole('heading', { level: 1, name: 'Choose a new password' });
    choose('new-password');
    expect((await screen.findByText(PASSWORD_CHANGED)).getAttribute('role')).toBe('status');
    expect(api.callsOf('resetPassword').map((call) => call.body)).toEqual([
      { token: 'tok_en-123', password: 'new-password' },
    ]);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(currentPath()).toBe('/reset/tok_en-123');
  });

  it('checks the registration rules first: matching, then the length', () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, resetPassword: { result: 'ok' } });
    renderScreen(<ResetPasswordPage />, { path: '/reset/abc', route: ROUTE });
    choose('new-password', 'new-passw0rd');
    expect(alertText()).toBe(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    choose('abc');
    expect(alertText()).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    choose('x'.repeat(257));
    expect(alertText()).toBe(ACCOUNT_MESSAGES.passwordTooLong);
    expect(api.callsOf('resetPassword')).toHaveLength(0);
  });

  it('alerts a refused link and offers a new one', async () => {
    fakeApi({
      userInfo: { result: 'guest' },
      resetPassword: { status: 404, err: 'This reset link is not valid or has expired' },
    });
    renderScreen(<ResetPasswordPage />, { path: '/reset/used', route: ROUTE });
    choose('new-password');
    await waitFor(() => expect(alertText()).toBe('This reset link is not valid or has expired'));
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe(
      '/forgot',
    );
  });
});
