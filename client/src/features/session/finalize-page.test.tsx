import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { fakeApi, requestUrl } from '../../test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '../../test/render-screen.tsx';
import { FinalizePage } from './finalize-page.tsx';

const pick = (username: string) => {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Finalize' }));
};

describe('FinalizePage', () => {
  it('claims the username with POST /api/finalize, then goes to /home', async () => {
    const api = fakeApi({
      userInfo: { result: 'finalize' },
      finalize: ({ body }) => ({ result: 'ok', msg: body.username }),
    });
    renderScreen(<FinalizePage />, { path: '/finalize' });
    expect(screen.getByRole('heading', { name: 'Pick your username' })).toBeTruthy();
    pick('new_name');
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(api.callsOf('finalize')[0]!.body).toEqual({ username: 'new_name' });
    const [url, init] = api.fetchMock.mock.calls.find(([u]) =>
      requestUrl(u).endsWith('/finalize'),
    )!;
    expect(url).toBe('/api/finalize');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(new Headers(init?.headers).get('x-jotto-client')).toBe('web');
  });

  it('checks the registration rules first, and alerts the server error', async () => {
    const api = fakeApi({
      userInfo: { result: 'finalize' },
      finalize: { status: 409, err: 'That username is taken' },
    });
    renderScreen(<FinalizePage />, { path: '/finalize' });
    pick('ab');
    expect(alertText()).toBe(ACCOUNT_MESSAGES.usernameBadSize);
    expect(api.callsOf('finalize')).toHaveLength(0);
    pick('taken_name');
    await waitFor(() => expect(alertText()).toBe('That username is taken'));
    expect(currentPath()).toBe('/finalize');
  });
});
