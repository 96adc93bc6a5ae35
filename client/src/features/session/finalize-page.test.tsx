import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { FinalizePage } from './finalize-page.tsx';

function renderFinalize(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(answer.body), { status: answer.status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/finalize']}>
        <Routes>
          <Route path="/finalize" element={<FinalizePage />} />
          <Route path="/home" element={<p>home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const pick = (username: string) => {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Finalize' }));
};

describe('FinalizePage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('claims the username with POST /api/finalize, then goes to /home', async () => {
    const fetchMock = renderFinalize({ status: 200, body: { result: 'ok', msg: 'new_name' } });
    expect(screen.getByRole('heading', { name: 'Pick your username' })).toBeTruthy();
    pick('new_name');
    await screen.findByText('home screen');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/finalize');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'new_name' });
  });

  it('checks the registration rules first, and alerts the server error', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = renderFinalize({
      status: 409,
      body: { result: 'error', err: 'That username is taken' },
    });
    pick('ab');
    expect(alert).toHaveBeenCalledWith(ACCOUNT_MESSAGES.usernameBadSize);
    expect(fetchMock).not.toHaveBeenCalled();
    pick('taken_name');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('That username is taken'));
    expect(screen.queryByText('home screen')).toBeNull();
  });
});
