import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FirebaseWebConfig } from '@/config/env.ts';
import type { PushReadiness } from '@/lib/push/push-readiness.ts';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { reminderHourLabel } from '../daily-reminder-view.ts';
import { DailyPage } from './daily-page.tsx';
import { DailyReminderControl } from './daily-reminder-control.tsx';

const CONFIG: FirebaseWebConfig = {
  apiKey: 'k',
  projectId: 'p',
  messagingSenderId: 'm',
  appId: 'a',
  vapidKey: 'v',
};
const OFF = { result: 'ok', reminder: null, pushAvailable: true } as const;
const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;

function open(
  handlers: FakeHandlers,
  options: { ready?: PushReadiness; config?: FirebaseWebConfig | null } = {},
) {
  const api = fakeApi({ ...SIGNED_IN, ...handlers });
  const ensurePush = vi.fn(async () => options.ready ?? 'ready');
  renderScreen(
    <DailyReminderControl
      pushConfig={options.config === undefined ? CONFIG : options.config}
      ensurePush={ensurePush}
      timeZone="Europe/Paris"
    />,
    { path: '/daily' },
  );
  return { api, ensurePush };
}

/** The control's own status line (the app's providers have others). */
const note = () =>
  within(screen.getByRole('region', { name: 'Streak reminder' })).getByRole('status');

describe('DailyReminderControl', () => {
  it('turns the reminder on at the chosen hour of the browser’s zone, after push is ready', async () => {
    const { api, ensurePush } = open({
      dailyReminder: OFF,
      setDailyReminder: ({ body }) => ({ result: 'ok', reminder: body, pushAvailable: true }),
    });
    const hour = await screen.findByLabelText(/Remind me at/);
    expect((hour as HTMLSelectElement).value).toBe('20');
    fireEvent.change(hour, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('button', { name: 'Turn off' });
    expect(ensurePush).toHaveBeenCalledWith(CONFIG);
    expect(api.callsOf('setDailyReminder')[0]?.body).toEqual({
      hour: 7,
      timeZone: 'Europe/Paris',
    });
    expect(screen.getByText(reminderHourLabel(7)).closest('p')?.textContent).toMatch(
      /^On: at .+ your time, if you have not played today’s word and your streak is alive\.$/,
    );
  });

  it('turns it off with one click', async () => {
    const { api } = open({
      dailyReminder: {
        result: 'ok',
        reminder: { hour: 20, timeZone: 'Asia/Tokyo' },
        pushAvailable: true,
      },
      dailyReminderOff: OFF,
    });
    // Set in another zone: the zone is named.
    await screen.findByText(/\(Asia\/Tokyo\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await screen.findByRole('button', { name: 'Turn on' });
    expect(api.callsOf('dailyReminderOff')).toHaveLength(1);
  });

  it('says why, and sets nothing, when this device cannot take push', async () => {
    const { api } = open({ dailyReminder: OFF }, { ready: 'blocked' });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(note().textContent).toMatch(/Notifications are blocked/));
    expect(api.callsOf('setDailyReminder')).toHaveLength(0);
  });

  it('offers nothing to turn on when the site sends no push', async () => {
    open({ dailyReminder: { ...OFF, pushAvailable: false } });
    await screen.findByText(/Reminders need push notifications/);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('says the server’s refusal', async () => {
    open({
      dailyReminder: OFF,
      setDailyReminder: { status: 400, err: 'timeZone is not a time zone we know' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(note().textContent).toBe('timeZone is not a time zone we know'));
  });

  it('is on the daily page for a signed-in player only', async () => {
    const today = { result: 'ok', gameId: 7, day: '2027-03-27', number: 487 } as const;
    const server = fakeGameServer({ id: 7, target: 'plant' });
    const signedIn = fakeApi({
      ...SIGNED_IN,
      daily: today,
      dailyReminder: OFF,
      ...server.handlers,
    });
    const view = renderScreen(<DailyPage />, { path: '/daily' });
    await screen.findByRole('region', { name: 'Streak reminder' });
    expect(signedIn.callsOf('dailyReminder')).toHaveLength(1);
    view.unmount();

    const guest = fakeApi({ userInfo: { result: 'guest' }, daily: today, ...server.handlers });
    renderScreen(<DailyPage />, { path: '/daily' });
    await screen.findByText('Make a Guess');
    expect(screen.queryByRole('region', { name: 'Streak reminder' })).toBeNull();
    expect(guest.callsOf('dailyReminder')).toHaveLength(0);
  });
});
