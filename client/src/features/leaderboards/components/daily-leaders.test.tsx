import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { fakeApi } from '@/test/fake-api.ts';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { DAILY_LEADERS_FOOTER, NO_SOLVERS } from './daily-leaders.tsx';
import { LeaderboardsPage } from './leaderboards-page.tsx';

const EMPTY_BOARD: EndpointResponse<'leaderboard'> = {
  result: 'ok',
  scores: [],
  computedAt: '2026-11-26T10:00:00.000Z',
};

describe('the Leaderboards screen’s Today’s solvers tab', () => {
  it('lists today’s solvers with guesses and score, rows opening profiles', async () => {
    const api = fakeApi({
      leaderboard: EMPTY_BOARD,
      dailyLeaders: {
        result: 'ok',
        day: '2026-12-01',
        computedAt: '2026-12-01T10:00:00.000Z',
        entries: [
          {
            username: 'ann',
            displayName: 'Ann',
            guesses: 4,
            score: 85,
            finishedAt: '2026-12-01T08:00:00.000Z',
          },
          {
            username: 'bo_b',
            displayName: 'Bo_B',
            guesses: 6,
            score: 75,
            finishedAt: '2026-12-01T07:00:00.000Z',
            hard: true,
          },
        ],
      },
    });
    renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
    await screen.findByRole('heading', { name: 'Daily Leaderboards' });
    expect(api.callsOf('dailyLeaders')).toHaveLength(0);
    const tab = screen.getByRole('tab', { name: 'Today’s solvers' });
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Today’s solvers' });
    within(panel).getByRole('heading', { level: 1, name: 'Today’s solvers' });
    await within(panel).findByText('Daily Jotto #6 ·', { exact: false });
    const rows = within(panel)
      .getAllByRole('row')
      .map((row) => row.textContent);
    // A hard-mode solve is marked beside the name, with why in its tooltip.
    expect(rows).toEqual(['UsernameGuessesScore', '1Ann485', '2Bo_BHard675']);
    expect(within(panel).getByText('Hard').getAttribute('title')).toBe('Solved in hard mode');
    within(panel).getByText(DAILY_LEADERS_FOOTER);
    fireEvent.click(within(panel).getByRole('link', { name: 'Bo_B' }));
    expect(currentPath()).toBe('/profile/bo_b');
  });

  it('is reached by the arrow keys like the other tabs, and says when nobody has solved yet', async () => {
    fakeApi({
      leaderboard: EMPTY_BOARD,
      dailyLeaders: {
        result: 'ok',
        day: '2026-12-01',
        computedAt: '2026-12-01T10:00:00.000Z',
        entries: [],
      },
    });
    renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
    const daily = await screen.findByRole('tab', { name: 'Daily' });
    fireEvent.keyDown(daily, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Today’s solvers' }));
    await screen.findByText(NO_SOLVERS);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await screen.findByRole('heading', { name: 'Daily Leaderboards' });
  });

  it('is fetched when shown and again every few seconds while shown, then rests', async () => {
    let solvers: EndpointResponse<'dailyLeaders'>['entries'] = [];
    const api = fakeApi({
      leaderboard: EMPTY_BOARD,
      dailyLeaders: () => ({
        result: 'ok',
        day: '2026-12-01',
        computedAt: '2026-12-01T10:00:00.000Z',
        entries: solvers,
      }),
    });
    renderScreen(<LeaderboardsPage />, { path: '/leaderboards' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Today’s solvers' }));
    const panel = screen.getByRole('tabpanel', { name: 'Today’s solvers' });
    await within(panel).findByText(NO_SOLVERS);
    // Someone solves while the board is on screen: the next poll shows it, with no reload.
    solvers = [
      {
        username: 'ann',
        displayName: 'Ann',
        guesses: 4,
        score: 85,
        finishedAt: '2026-12-01T10:00:01.000Z',
      },
    ];
    await within(panel).findByRole('link', { name: 'Ann' }, { timeout: POLL_INTERVAL_MS + 2_000 });
    // Another tab: the daily leaders are no longer polled.
    fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
    await screen.findByRole('heading', { name: 'Weekly Leaderboards' });
    const calls = api.callsOf('dailyLeaders').length;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 500));
    expect(api.callsOf('dailyLeaders')).toHaveLength(calls);
  }, 15_000);
});
