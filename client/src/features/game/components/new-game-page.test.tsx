import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/app-providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { setGuestHardMode } from '@/lib/guest-hard-mode.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { NewGamePage } from './new-game-page.tsx';

/** Where the app is, and a Back button as the browser has. */
function History() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** The app in StrictMode (as in development), at /game after the solo list. */
function renderStrict() {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={['/list_solo', '/game']} initialIndex={1}>
        <AppProviders queryClient={createQueryClient()}>
          <Routes>
            <Route path="/game" element={<NewGamePage />} />
            <Route path="*" element={null} />
          </Routes>
          <History />
        </AppProviders>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('NewGamePage', () => {
  it('starts one game, even under StrictMode, and replaces /game with its address', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' }, newGame: { result: 'ok', gameId: 42 } });
    renderStrict();
    screen.getByText('Starting a new game...');
    await waitFor(() => expect(currentPath()).toBe('/game/42'));
    expect(api.callsOf('newGame')).toHaveLength(1);
    // Back goes to where the player came from, not to /game (which would start another).
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentPath()).toBe('/list_solo');
    expect(api.callsOf('newGame')).toHaveLength(1);
  });

  it('sends this browser’s guest hard-mode setting with the new game', async () => {
    setGuestHardMode(true);
    const api = fakeApi({ userInfo: { result: 'guest' }, newGame: { result: 'ok', gameId: 42 } });
    renderScreen(<NewGamePage />, { path: '/game' });
    await waitFor(() => expect(currentPath()).toBe('/game/42'));
    expect(api.callsOf('newGame')[0]!.query).toEqual({ hard: 'true' });
  });

  it("alerts the server's refusal and goes to the solo list", async () => {
    fakeApi({ userInfo: { result: 'guest' }, newGame: { status: 429, err: 'Slow down' } });
    renderScreen(<NewGamePage />, { path: '/game' });
    await waitFor(() => expect(currentPath()).toBe('/list_solo'));
    expect(alertText()).toBe('Slow down');
  });
});
