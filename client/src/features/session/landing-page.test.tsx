import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { alertText, renderScreen } from '../../test/render-screen.tsx';
import { LandingPage } from './landing-page.tsx';

function renderLanding() {
  const api = fakeApi({ userInfo: { result: 'guest' } });
  renderScreen(<LandingPage />, { path: '/' });
  return api;
}

describe('LandingPage', () => {
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
    const api = renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abce' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Register' }));
    expect(alertText()).toBe('Passwords do not match!');
    expect(api.callsOf('register')).toHaveLength(0);
  });
});
