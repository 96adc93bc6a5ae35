import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { VERIFIED_REDIRECT_MS, VerifyPage } from './verify-page.tsx';

const ROUTE = '/users/:username/verify/:verifyCode';

describe('VerifyPage', () => {
  it("shows 'Verifying...', then 'Verified!', then goes to / after 800 ms", async () => {
    vi.useFakeTimers();
    const api = fakeApi({ userInfo: { result: 'guest' }, verify: { result: 'ok' } });
    renderScreen(<VerifyPage />, { path: '/users/alice/verify/abc123', route: ROUTE });
    expect(screen.getByText('Verifying...').getAttribute('role')).toBe('status');
    // Let the answer arrive without moving the clock: the redirect's 800 ms start at 'Verified!'.
    for (let turn = 0; turn < 50 && !screen.queryByText('Verified!'); turn += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    screen.getByText('Verified!');
    expect(api.callsOf('verify')).toHaveLength(1);
    expect(api.callsOf('verify')[0]!.params).toEqual({ username: 'alice', verifyCode: 'abc123' });
    act(() => {
      vi.advanceTimersByTime(VERIFIED_REDIRECT_MS - 1);
    });
    expect(currentPath()).toBe('/users/alice/verify/abc123');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(currentPath()).toBe('/');
    expect(VERIFIED_REDIRECT_MS).toBe(800);
  });

  it("shows 'Error verifying!' when the server refuses the code, and stays", async () => {
    fakeApi({
      userInfo: { result: 'guest' },
      verify: { status: 404, err: 'This verification link is not valid' },
    });
    renderScreen(<VerifyPage />, { path: '/users/alice/verify/wrong', route: ROUTE });
    await screen.findByText('Error verifying!');
    expect(screen.getByRole('link', { name: /Back to Jotto/ }).getAttribute('href')).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(currentPath()).toBe('/users/alice/verify/wrong');
  });

  it('calls the server once per visit, even when StrictMode runs effects twice', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, verify: { result: 'ok' } });
    renderScreen(
      <StrictMode>
        <VerifyPage />
      </StrictMode>,
      { path: '/users/alice/verify/abc123', route: ROUTE },
    );
    await screen.findByText('Verified!');
    expect(api.callsOf('verify')).toHaveLength(1);
  });
});
