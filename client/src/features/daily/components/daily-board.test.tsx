import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { DailyBoard, NO_FRIEND_SOLVED, NOBODY_SOLVED } from './daily-board.tsx';

type Entry = EndpointResponse<'dailyLeaders'>['entries'][number];
const entry = (name: string, guesses: number): Entry => ({
  username: name.toLowerCase(),
  displayName: name,
  guesses,
  score: 100 - 5 * (guesses - 1),
  finishedAt: '2027-01-01T10:00:00.000Z',
});
const boardOf = (entries: Entry[]): EndpointResponse<'dailyLeaders'> => ({
  result: 'ok',
  day: '2027-01-01',
  entries,
  computedAt: '2027-01-01T10:00:00.000Z',
});

const rowsOf = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('DailyBoard', () => {
  it('shows a guest everyone’s solvers, with no tabs and no friends’ board', async () => {
    const api = fakeApi({ dailyLeaders: boardOf([entry('Zed', 3), entry('amy', 4)]) });
    renderScreen(<DailyBoard signedIn={false} />);
    const region = screen.getByRole('region', { name: 'Today’s solvers' });
    await within(region).findByRole('table');
    expect(rowsOf(region)).toEqual([
      ['1Zed', '3', '90'],
      ['2amy', '4', '85'],
    ]);
    expect(within(region).getByRole('link', { name: 'Zed' }).getAttribute('href')).toBe(
      '/profile/zed',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(api.callsOf('dailyLeaders').map((call) => call.query)).toEqual([undefined]);
  });

  it('gives a signed-in player Everyone and Friends tabs; Friends asks for the friends’ board', async () => {
    const api = fakeApi({
      dailyLeaders: ({ query }) =>
        query.scope === 'friends'
          ? boardOf([entry('alice', 5)])
          : boardOf([entry('Zed', 3), entry('alice', 5)]),
    });
    renderScreen(<DailyBoard signedIn />);
    const tabs = screen.getByRole('tablist', { name: 'Whose solves' });
    const [everyone, friends] = within(tabs).getAllByRole('tab');
    expect(everyone!.textContent).toBe('Everyone');
    expect(everyone!.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Everyone' });
    await within(panel).findByRole('table');
    expect(rowsOf(panel)).toHaveLength(2);

    fireEvent.click(friends!);
    expect(friends!.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('5');
    expect(rowsOf(screen.getByRole('tabpanel', { name: 'Friends' }))).toEqual([
      ['1alice', '5', '80'],
    ]);
    expect(api.callsOf('dailyLeaders').map((call) => call.query)).toEqual([
      undefined,
      { scope: 'friends' },
    ]);
    // The arrow keys move between the tabs, as everywhere.
    fireEvent.keyDown(friends!, { key: 'ArrowLeft' });
    expect(everyone!.getAttribute('aria-selected')).toBe('true');
  });

  it('says when nobody solved, and points a player with no solving friends to adding some', async () => {
    fakeApi({ dailyLeaders: boardOf([]) });
    renderScreen(<DailyBoard signedIn />);
    await screen.findByText(NOBODY_SOLVED);
    fireEvent.click(screen.getByRole('tab', { name: 'Friends' }));
    await screen.findByText(NO_FRIEND_SOLVED, { exact: false });
    expect(screen.getByRole('link', { name: 'Add friends' }).getAttribute('href')).toBe(
      '/friends/new',
    );
  });
});
