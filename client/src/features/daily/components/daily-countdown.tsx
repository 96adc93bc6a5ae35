import { nextDailyStart } from '@jotto/shared/daily-rules';
import { formatCountdown, useNow } from '@/lib/use-now.ts';

/**
 * The time left until the next word (00:00 UTC), ticking each second, and when that is on the
 * player's own clock. Once it has come, the next word is offered instead. The ticking text is a
 * timer (not announced each second); the sentence beside it says the same once.
 */
export function DailyCountdown({
  day,
  onNextWord,
  className,
}: {
  /** The day of the daily shown, `YYYY-MM-DD`. */
  day: string;
  /** Opens the new day's game. */
  onNextWord: () => void;
  className?: string;
}) {
  const now = useNow(1000);
  const next = nextDailyStart(new Date(`${day}T00:00:00.000Z`));
  const left = next.getTime() - now.getTime();
  const localTime = new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
  }).format(next);
  if (left <= 0) {
    return (
      <div className={className}>
        <p>The next word is ready.</p>
        <button type="button" className="button button-primary" onClick={onNextWord}>
          Play the next word
        </button>
      </div>
    );
  }
  return (
    <div className={className}>
      <p>
        Next word in{' '}
        <time role="timer" className="numeric" dateTime={next.toISOString()}>
          {formatCountdown(left)}
        </time>
      </p>
      <p>at {localTime} your time (00:00 UTC)</p>
    </div>
  );
}
