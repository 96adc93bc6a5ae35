import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestHardMode, newGameQuery } from '@/lib/guest-hard-mode.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, renderScreen } from '@/test/render-screen.tsx';
import { ALLOW_WATCHERS_LABEL, ALLOW_WATCHERS_RULE } from './allow-watchers-setting.tsx';
import { HARD_MODE_RULE } from './hard-mode-setting.tsx';
import { SettingsPage } from './settings-page.tsx';

const hardModeSwitch = () => screen.getByRole('switch', { name: 'Hard mode' });

describe('SettingsPage', () => {
  it('keeps a guest’s hard mode in this browser, sent with each new game', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<SettingsPage />, { path: '/settings' });
    screen.getByRole('heading', { level: 1, name: 'Settings' });
    await screen.findByText(/^Saved in this browser\./);
    const toggle = hardModeSwitch();
    expect(toggle).toHaveProperty('checked', false);
    // The rule in one line, as the switch's description.
    expect(toggle.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe(
      HARD_MODE_RULE,
    );
    expect(newGameQuery()).toEqual({});
    fireEvent.click(toggle);
    expect(hardModeSwitch()).toHaveProperty('checked', true);
    expect(guestHardMode()).toBe(true);
    expect(newGameQuery()).toEqual({ hard: true });
    fireEvent.click(hardModeSwitch());
    expect(guestHardMode()).toBe(false);
    // Nothing asked of the server: a guest has no settings there.
    expect(api.callsOf('settings')).toHaveLength(0);
    expect(api.callsOf('updateSettings')).toHaveLength(0);
  });

  it('shows an account’s setting from the server and saves a change there', async () => {
    let stored = false;
    const api = fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      settings: () => ({ result: 'ok', hardMode: stored, allowWatchers: true }),
      updateSettings: ({ body }) => {
        stored = body.hardMode ?? stored;
        return { result: 'ok', hardMode: stored, allowWatchers: true };
      },
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    await screen.findByText(/^Saved to your account\./);
    await waitFor(() => expect(hardModeSwitch()).toHaveProperty('disabled', false));
    expect(hardModeSwitch()).toHaveProperty('checked', false);
    fireEvent.click(hardModeSwitch());
    // Shown before the server answers, saved in the background.
    await waitFor(() => expect(hardModeSwitch()).toHaveProperty('checked', true));
    await waitFor(() => expect(api.callsOf('updateSettings')).toHaveLength(1));
    expect(api.callsOf('updateSettings')[0]!.body).toEqual({ hardMode: true });
    expect(stored).toBe(true);
    // Not the browser's: the account's setting is kept on the server.
    expect(guestHardMode()).toBe(false);
  });

  it('alerts a refused save and shows what the server holds', async () => {
    fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      settings: { result: 'ok', hardMode: false, allowWatchers: true },
      updateSettings: { status: 503, err: 'A service we depend on is down. Please try again.' },
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(hardModeSwitch()).toHaveProperty('disabled', false));
    fireEvent.click(hardModeSwitch());
    await waitFor(() =>
      expect(alertText()).toBe('A service we depend on is down. Please try again.'),
    );
    await waitFor(() => expect(hardModeSwitch()).toHaveProperty('checked', false));
  });

  it("offers an account 'Let others watch my games', on by default, saved to the account", async () => {
    let stored = { hardMode: false, allowWatchers: true };
    const api = fakeApi({
      userInfo: { result: 'ok', msg: 'alice' },
      settings: () => ({ result: 'ok', ...stored }),
      updateSettings: ({ body }) => {
        stored = { ...stored, ...body };
        return { result: 'ok', ...stored };
      },
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    const watchers = await screen.findByRole('switch', { name: ALLOW_WATCHERS_LABEL });
    await waitFor(() => expect(watchers).toHaveProperty('disabled', false));
    expect(watchers).toHaveProperty('checked', true);
    expect(document.getElementById(watchers.getAttribute('aria-describedby')!)?.textContent).toBe(
      ALLOW_WATCHERS_RULE,
    );
    fireEvent.click(watchers);
    await waitFor(() => expect(watchers).toHaveProperty('checked', false));
    await waitFor(() => expect(api.callsOf('updateSettings')).toHaveLength(1));
    // Only this setting is sent; hard mode stays as it was.
    expect(api.callsOf('updateSettings')[0]!.body).toEqual({ allowWatchers: false });
    expect(stored).toEqual({ hardMode: false, allowWatchers: false });
    expect(hardModeSwitch()).toHaveProperty('checked', false);
  });

  it('shows a guest no watching setting', async () => {
    fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<SettingsPage />, { path: '/settings' });
    await screen.findByText(/^Saved in this browser\./);
    expect(screen.queryByRole('switch', { name: ALLOW_WATCHERS_LABEL })).toBeNull();
  });
});
