import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, nextReminderDue, reminderWanted } from './daily-reminder-rules.ts';
import type { DailyRecord } from './daily-rules.ts';

const due = (after: string, hour: number, timeZone: string) =>
  nextReminderDue(new Date(after), hour, timeZone).toISOString();

describe('canonicalTimeZone', () => {
  it('takes IANA names, in any case, as the runtime names them', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('ASIA/TOKYO')).toBe('Asia/Tokyo');
  });

  it('refuses what is no zone, and offsets, which have no daylight saving', () => {
    for (const name of ['', 'Mars/Olympus', 'Europe/Pariss', '+02:00', '-05:00', 'x'.repeat(65)]) {
      expect(canonicalTimeZone(name), name).toBeNull();
    }
  });
});

describe('nextReminderDue', () => {
  it('is the hour of the player’s clock, later today or else tomorrow', () => {
    // Paris in winter is UTC+1.
    expect(due('2027-01-10T12:00:00Z', 20, 'Europe/Paris')).toBe('2027-01-10T19:00:00.000Z');
    expect(due('2027-01-10T19:00:00Z', 20, 'Europe/Paris')).toBe('2027-01-11T19:00:00.000Z');
    expect(due('2027-01-10T23:30:00Z', 20, 'Europe/Paris')).toBe('2027-01-11T19:00:00.000Z');
    // Paris in summer is UTC+2.
    expect(due('2027-07-10T12:00:00Z', 20, 'Europe/Paris')).toBe('2027-07-10T18:00:00.000Z');
  });

  it('reads the local day, not the UTC day, for zones far from UTC', () => {
    // 22:00 UTC on the 10th is already 07:00 on the 11th in Tokyo (UTC+9): 08:00 is an hour off.
    expect(due('2027-01-10T22:00:00Z', 8, 'Asia/Tokyo')).toBe('2027-01-10T23:00:00.000Z');
    // 03:00 UTC on the 11th is 19:00 on the 10th in Los Angeles (UTC-8): 20:00 comes at 04:00 UTC.
    expect(due('2027-01-11T03:00:00Z', 20, 'America/Los_Angeles')).toBe('2027-01-11T04:00:00.000Z');
    expect(due('2027-01-10T12:00:00Z', 0, 'UTC')).toBe('2027-01-11T00:00:00.000Z');
  });

  it('moves with the clocks across a change to and from daylight saving', () => {
    // Paris goes to summer time on 2027-03-28: 20:00 is 19:00 UTC before, 18:00 UTC after.
    expect(due('2027-03-27T19:00:00Z', 20, 'Europe/Paris')).toBe('2027-03-28T18:00:00.000Z');
    // And back on 2027-10-31.
    expect(due('2027-10-30T18:00:00Z', 20, 'Europe/Paris')).toBe('2027-10-31T19:00:00.000Z');
    // New York: 2027-03-14 and 2027-11-07.
    expect(due('2027-03-13T14:00:00Z', 9, 'America/New_York')).toBe('2027-03-14T13:00:00.000Z');
    expect(due('2027-11-06T13:00:00Z', 9, 'America/New_York')).toBe('2027-11-07T14:00:00.000Z');
  });

  it('fires after a skipped hour, and at the first of a repeated one', () => {
    // 02:00 does not exist in New York on 2027-03-14: the clock jumps from 01:59 EST to 03:00 EDT.
    expect(due('2027-03-13T08:00:00Z', 2, 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    // 01:00 comes twice there on 2027-11-07: first at 05:00 UTC (EDT), again at 06:00 (EST).
    expect(due('2027-11-06T06:00:00Z', 1, 'America/New_York')).toBe('2027-11-07T05:00:00.000Z');
    // The same east of UTC: Paris reads 02:00 twice on 2027-10-31, first at 00:00 UTC.
    expect(due('2027-10-30T01:00:00Z', 2, 'Europe/Paris')).toBe('2027-10-31T00:00:00.000Z');
  });

  it('is always within a day and a little after, and on the hour of the player’s clock', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(...zones),
        (after, hour, timeZone) => {
          const at = nextReminderDue(after, hour, timeZone);
          expect(at.getTime()).toBeGreaterThan(after.getTime());
          // A day, plus the longest clock change (an hour; half an hour on Lord Howe).
          expect(at.getTime() - after.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
          const clock = (ms: number) => {
            const [h, m] = new Intl.DateTimeFormat('en-GB', {
              timeZone,
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            })
              .format(new Date(ms))
              .split(':')
              .map(Number);
            return h! * 60 + m!;
          };
          const late = (clock(at.getTime()) - hour * 60 + 1440) % 1440;
          // On the hour; later only just after a skip (the clock jumped within the last hour).
          const jumped = clock(at.getTime()) - clock(at.getTime() - 3_600_000) !== 60;
          expect(late === 0 || (jumped && late <= 60)).toBe(true);
        },
      ),
    );
  });
});

describe('reminderWanted', () => {
  const solved = (day: string): DailyRecord => ({ day, outcome: 'solved', guesses: 5 });
  const today = '2027-01-10';

  it('reminds while a streak is alive and today is unplayed or unfinished', () => {
    expect(reminderWanted([solved('2027-01-09')], today)).toBe(true);
    expect(
      reminderWanted([solved('2027-01-09'), { day: today, outcome: 'playing', guesses: 2 }], today),
    ).toBe(true);
  });

  it('stays quiet without a streak, and once today is solved or failed', () => {
    expect(reminderWanted([], today)).toBe(false);
    expect(reminderWanted([solved('2027-01-08')], today)).toBe(false);
    expect(reminderWanted([solved('2027-01-09'), solved(today)], today)).toBe(false);
    expect(
      reminderWanted([solved('2027-01-09'), { day: today, outcome: 'failed', guesses: 3 }], today),
    ).toBe(false);
  });
});
