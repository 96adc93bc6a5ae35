import { describe, expect, it } from 'vitest';
import { addDays, DAILY_FIRST_DAY } from '@jotto/shared/daily-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { DAILY_REPEAT_GAP_DAYS, DailyWordDraw } from './daily-word.ts';

const KEY = 'daily-test-key-daily-test-key-0123456789';
const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(first, i));

describe('the daily word draw', () => {
  it('gives each day one secret word, the same for every draw with the same key', () => {
    const days = daysFrom(DAILY_FIRST_DAY, 60);
    const first = new DailyWordDraw(KEY);
    const words = days.map((day) => first.secretOf(day));
    for (const word of words) expect(SECRET_WORDS).toContain(word);
    // A fresh draw (another node, a restart), asked in another order, agrees day by day.
    const second = new DailyWordDraw(KEY);
    for (const day of [...days].reverse()) {
      expect(second.secretOf(day)).toBe(words[days.indexOf(day)]);
    }
  });

  it('gives another sequence with another key', () => {
    const days = daysFrom(DAILY_FIRST_DAY, 30);
    const a = new DailyWordDraw(KEY);
    const b = new DailyWordDraw(`${KEY}-rotated`);
    const wordsA = days.map((day) => a.secretOf(day));
    const wordsB = days.map((day) => b.secretOf(day));
    expect(wordsB).not.toEqual(wordsA);
    // Not a shifted or slightly changed copy either: by chance about 30/1350 days agree.
    const same = wordsA.filter((word, i) => word === wordsB[i]).length;
    expect(same).toBeLessThan(4);
  });

  it('never repeats a word within 365 days, over four years of the real list', () => {
    const draw = new DailyWordDraw(KEY);
    const words = daysFrom(DAILY_FIRST_DAY, 4 * 365 + 1).map((day) => draw.secretOf(day));
    const lastSeen = new Map<string, number>();
    let closest = Number.POSITIVE_INFINITY;
    words.forEach((word, day) => {
      const previous = lastSeen.get(word);
      if (previous !== undefined) closest = Math.min(closest, day - previous);
      lastSeen.set(word, day);
    });
    expect(closest).toBeGreaterThanOrEqual(DAILY_REPEAT_GAP_DAYS);
    // Four years of 365 distinct-in-a-year words out of 1,350: words do come back after a year.
    expect(closest).toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it('holds the gap even on a list barely longer than a year, where draws collide often', () => {
    const words = SECRET_WORDS.slice(0, DAILY_REPEAT_GAP_DAYS + 5);
    const draw = new DailyWordDraw(KEY, words);
    const picked = daysFrom(DAILY_FIRST_DAY, 3 * 365).map((day) => draw.secretOf(day));
    for (let i = 0; i + DAILY_REPEAT_GAP_DAYS <= picked.length; i += 1) {
      const window = picked.slice(i, i + DAILY_REPEAT_GAP_DAYS);
      expect(new Set(window).size, `days ${i} to ${i + 364}`).toBe(DAILY_REPEAT_GAP_DAYS);
    }
  });

  it('has no word before the first daily, and refuses a list too short for the gap', () => {
    expect(() => new DailyWordDraw(KEY).secretOf(addDays(DAILY_FIRST_DAY, -1))).toThrow(RangeError);
    expect(() => new DailyWordDraw(KEY, SECRET_WORDS.slice(0, 364))).toThrow(RangeError);
  });
});
