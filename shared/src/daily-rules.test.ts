import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  ARCHIVE_MESSAGES,
  ARCHIVE_PAGE_SIZE,
  archiveDayProblem,
  archivePageDays,
  archiveTally,
  currentDailyStreak,
  DAILY_FIRST_DAY,
  dailyDayOf,
  dailyNumberOf,
  type DailyRecord,
  dailyShareText,
  dailyStats,
  maxDailyStreak,
  MAX_DAILY_GUESSES,
  nextDailyStart,
} from './daily-rules.ts';
import { applyGuess } from './game-rules.ts';
import { GUESS_WORDS, SECRET_WORDS } from './word-lists.ts';

const solved = (day: string, guesses = 5): DailyRecord => ({ day, outcome: 'solved', guesses });
const failed = (day: string, guesses = 3): DailyRecord => ({ day, outcome: 'failed', guesses });
const playing = (day: string, guesses = 2): DailyRecord => ({ day, outcome: 'playing', guesses });

describe('the daily calendar', () => {
  it('numbers days from the first daily, #1 on 2026-11-26', () => {
    expect(DAILY_FIRST_DAY).toBe('2026-11-26');
    expect(dailyNumberOf('2026-11-26')).toBe(1);
    expect(dailyNumberOf('2026-11-27')).toBe(2);
    expect(dailyNumberOf('2027-11-26')).toBe(366);
    expect(dailyNumberOf('2026-11-25')).toBe(0);
  });

  it('takes the day from the UTC calendar, whatever the hour', () => {
    expect(dailyDayOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(dailyDayOf(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
    // 01:30 in UTC+2 is still the day before in UTC.
    expect(dailyDayOf(new Date('2027-03-01T01:30:00+02:00'))).toBe('2027-02-28');
  });

  it('gives the next word at the next 00:00 UTC', () => {
    expect(nextDailyStart(new Date('2026-11-26T11:04:00Z')).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(nextDailyStart(new Date('2026-11-26T00:00:00Z')).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(nextDailyStart(new Date('2028-02-28T23:00:00Z')).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('walks across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('27-2-3', 1)).toThrow(RangeError);
  });
});

describe('daily streaks', () => {
  const today = '2027-01-10';
  const run = (last: string, length: number) =>
    Array.from({ length }, (_, i) => solved(addDays(last, -i)));

  it('counts consecutive solved days up to today', () => {
    expect(currentDailyStreak(run(today, 4), today)).toBe(4);
  });

  it('keeps the streak while today is not played yet, or still being played', () => {
    const upToYesterday = run(addDays(today, -1), 3);
    expect(currentDailyStreak(upToYesterday, today)).toBe(3);
    expect(currentDailyStreak([...upToYesterday, playing(today)], today)).toBe(3);
  });

  it('loses the streak at once when today is failed', () => {
    const upToYesterday = run(addDays(today, -1), 3);
    expect(currentDailyStreak([...upToYesterday, failed(today)], today)).toBe(0);
    expect(maxDailyStreak([...upToYesterday, failed(today)], today)).toBe(3);
  });

  it('breaks on a missed day', () => {
    // Solved today and two days ago, nothing yesterday.
    const records = [solved(today), solved(addDays(today, -2)), solved(addDays(today, -3))];
    expect(currentDailyStreak(records, today)).toBe(1);
    expect(maxDailyStreak(records, today)).toBe(2);
    // Nothing yesterday nor today: no current streak once yesterday is over.
    expect(currentDailyStreak([solved(addDays(today, -2))], today)).toBe(0);
  });

  it('breaks on a lost day, and on a day left unfinished', () => {
    const lost = [solved(today), failed(addDays(today, -1)), solved(addDays(today, -2))];
    expect(currentDailyStreak(lost, today)).toBe(1);
    const unfinished = [solved(today), playing(addDays(today, -1)), solved(addDays(today, -2))];
    expect(currentDailyStreak(unfinished, today)).toBe(1);
    expect(maxDailyStreak(unfinished, today)).toBe(1);
  });

  it('finds the longest run in any order, across a month end', () => {
    const records = [
      ...run('2026-12-02', 5),
      failed('2026-12-03'),
      ...run('2026-12-10', 3),
      solved('2026-12-20'),
    ].reverse();
    expect(maxDailyStreak(records, today)).toBe(5);
    expect(maxDailyStreak([], today)).toBe(0);
  });

  it('never counts a day after today', () => {
    expect(maxDailyStreak(run(addDays(today, 3), 5), today)).toBe(2);
  });

  it('never has a current streak longer than the longest (property)', () => {
    const dayOffsets = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 });
    const outcomes = fc.array(fc.constantFrom('solved', 'failed', 'playing' as const), {
      minLength: 40,
      maxLength: 40,
    });
    fc.assert(
      fc.property(dayOffsets, outcomes, (offsets, kinds) => {
        const records = offsets.map((offset, i) => ({
          day: addDays(today, -offset),
          outcome: kinds[i]!,
          guesses: 4,
        }));
        const current = currentDailyStreak(records, today);
        expect(current).toBeLessThanOrEqual(maxDailyStreak(records, today));
        expect(current).toBeLessThanOrEqual(records.filter((r) => r.outcome === 'solved').length);
      }),
    );
  });
});

describe('daily stats', () => {
  it('counts finished dailies, solves and the guess distribution', () => {
    const stats = dailyStats(
      [
        solved('2027-01-10', 6),
        solved('2027-01-09', 6),
        solved('2027-01-08', 1),
        failed('2027-01-07'),
        solved('2027-01-05', 20),
        playing('2027-01-04'),
      ],
      '2027-01-10',
    );
    expect(stats.played).toBe(5);
    expect(stats.solved).toBe(4);
    expect(stats.currentStreak).toBe(3);
    expect(stats.maxStreak).toBe(3);
    expect(stats.distribution).toHaveLength(MAX_DAILY_GUESSES + 1);
    expect(stats.distribution[0]).toBe(0);
    expect(stats.distribution[1]).toBe(1);
    expect(stats.distribution[6]).toBe(2);
    expect(stats.distribution[20]).toBe(1);
    expect(stats.distribution.reduce((a, b) => a + b, 0)).toBe(stats.solved);
  });

  it('starts from nothing', () => {
    expect(dailyStats([], '2027-01-10')).toEqual({
      played: 0,
      solved: 0,
      currentStreak: 0,
      maxStreak: 0,
      distribution: Array.from({ length: 21 }, () => 0),
    });
  });
});

describe('the share text', () => {
  const link = 'https://jotto.example/daily';

  it('says the number, the guesses and the points, the match counts and the link', () => {
    expect(
      dailyShareText({
        number: 123,
        end: 'solved',
        matchCounts: [2, 3, 0, 1, 4, 5],
        score: 75,
        link,
      }),
    ).toBe(`Jotto #123 · solved in 6 · 75 pts\n2 3 0 1 4 ✓\n${link}`);
    expect(dailyShareText({ number: 4, end: 'solved', matchCounts: [5], score: 100, link })).toBe(
      `Jotto #4 · solved in 1 · 100 pts\n✓\n${link}`,
    );
  });

  it('adds the skill to the first line once it is known', () => {
    const input = { number: 7, matchCounts: [2, 5], score: 95, link };
    expect(dailyShareText({ ...input, end: 'solved', skill: 87 })).toBe(
      `Jotto #7 · solved in 2 · 95 pts · Skill 87\n2 ✓\n${link}`,
    );
    expect(dailyShareText({ ...input, end: 'gave up', skill: 0 })).toBe(
      `Jotto #7 · gave up · 0 pts · Skill 0\n2 5 ✕\n${link}`,
    );
  });

  it('says how a failed daily ended, with no points', () => {
    expect(
      dailyShareText({ number: 9, end: 'gave up', matchCounts: [1, 2], score: 95, link }),
    ).toBe(`Jotto #9 · gave up · 0 pts\n1 2 ✕\n${link}`);
    const twenty = Array.from({ length: 20 }, () => 1);
    expect(
      dailyShareText({ number: 9, end: 'out of points', matchCounts: twenty, score: 0, link }),
    ).toBe(`Jotto #9 · out of points · 0 pts\n${twenty.join(' ')} ✕\n${link}`);
  });

  // A game played out with the real rules from real words: whatever the words, the text before
  // the link has only the template's words and numbers, and no word of the game at all.
  it('never carries a guessed word or the secret (property)', () => {
    const game = fc.record({
      secret: fc.constantFrom(...SECRET_WORDS),
      guesses: fc.uniqueArray(fc.constantFrom(...GUESS_WORDS), { maxLength: 19 }),
      end: fc.constantFrom('solved', 'gave up', 'out of points' as const),
      number: fc.integer({ min: 1, max: 100_000 }),
      skill: fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }),
    });
    const line = {
      head: /^Jotto #\d+ · (solved in \d+ · \d+ pts|gave up · 0 pts|out of points · 0 pts)( · Skill \d+)?$/,
      marks: /^(\d )*[✓✕]$/,
    };
    fc.assert(
      fc.property(game, ({ secret, guesses, end, number, skill }) => {
        const played = guesses.filter((word) => word !== secret);
        if (end === 'solved') played.push(secret);
        let score = 100;
        const matchCounts = played.map((word) => {
          const outcome = applyGuess({ score }, word, secret);
          score = outcome.score;
          return outcome.matches;
        });
        const text = dailyShareText({ number, end, matchCounts, score, link, skill });
        const [head, marks, shownLink, ...rest] = text.split('\n');
        expect(rest).toEqual([]);
        expect(shownLink).toBe(link);
        expect(head).toMatch(line.head);
        expect(marks).toMatch(line.marks);
        // The template's own words ('skill' is a dictionary word too) are checked by the
        // patterns above; every other word of the text would have come from the game.
        const template = new Set([
          'jotto',
          'solved',
          'in',
          'pts',
          'gave',
          'up',
          'out',
          'of',
          'points',
          'skill',
        ]);
        const tokens = `${head} ${marks}`
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((token) => !template.has(token));
        for (const word of [secret, ...played]) expect(tokens).not.toContain(word);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the archive', () => {
  const today = addDays(DAILY_FIRST_DAY, 100);

  it('plays only real days from the first daily to yesterday', () => {
    expect(archiveDayProblem(addDays(today, -1), today)).toBeNull();
    expect(archiveDayProblem(DAILY_FIRST_DAY, today)).toBeNull();
    expect(archiveDayProblem(today, today)).toBe(ARCHIVE_MESSAGES.today);
    expect(archiveDayProblem(addDays(today, 1), today)).toBe(ARCHIVE_MESSAGES.future);
    expect(archiveDayProblem(addDays(DAILY_FIRST_DAY, -1), today)).toBe(
      ARCHIVE_MESSAGES.beforeFirst,
    );
    expect(archiveDayProblem('2027-02-29', today)).toBe(ARCHIVE_MESSAGES.noSuchDay);
    expect(archiveDayProblem('2027-13-01', today)).toBe(ARCHIVE_MESSAGES.noSuchDay);
  });

  it('lists pages of days before `before`, newest first, never today, down to the first', () => {
    const first = archivePageDays(today);
    expect(first).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(first[0]).toBe(addDays(today, -1));
    const second = archivePageDays(today, first[first.length - 1]);
    expect(second).toHaveLength(100 - ARCHIVE_PAGE_SIZE);
    expect(second[second.length - 1]).toBe(DAILY_FIRST_DAY);
    expect(archivePageDays(today, addDays(today, 5))).toEqual(first);
    expect(archivePageDays(DAILY_FIRST_DAY)).toEqual([]);
  });

  it('tallies finished archive games, and the solved among them', () => {
    expect(archiveTally(['solved', 'failed', 'playing', 'solved'])).toEqual({
      archivePlayed: 3,
      archiveSolved: 2,
    });
  });
});
