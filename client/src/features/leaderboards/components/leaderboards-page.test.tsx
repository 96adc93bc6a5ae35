import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { LeaderboardsPage, RATING_BOARD_NOTE } from './leaderboards-page.tsx';

const board = (
  scores: EndpointResponse<'leaderboard'>['scores'],
): EndpointResponse<'leaderboard'> => ({
  result: 'ok',
  scores,
  computedAt: '2024-05-01T12:00:00.000Z',
});

const BOARDS = {
  daily: board([
    { id: 1, displayName: 'Alice', username: 'alice', score: 95, admin: true },
    { id: 2, displayName: 'Bob_2', username: 'bob_2', score: 80, admin: false },
  ]),
  weekly: board([{ id: 3, displayName: 'Carol', username: 'carol', score: 400, admin: false }]),
  alltime: board([{ id: 4, displayName: 'Dave', username: 'dave', score: 9000, admin: false }]),
  rating: board([
    { id: 5, displayName: 'Erin', username: 'erin', score: 1712, admin: false },
    { id: 6, displayName: 'Frank', username: 'frank', score: 1650, admin: true },
  ]),
};

function renderBoards() {
  const api = fakeApi({
    userInfo: { result: 'ok', msg: 'alice' },
    leaderboard: ({ params }) => BOARDS[params.type],
    dailyLeaders: {
      result: 'ok',
      day: '2026-11-26',
      entries: [],
      computedAt: '2026-11-26T12:00:00.000Z',
    },
  });
  renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
  return api;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('LeaderboardsPage', () => {
  it('opens on Daily Leaderboards with the Username and Score columns', async () => {
    const api = renderBoards();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Daily',
      'Weekly',
      'All-Time',
      'Rating',
      'Today’s solvers',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Daily Leaderboards');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Username', 'Score']);
    await screen.findByText('Alice');
    expect(api.callsOf('leaderboard')[0]!.params).toEqual({ type: 'daily' });
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      '95',
      '80',
    ]);
    screen.getByText('Updated every 5 minutes');
  });

  it('shows Loading... until the board arrives', async () => {
    renderBoards();
    expect(screen.getByText('Loading...').getAttribute('role')).toBe('status');
    await screen.findByText('Alice');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('marks admins with a star that has a name, and nobody else', async () => {
    renderBoards();
    await screen.findByText('Alice');
    const [alice, bob] = rows();
    expect(within(alice!).getByRole('img', { name: 'Admin' }).textContent).toBe('★');
    expect(within(bob!).queryByRole('img', { name: 'Admin' })).toBeNull();
  });

  it.each([
    ['Weekly', 'weekly', 'Weekly Leaderboards', 'Carol'],
    ['All-Time', 'alltime', 'All-Time Leaderboards', 'Dave'],
    ['Rating', 'rating', 'Rating Leaderboards', 'Erin'],
  ] as const)('loads the %s tab', async (label, type, title, name) => {
    const api = renderBoards();
    await screen.findByText('Alice');
    fireEvent.click(screen.getByRole('tab', { name: label }));
    expect(screen.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    await screen.findByText(name);
    expect(api.callsOf('leaderboard').at(-1)!.params).toEqual({ type });
    expect(screen.queryByText('Alice')).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    renderBoards();
    const daily = screen.getByRole('tab', { name: 'Daily' });
    fireEvent.keyDown(daily, { key: 'End' });
    const today = screen.getByRole('tab', { name: 'Today’s solvers' });
    fireEvent.keyDown(today, { key: 'ArrowLeft' });
    const rating = screen.getByRole('tab', { name: 'Rating' });
    expect(rating.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(rating);
    fireEvent.keyDown(rating, { key: 'ArrowLeft' });
    const allTime = screen.getByRole('tab', { name: 'All-Time' });
    expect(allTime.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(allTime);
    fireEvent.keyDown(allTime, { key: 'ArrowRight' });
    fireEvent.keyDown(rating, { key: 'ArrowRight' });
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Daily' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Alice');
  });

  it("shows the Rating tab: 'Rating Leaderboards', a Rating column, and why some are missing", async () => {
    const api = renderBoards();
    await screen.findByText('Alice');
    expect(screen.queryByText(RATING_BOARD_NOTE)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Rating' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rating Leaderboards');
    await screen.findByText('Erin');
    expect(api.callsOf('leaderboard').at(-1)!.params).toEqual({ type: 'rating' });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Username', 'Rating']);
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1Erin', '1712'],
      ['2Frank★', '1650'],
    ]);
    screen.getByText(RATING_BOARD_NOTE);
    screen.getByText('Updated every 5 minutes');
  });

  it('opens the profile of a row by its username, by row or by link', async () => {
    renderBoards();
    fireEvent.click(await screen.findByText('80'));
    expect(currentPath()).toBe('/profile/bob_2');
  });

  it('links each name to its profile for the keyboard', async () => {
    renderBoards();
    const link = await screen.findByRole('link', { name: 'Alice' });
    expect(link.getAttribute('href')).toBe('/profile/alice');
  });

  it("says 'No scores yet' for an empty board", async () => {
    fakeApi({ userInfo: { result: 'guest' }, leaderboard: board([]) });
    renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
    await screen.findByText('No scores yet');
  });

  it('only logs a failed load, and stops loading', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      userInfo: { result: 'guest' },
      leaderboard: { status: 503, err: 'The leaderboards are not ready' },
    });
    renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
    // A 5xx is retried once (lib/query-client.ts) before it counts as failed.
    await waitFor(
      () => expect(log).toHaveBeenCalledWith('leaderboard failed to load', expect.anything()),
      { timeout: 4000 },
    );
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(alertText()).toBeNull();
    expect(rows()).toHaveLength(0);
    screen.getByText('Updated every 5 minutes');
  });
});
