import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { fakeApi, requestUrl } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
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
    // The form shows once the server has said this account has no username yet.
    await screen.findByRole('heading', { name: 'Pick your username' });
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
    await screen.findByLabelText('Username');
    pick('ab');
    expect(alertText()).toBe(ACCOUNT_MESSAGES.usernameBadSize);
    expect(api.callsOf('finalize')).toHaveLength(0);
    pick('taken_name');
    await waitFor(() => expect(alertText()).toBe('That username is taken'));
    expect(currentPath()).toBe('/finalize');
  });

  it('claims the username once for a double click, with no alert after it', async () => {
    let claimed = false;
    const api = fakeApi({
      userInfo: { result: 'finalize' },
      finalize: ({ body }) => {
        if (claimed) return { status: 409, err: 'Your username is already set' };
        claimed = true;
        return { result: 'ok', msg: body.username };
      },
    });
    renderScreen(<FinalizePage />, { path: '/finalize' });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'new_name' } });
    const finalize = screen.getByRole('button', { name: 'Finalize' });
    fireEvent.click(finalize);
    fireEvent.click(finalize);
    await waitFor(() => expect(currentPath()).toBe('/home'));
    await act(async () => {});
    expect(api.callsOf('finalize')).toHaveLength(1);
    expect(alertText()).toBeNull();
  });

  it('is one page of the shell: one h1, a visible label for the field, no main of its own', async () => {
    fakeApi({ userInfo: { result: 'finalize' } });
    const { container } = renderScreen(<FinalizePage />, { path: '/finalize' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pick your username' });
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    // The shell's <main> holds every screen; a second one confuses landmarks.
    expect(container.querySelector('main')).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Username' });
    // Labelled by visible text, not by a placeholder that disappears as the player types.
    expect(Array.from((input as HTMLInputElement).labels ?? []).map((l) => l.textContent)).toEqual([
      'Username',
    ]);
    expect(input.getAttribute('placeholder')).toBeNull();
    expect(screen.getByRole('form', { name: 'Finalize' }).contains(input)).toBe(true);
    expect(heading.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a guest (no account) to /login before they type anything', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<FinalizePage />, { path: '/finalize' });
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(api.callsOf('finalize')).toHaveLength(0);
  });

  it('sends a player whose username is set to /home', async () => {
    fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    renderScreen(<FinalizePage />, { path: '/finalize' });
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });
});
