import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abortWindowMs,
  CHALLENGE_TIME_CONTROLS,
  describeTimeControl,
  isLive,
  isTimeControl,
  timeControlMs,
  timeLeftText,
} from './time-controls.ts';

describe('time controls', () => {
  it('reads a number and a unit', () => {
    expect(timeControlMs('20s')).toBe(20_000);
    expect(timeControlMs('5m')).toBe(300_000);
    expect(timeControlMs('3d')).toBe(259_200_000);
    for (const bad of ['', '0m', '5', 'm5', '5w', '10000s', ' 5m', '5.5m', '-5m']) {
      expect(isTimeControl(bad), bad).toBe(false);
      expect(() => timeControlMs(bad)).toThrow(RangeError);
    }
  });

  it('calls minutes live and days correspondence', () => {
    expect(CHALLENGE_TIME_CONTROLS.map(isLive)).toEqual([true, true, true, false, false]);
    expect(isLive('20s')).toBe(true);
    expect(isLive('1h')).toBe(true);
    expect(isLive('2h')).toBe(false);
  });

  it('aborts after a quarter of the control, at most a minute live and a day by correspondence', () => {
    expect(abortWindowMs('20s')).toBe(5_000);
    expect(abortWindowMs('3m')).toBe(45_000);
    expect(abortWindowMs('5m')).toBe(60_000);
    expect(abortWindowMs('10m')).toBe(60_000);
    expect(abortWindowMs('1d')).toBe(6 * 3_600_000);
    expect(abortWindowMs('3d')).toBe(18 * 3_600_000);
    expect(abortWindowMs('9d')).toBe(24 * 3_600_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom('s', 'm', 'h', 'd'),
        (n, u) => {
          const control = `${n}${u}`;
          const window = abortWindowMs(control);
          expect(window).toBeGreaterThan(0);
          expect(window).toBeLessThanOrEqual(timeControlMs(control) / 4);
        },
      ),
    );
  });

  it('says a control and the time left in words', () => {
    expect(describeTimeControl('1d')).toBe('1 day');
    expect(describeTimeControl('10m')).toBe('10 minutes');
    expect(timeLeftText(65_000)).toBe('1:05');
    expect(timeLeftText(1)).toBe('0:01');
    expect(timeLeftText(-5)).toBe('0:00');
    expect(timeLeftText(59 * 60_000 + 59_500)).toBe('60:00');
    expect(timeLeftText(5 * 3_600_000 + 1)).toBe('5 hours');
    expect(timeLeftText(24 * 3_600_000)).toBe('1 day');
    expect(timeLeftText(51 * 3_600_000)).toBe('2 days 3 hours');
  });
});
