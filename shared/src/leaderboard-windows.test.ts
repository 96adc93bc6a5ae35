import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaderboardWindowStart } from './leaderboard-windows.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('leaderboardWindowStart', () => {
  it('daily starts at 00:00 UTC of the same UTC day', () => {
    expect(iso(leaderboardWindowStart('daily', at('2026-03-04T12:34:56.789Z')))).toBe(
      '2026-03-04T00:00:00.000Z',
    );
    expect(iso(leaderboardWindowStart('daily', at('2026-03-04T00:00:00.000Z')))).toBe(
      '2026-03-04T00:00:00.000Z',
    );
    expect(iso(leaderboardWindowStart('daily', at('2026-03-04T23:59:59.999Z')))).toBe(
      '2026-03-04T00:00:00.000Z',
    );
  });

  it('uses the UTC day, not the local one, for a time given with an offset', () => {
    // 01:30 on the 5th in UTC+03:00 is still 22:30 on the 4th in UTC.
    expect(iso(leaderboardWindowStart('daily', at('2026-03-05T01:30:00+03:00')))).toBe(
      '2026-03-04T00:00:00.000Z',
    );
  });

  // 2026-03-02 is a Monday.
  it.each([
    ['2026-03-02T00:00:00.000Z', 'Monday at midnight'],
    ['2026-03-02T09:00:00.000Z', 'Monday'],
    ['2026-03-04T12:00:00.000Z', 'Wednesday'],
    ['2026-03-07T18:00:00.000Z', 'Saturday'],
    ['2026-03-08T23:59:59.999Z', 'Sunday, last instant'],
  ])('weekly at %s (%s) starts on Monday 2026-03-02 00:00 UTC', (now) => {
    expect(iso(leaderboardWindowStart('weekly', at(now)))).toBe('2026-03-02T00:00:00.000Z');
  });

  it('weekly crosses month and year ends', () => {
    // Thursday 1 January 2026 belongs to the week of Monday 29 December 2025.
    expect(iso(leaderboardWindowStart('weekly', at('2026-01-01T08:00:00Z')))).toBe(
      '2025-12-29T00:00:00.000Z',
    );
    // Sunday 1 March 2026 belongs to the week of Monday 23 February.
    expect(iso(leaderboardWindowStart('weekly', at('2026-03-01T08:00:00Z')))).toBe(
      '2026-02-23T00:00:00.000Z',
    );
  });

  it('all-time has no start', () => {
    expect(leaderboardWindowStart('alltime', at('2026-03-04T12:00:00Z'))).toBeNull();
  });

  it('any instant: weekly start is a Monday midnight at most 7 days back, daily inside it', () => {
    const instants = fc.date({
      min: new Date('1970-01-05T00:00:00Z'),
      max: new Date('2200-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (now) => {
        const weekly = leaderboardWindowStart('weekly', now)!;
        const daily = leaderboardWindowStart('daily', now)!;
        expect(weekly.getUTCDay()).toBe(1);
        expect(weekly.getTime() % (24 * 3600 * 1000)).toBe(0);
        expect(daily.getTime() % (24 * 3600 * 1000)).toBe(0);
        expect(weekly.getTime()).toBeLessThanOrEqual(daily.getTime());
        expect(daily.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime() - weekly.getTime()).toBeLessThan(7 * 24 * 3600 * 1000);
        expect(now.getTime() - daily.getTime()).toBeLessThan(24 * 3600 * 1000);
      }),
    );
  });
});
