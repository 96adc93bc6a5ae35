import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, addDays, dailyNumberOf } from '@jotto/shared/daily-rules';
import type { DailyArchiveDay } from '@jotto/shared/daily-schemas';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { ArchiveGamePage } from './archive-game-page.tsx';
import { ArchivePage } from './archive-page.tsx';

const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;
const TODAY = '2027-03-01';
const now = () => new Date(`${TODAY}T09:00:00.000Z`);
const PAST = '2027-02-20';
const NUMBER = dailyNumberOf(PAST);

/** The page the server would list before `before`: nothing played. */
function pageBefore(before: string): DailyArchiveDay[] {
  return Array.from({ length: 60 }, (_, n) => addDays(before > TODAY ? TODAY : before, -n - 1))
    .filter((day) => day >= '2026-11-26')
    .map((day) => ({ day, number: dailyNumberOf(day), played: false, solved: false, guesses: 0 }));
}

describe('ArchivePage', () => {
  it('opens on yesterday’s month, fetched by the 1st of the next, and plays a day clicked', async () => {
    const api = fakeApi({
      ...GUEST,
      dailyArchive: { result: 'ok', days: pageBefore('2027-03-01') },
    });
    renderScreen(<ArchivePage now={now} />, { path: '/daily/archive' });
    screen.getByRole('heading', { level: 1, name: 'Daily Jotto archive' });
    screen.getByRole('link', { name: 'Archive', current: 'page' });
    await screen.findByRole('heading', { level: 2, name: 'February 2027' });
    const day = await screen.findByRole('button', {
      name: new RegExp(`^Play Daily Jotto #${NUMBER},`),
    });
    expect(api.callsOf('dailyArchive')[0]?.query).toEqual({ before: '2027-03-01' });
    fireEvent.click(day);
    expect(currentPath()).toBe(`/daily/${PAST}`);
  });

  it('pages back a month at a time, down to the first daily’s', async () => {
    const api = fakeApi({
      ...GUEST,
      dailyArchive: ({ query }) => ({ result: 'ok', days: pageBefore(query.before ?? TODAY) }),
    });
    renderScreen(<ArchivePage now={now} />, { path: '/daily/archive' });
    for (const month of ['January 2027', 'December 2026', 'November 2026']) {
      fireEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
      await screen.findByRole('heading', { level: 2, name: month });
    }
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(api.callsOf('dailyArchive').map((call) => call.query?.before)).toContain('2026-12-01'),
    );
  });
});

describe('ArchiveGamePage', () => {
  const openPast = (handlers: FakeHandlers, day = PAST) => {
    const api = fakeApi({ ...GUEST, ...handlers });
    renderScreen(<ArchiveGamePage />, { path: `/daily/${day}`, route: '/daily/:day' });
    return api;
  };

  it('plays a past day under its number, marked archive, and ends with no streak or points', async () => {
    const server = fakeGameServer({ id: 9, target: 'plant', archive: true });
    const api = openPast({
      dailyDay: { result: 'ok', gameId: 9, day: PAST, number: NUMBER, archive: true },
      ...server.handlers,
    });
    await screen.findByRole('heading', { level: 1, name: `Daily Jotto #${NUMBER} · archive` });
    expect(api.callsOf('dailyDay')[0]?.params).toEqual({ day: PAST });
    fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: 'giveup' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
    const results = await screen.findAllByRole('region', {
      name: `Daily Jotto #${NUMBER}: gave up`,
      hidden: true,
    });
    expect(results.length).toBeGreaterThan(0);
    const note = 'From the archive: it earns no points and does not count for your streak.';
    expect(screen.getAllByText(note).length).toBeGreaterThan(0);
    expect(screen.queryByText('Current streak')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('says why a day cannot be played, back on the archive', async () => {
    openPast({ dailyDay: { status: 400, err: ARCHIVE_MESSAGES.future } }, '2099-01-01');
    await waitFor(() => expect(alertText()).toBe(ARCHIVE_MESSAGES.future));
    expect(currentPath()).toBe('/daily/archive');
  });
});
