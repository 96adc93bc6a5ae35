import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DailyArchiveDay } from '@jotto/shared/daily-schemas';
import { dailyNumberOf } from '@jotto/shared/daily-rules';
import { renderScreen } from '@/test/render-screen.tsx';
import { longDate } from '../archive-month.ts';
import { ArchiveCalendar } from './archive-calendar.tsx';

const TODAY = '2026-12-05';
const entry = (day: string, fields: Partial<DailyArchiveDay> = {}): DailyArchiveDay => ({
  day,
  number: dailyNumberOf(day),
  played: false,
  solved: false,
  guesses: 0,
  ...fields,
});
const DAYS = new Map(
  [
    entry('2026-12-01', { played: true, solved: true, guesses: 6 }),
    entry('2026-12-02', { played: true, guesses: 4 }),
    entry('2026-12-03', { guesses: 1 }),
    entry('2026-12-04'),
  ].map((e) => [e.day, e]),
);

function openCalendar(props: Partial<Parameters<typeof ArchiveCalendar>[0]> = {}) {
  const onPlay = vi.fn();
  const onPrevious = vi.fn();
  renderScreen(
    <ArchiveCalendar
      month="2026-12"
      today={TODAY}
      days={DAYS}
      onPlay={onPlay}
      onPrevious={onPrevious}
      onNext={null}
      {...props}
    />,
    { path: '/daily/archive' },
  );
  return { onPlay, onPrevious };
}

describe('ArchiveCalendar', () => {
  it('names each past day by its number, date and state, in words and shapes, not colour alone', () => {
    openCalendar();
    const named = (action: string, day: string, state: string) =>
      screen.getByRole('button', {
        name: `${action} Daily Jotto #${dailyNumberOf(day)}, ${longDate(day)}: ${state}`,
      });
    expect(named('View', '2026-12-01', 'solved in 6 guesses').textContent).toBe('1✓Solved');
    expect(named('View', '2026-12-02', 'lost').textContent).toBe('2✕Lost');
    expect(named('Resume', '2026-12-03', 'started, 1 guess').textContent).toBe('3…Started');
    expect(named('Play', '2026-12-04', 'not played').textContent).toBe('4○Play');
    screen.getByText('✓ solved · ✕ lost · … started · ○ not played');
  });

  it('lays the month out Monday first, sends today to /daily, and leaves other days blank', () => {
    openCalendar();
    screen.getByRole('heading', { level: 2, name: 'December 2026' });
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 1 December 2026 was a Tuesday: the first week's second cell.
    const firstWeek = screen.getAllByRole('row')[1]!;
    expect(within(firstWeek).getAllByRole('cell')[1]!.textContent).toBe('1✓Solved');
    const today = screen.getByRole('link', { name: /^Today, Daily Jotto #/ });
    expect(today.getAttribute('href')).toBe('/daily');
    // After today: a date, nothing to play.
    expect(screen.getAllByRole('button', { name: /Daily Jotto/ })).toHaveLength(4);
    expect(screen.getByText('31').closest('button')).toBeNull();
  });

  it('plays the day clicked, and moves a month back but not past the newest', () => {
    const { onPlay, onPrevious } = openCalendar();
    fireEvent.click(screen.getByRole('button', { name: /^Play Daily Jotto/ }));
    expect(onPlay).toHaveBeenCalledWith('2026-12-04');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onPrevious).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
  });

  it('shows no day to play while its page is loading', () => {
    openCalendar({ days: undefined });
    expect(screen.queryAllByRole('button', { name: /Daily Jotto/ })).toEqual([]);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});
