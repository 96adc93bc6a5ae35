import { describe, expect, it } from 'vitest';
import { describeTimeAgo } from './time-ago.ts';

describe('describeTimeAgo', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const ago = (seconds: number) => describeTimeAgo(new Date(now.getTime() - seconds * 1000), now);
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [3599, '59 minutes ago'],
    [7200, '2 hours ago'],
    [86400, '1 day ago'],
    [8 * 86400, '1 week ago'],
    [400 * 86400, '1 year ago'],
    [-30, 'just now'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(ago(seconds)).toBe(text);
  });
});
