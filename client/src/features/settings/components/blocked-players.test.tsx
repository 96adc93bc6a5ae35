import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { alertText, renderScreen, statusToastText } from '@/test/render-screen.tsx';
import { NO_ONE_BLOCKED } from './blocked-players.tsx';
import { SettingsPage } from './settings-page.tsx';

const ACCOUNT = {
  userInfo: { result: 'ok', msg: 'alice' },
  settings: { result: 'ok', hardMode: false, allowWatchers: true },
} satisfies FakeHandlers;

const card = () => screen.getByRole('region', { name: 'Blocked players' });

describe('SettingsPage, blocked players', () => {
  it('lists the players I blocked, each with Unblock, which takes them off the list', async () => {
    let blocked = [
      { username: 'carol', since: '2026-11-28T10:00:00.000Z' },
      { username: 'bob', since: '2026-11-27T10:00:00.000Z' },
    ];
    const api = fakeApi({
      ...ACCOUNT,
      blocked: () => ({ result: 'ok', users: blocked }),
      unblock: ({ body }) => {
        blocked = blocked.filter((user) => user.username !== body.username);
        return { result: 'ok' };
      },
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    const list = await screen.findByRole('list', { name: 'Blocked players' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile/carol', '/profile/bob']);
    fireEvent.click(within(list).getByRole('button', { name: 'Unblock bob' }));
    await waitFor(() => expect(within(card()).queryByText('bob')).toBeNull());
    expect(api.callsOf('unblock').map((call) => call.body)).toEqual([{ username: 'bob' }]);
    expect(statusToastText()).toBe('You unblocked bob.');
    within(card()).getByText('carol');
  });

  it("says 'You have not blocked anyone.' when the list is empty", async () => {
    fakeApi({ ...ACCOUNT, blocked: { result: 'ok', users: [] } });
    renderScreen(<SettingsPage />, { path: '/settings' });
    await within(await screen.findByRole('region', { name: 'Blocked players' })).findByText(
      NO_ONE_BLOCKED,
    );
  });

  it('alerts a refused unblock and keeps the row', async () => {
    fakeApi({
      ...ACCOUNT,
      blocked: { result: 'ok', users: [{ username: 'bob', since: '2026-11-27T10:00:00.000Z' }] },
      unblock: { status: 404, err: 'No player has that username' },
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock bob' }));
    await waitFor(() => expect(alertText()).toBe('Error: No player has that username'));
    within(card()).getByText('bob');
  });

  it('is not there for a guest', async () => {
    const api = fakeApi({ userInfo: { result: 'guest' } });
    renderScreen(<SettingsPage />, { path: '/settings' });
    await screen.findByText(/^Saved in this browser\./);
    expect(screen.queryByRole('region', { name: 'Blocked players' })).toBeNull();
    expect(api.callsOf('blocked')).toHaveLength(0);
  });
});
