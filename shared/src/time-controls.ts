// Time controls of versus games (docs/PRODUCT.md, 'Time controls'): each game has one, written
// as a number and a unit. Both players must finish by the game's start plus the time control;
// a player who has not started within a part of it aborts the game. Pure rules, shared by the
// server (which enforces them) and the client (which shows the clock).

/** The time controls a challenge may ask for: live ones, then correspondence. */
export const CHALLENGE_TIME_CONTROLS = ['3m', '5m', '10m', '1d', '3d'] as const;
export type ChallengeTimeControl = (typeof CHALLENGE_TIME_CONTROLS)[number];

/** A challenge that names none is a correspondence game of three days. */
export const DEFAULT_CHALLENGE_TIME_CONTROL: ChallengeTimeControl = '3d';

/** A game against the computer: a day, time enough to come back to it, never forever. */
export const COMPUTER_TIME_CONTROL = '1d';

/**
 * The form of any time control (a configured 'Play now' control may be any, `20s` for a test or
 * an event): 1 to 9999 seconds, minutes, hours or days.
 */
export const TIME_CONTROL_PATTERN = '^[1-9][0-9]{0,3}[smhd]$';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const UNIT_WORDS = { s: 'second', m: 'minute', h: 'hour', d: 'day' } as const;
type Unit = keyof typeof UNIT_MS;

/** Up to this long a game is live (a clock that counts down); longer is correspondence. */
const LIVE_UP_TO_MS = UNIT_MS.h;
/** The most a player may wait before a first move: a minute live, a day by correspondence. */
const ABORT_CAP_LIVE_MS = UNIT_MS.m;
const ABORT_CAP_CORRESPONDENCE_MS = UNIT_MS.d;

function parse(timeControl: string): { count: number; unit: Unit } {
  if (!new RegExp(TIME_CONTROL_PATTERN).test(timeControl)) {
    throw new RangeError(`not a time control: ${timeControl}`);
  }
  return { count: Number(timeControl.slice(0, -1)), unit: timeControl.slice(-1) as Unit };
}

/** Whether `value` is a time control ('5m', '3d', '20s'). */
export function isTimeControl(value: string): boolean {
  return new RegExp(TIME_CONTROL_PATTERN).test(value);
}

/** How long a time control gives, in milliseconds. */
export function timeControlMs(timeControl: string): number {
  const { count, unit } = parse(timeControl);
  return count * UNIT_MS[unit];
}

/** Whether a game of this time control is live (minutes) rather than correspondence (days). */
export function isLive(timeControl: string): boolean {
  return timeControlMs(timeControl) <= LIVE_UP_TO_MS;
}

/**
 * How long a player has to make a first move before the game is aborted: a quarter of the time
 * control, at most a minute live and a day by correspondence.
 */
export function abortWindowMs(timeControl: string): number {
  const cap = isLive(timeControl) ? ABORT_CAP_LIVE_MS : ABORT_CAP_CORRESPONDENCE_MS;
  return Math.min(timeControlMs(timeControl) / 4, cap);
}

/** A time control in words: '5 minutes', '1 day'. */
export function describeTimeControl(timeControl: string): string {
  const { count, unit } = parse(timeControl);
  return `${count} ${UNIT_WORDS[unit]}${count === 1 ? '' : 's'}`;
}

/**
 * Time left on a clock, as the game screen shows it: `m:ss` under an hour (a live clock
 * counting down), else whole hours and days ('5 hours', '2 days 3 hours'). Never negative.
 */
export function timeLeftText(ms: number): string {
  const left = Math.max(0, ms);
  if (left < UNIT_MS.h) {
    const seconds = Math.ceil(left / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  }
  const hours = Math.floor(left / UNIT_MS.h);
  const days = Math.floor(hours / 24);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days === 0) return plural(hours, 'hour');
  const rest = hours % 24;
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`;
}
