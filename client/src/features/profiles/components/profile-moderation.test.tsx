import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@jotto/shared/social-schemas';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { renderScreen, statusToastText } from '@/test/render-screen.tsx';
import { blockQuestion } from '../hooks/use-block-actions.ts';
import { ProfilePage } from './profile-page.tsx';
import { CHOOSE_REASON, REPORT_SENT } from './report-dialog.tsx';

const profileOf = (username: string, more: Partial<Profile> = {}): Profile => ({
  username,
  displayName: username,
  admin: false,
  points: 0,
  gameCt: 0,
  winCt: 0,
  winRatio: 0,
  isFriend: false,
  rating: { value: 1500, deviation: 350, provisional: true, games: 0 },
  ...more,
});

function renderProfile(handlers: FakeHandlers, path = '/profile/bob') {
  const api = fakeApi({
    userInfo: { result: 'ok', msg: 'alice' },
    profileRatings: { result: 'ok', history: [] },
    ...handlers,
  });
  renderScreen(<ProfilePage />, {
    path,
    route: path === '/profile' ? '/profile' : '/profile/:username',
  });
  return api;
}

/** A profile server that keeps whether I blocked bob. */
function blockingServer() {
  let blocked = false;
  return {
    profile: () => ({
      result: 'ok' as const,
      data: profileOf('bob', blocked ? { blocked: true } : {}),
    }),
    block: () => {
      blocked = true;
      return { result: 'ok' as const };
    },
    unblock: () => {
      blocked = false;
      return { result: 'ok' as const };
    },
  } satisfies FakeHandlers;
}

const confirmDialog = () =>
  screen.getAllByRole('alertdialog', { hidden: true }).find((d) => d.hasAttribute('open'))!;

const reportDialog = () => screen.getByRole('dialog', { name: 'Report bob' });

describe('ProfilePage, block and report', () => {
  it("offers 'Block' and 'Report' on someone else's profile only, to a signed-in viewer", async () => {
    renderProfile({ profile: { result: 'ok', data: profileOf('bob') } });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    screen.getByRole('button', { name: 'Block' });
    screen.getByRole('button', { name: 'Report' });
  });

  it('offers neither on my own profile', async () => {
    renderProfile({ profile: { result: 'ok', data: profileOf('alice') } }, '/profile');
    await screen.findByRole('heading', { level: 1, name: 'alice' });
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('offers neither to a guest', async () => {
    fakeApi({
      userInfo: { result: 'guest' },
      profile: { result: 'ok', data: profileOf('bob') },
      profileRatings: { result: 'ok', history: [] },
    });
    renderScreen(<ProfilePage />, { path: '/profile/bob', route: '/profile/:username' });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    await screen.findByRole('button', { name: 'Add friend' });
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('blocks after the confirm modal, then offers Unblock, which unblocks', async () => {
    const api = renderProfile(blockingServer());
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await waitFor(() => within(confirmDialog()).getByText(blockQuestion('bob')));
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByRole('alertdialog')).toHaveLength(0));
    expect(api.callsOf('block')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => within(confirmDialog()).getByText(blockQuestion('bob')));
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Yes' }));
    await screen.findByRole('button', { name: 'Unblock' });
    expect(api.callsOf('block').map((call) => call.body)).toEqual([{ username: 'bob' }]);
    expect(statusToastText()).toBe('You blocked bob.');

    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await screen.findByRole('button', { name: 'Block' });
    expect(api.callsOf('unblock').map((call) => call.body)).toEqual([{ username: 'bob' }]);
    expect(statusToastText()).toBe('You unblocked bob.');
  });

  it('alerts a refused block with the server’s sentence', async () => {
    renderProfile({
      profile: { result: 'ok', data: profileOf('bob') },
      block: { status: 404, err: 'No player has that username' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await waitFor(() => within(confirmDialog()).getByText(blockQuestion('bob')));
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => within(confirmDialog()).getByText('Error: No player has that username'));
  });

  it('reports with a reason and a note on one line, and thanks the player', async () => {
    const api = renderProfile({
      profile: { result: 'ok', data: profileOf('bob') },
      report: { result: 'ok', reportId: 3 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = reportDialog();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Cheating', 'Abuse', 'Offensive name', 'Other']);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getAllByRole('radio')[0]),
    );
    // No reason yet: said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    within(dialog).getByText(CHOOSE_REASON);
    expect(api.callsOf('report')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Abuse' }));
    const note = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Note (optional)' });
    expect(note.maxLength).toBe(500);
    fireEvent.change(note, { target: { value: 'rude\tin every game ' } });
    expect(note.value).toBe('rude in every game ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(statusToastText()).toBe(REPORT_SENT));
    expect(api.callsOf('report').map((call) => call.body)).toEqual([
      { username: 'bob', reason: 'abuse', note: 'rude in every game' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Report bob' })).toBeNull();
  });

  it('shows a refused report in the modal, which stays open', async () => {
    const api = renderProfile({
      profile: { result: 'ok', data: profileOf('bob') },
      report: { status: 409, err: 'You already reported this player' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    fireEvent.click(within(reportDialog()).getByRole('radio', { name: 'Cheating' }));
    fireEvent.click(within(reportDialog()).getByRole('button', { name: 'Send' }));
    await within(reportDialog()).findByText('You already reported this player');
    expect(api.callsOf('report').map((call) => call.body)).toEqual([
      { username: 'bob', reason: 'cheating' },
    ]);
    expect(statusToastText()).toBeNull();
    // Closed and opened again: the refusal is gone.
    fireEvent.click(within(reportDialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(within(reportDialog()).queryByText('You already reported this player')).toBeNull();
  });
});
