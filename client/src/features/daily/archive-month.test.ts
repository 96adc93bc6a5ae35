import { describe, expect, it } from 'vitest';
import {
  addMonths,
  archiveMonths,
  daysOfMonth,
  pageBeforeOf,
  weeksOfMonth,
} from './archive-month.ts';

describe('the archive calendar’s months', () => {
  it('lays a month out in weeks, Monday first, blank before the 1st and after the last day', () => {
    // 1 November 2026 was a Sunday: the last column of the first week.
    const weeks = weeksOfMonth('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[1]![0]).toBe('2026-11-02');
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter((day) => day !== null)).toEqual(daysOfMonth('2026-11'));
    expect(daysOfMonth('2028-02')).toHaveLength(29);
  });

  it('steps across years, and fetches a month by the 1st of the next', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(pageBeforeOf('2026-12')).toBe('2027-01-01');
  });

  it('runs from the first daily’s month to yesterday’s', () => {
    expect(archiveMonths('2027-03-01')).toEqual({ first: '2026-11', last: '2027-02' });
    expect(archiveMonths('2027-03-14')).toEqual({ first: '2026-11', last: '2027-03' });
  });
});
