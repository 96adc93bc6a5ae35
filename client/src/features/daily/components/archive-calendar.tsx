import type { DailyArchiveDay } from '@jotto/shared/daily-schemas';
import { dailyNumberOf } from '@jotto/shared/daily-rules';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { longDate, type Month, monthName, weeksOfMonth } from '../archive-month.ts';
import styles from './archive-calendar.module.css';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** How a past day stands for me, as the calendar shows it: a shape and a word, not colour alone. */
type DayState = 'solved' | 'lost' | 'started' | 'unplayed';

const STATE_VIEW: Record<DayState, { mark: string; word: string; action: string }> = {
  solved: { mark: '✓', word: 'Solved', action: 'View' },
  lost: { mark: '✕', word: 'Lost', action: 'View' },
  started: { mark: '…', word: 'Started', action: 'Resume' },
  unplayed: { mark: '○', word: 'Play', action: 'Play' },
};

function stateOf(entry: DailyArchiveDay): DayState {
  if (entry.played) return entry.solved ? 'solved' : 'lost';
  return entry.guesses > 0 ? 'started' : 'unplayed';
}

/** What a screen reader hears of a day's state. */
function describeState(entry: DailyArchiveDay): string {
  const guesses = `${entry.guesses} ${entry.guesses === 1 ? 'guess' : 'guesses'}`;
  switch (stateOf(entry)) {
    case 'solved':
      return `solved in ${guesses}`;
    case 'lost':
      return 'lost';
    case 'started':
      return `started, ${guesses}`;
    case 'unplayed':
      return 'not played';
  }
}

/**
 * One month of the archive (docs/PRODUCT.md, 'Archive'): a week per row, Monday first; each
 * past day a button that opens its game, marked solved (✓), lost (✕), started (…) or not
 * played (○) with a word beside the shape; today links to /daily; other days are blank.
 */
export function ArchiveCalendar({
  month,
  today,
  days,
  onPlay,
  onPrevious,
  onNext,
}: {
  month: Month;
  today: string;
  /** The listed days of this month, by day; undefined while loading. */
  days: ReadonlyMap<string, DailyArchiveDay> | undefined;
  onPlay: (day: string) => void;
  /** Null when there is no earlier (later) month to show. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const title = monthName(month);
  return (
    <section className={styles.calendar} aria-labelledby="archive-month">
      <div className={styles.bar}>
        <button
          type="button"
          className="button button-secondary"
          onClick={onPrevious ?? undefined}
          disabled={!onPrevious}
          aria-label="Previous month"
        >
          ‹
        </button>
        <h2 id="archive-month" className={styles.month} aria-live="polite">
          {title}
        </h2>
        <button
          type="button"
          className="button button-secondary"
          onClick={onNext ?? undefined}
          disabled={!onNext}
          aria-label="Next month"
        >
          ›
        </button>
      </div>
      <table className={styles.grid} aria-labelledby="archive-month" aria-busy={!days}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOfMonth(month).map((week) => (
            <tr key={week.find((day) => day !== null) ?? ''}>
              {week.map((day, column) => (
                <td key={day ?? `blank-${column}`} className={styles.cell}>
                  {day && (
                    <DayCell day={day} today={today} entry={days?.get(day)} onPlay={onPlay} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.legend}>✓ solved · ✕ lost · … started · ○ not played</p>
    </section>
  );
}

function DayCell({
  day,
  today,
  entry,
  onPlay,
}: {
  day: string;
  today: string;
  entry: DailyArchiveDay | undefined;
  onPlay: (day: string) => void;
}) {
  const date = Number(day.slice(8));
  if (day === today) {
    return (
      <Link
        to={clientPath('/daily')}
        className={`${styles.day} ${styles.today}`}
        aria-label={`Today, Daily Jotto #${dailyNumberOf(day)}: play it on the Today tab`}
      >
        <span className={styles.date}>{date}</span>
        <span className={styles.word}>Today</span>
      </Link>
    );
  }
  if (!entry) {
    // Before the first daily, after today, or still loading: nothing to play.
    return (
      <span className={`${styles.day} ${styles.blank}`}>
        <span className={styles.date}>{date}</span>
      </span>
    );
  }
  const state = stateOf(entry);
  const view = STATE_VIEW[state];
  return (
    <button
      type="button"
      className={`${styles.day} ${styles[state]}`}
      onClick={() => onPlay(day)}
      aria-label={`${view.action} Daily Jotto #${entry.number}, ${longDate(day)}: ${describeState(entry)}`}
    >
      <span className={styles.date}>{date}</span>
      <span className={styles.mark} aria-hidden="true">
        {view.mark}
      </span>
      <span className={styles.word} aria-hidden="true">
        {view.word}
      </span>
    </button>
  );
}
