import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { dailyShareText } from '@jotto/shared/daily-rules';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import type { GameDetail } from '@/features/game/game-state.ts';
import { dailyStatsQuery } from '../api/daily-api.ts';
import {
  browserShareEnvironment,
  dailyEndOf,
  dailyShareInputOf,
  type ShareEnvironment,
  type ShareOutcome,
  shareDailyText,
} from '../daily-view.ts';
import { DailyCountdown } from './daily-countdown.tsx';
import { GuessDistributionChart } from './guess-distribution-chart.tsx';
import styles from './daily-result.module.css';

const SHARE_STATUS: Record<ShareOutcome, string> = {
  shared: 'Shared!',
  copied: 'Copied! Paste it anywhere.',
  cancelled: '',
  failed: 'Could not copy: select the text above and copy it.',
};

/**
 * The end of a daily (docs/PRODUCT.md, 'Daily Jotto'): the result and the day's number, 'Share'
 * (a spoiler-free text: numbers only), the countdown to the next word, and for a signed-in
 * player their stats with the guess distribution; a guest is offered to sign in for a streak.
 */
export function DailyResult({
  daily,
  game,
  signedIn,
  onNextWord,
  shareEnvironment = browserShareEnvironment,
}: {
  daily: EndpointResponse<'daily'>;
  game: GameDetail;
  signedIn: boolean;
  onNextWord: () => void;
  /** Where sharing goes (the browser's navigator, unless a test hands in its own). */
  shareEnvironment?: () => ShareEnvironment;
}) {
  const end = dailyEndOf(game);
  const text = dailyShareText(
    dailyShareInputOf(game, daily.number, `${window.location.origin}${clientPath('/daily')}`),
  );
  const [shared, setShared] = useState<ShareOutcome | null>(null);
  const share = async () => setShared(await shareDailyText(text, shareEnvironment()));
  const headline = end === 'solved' ? `solved in ${game.guesses.length}` : end;

  return (
    <section
      className={`${styles.result} ${signedIn ? styles.withStats : ''}`}
      aria-labelledby="daily-result-title"
    >
      <div className={styles.summary}>
        <h2 id="daily-result-title" className={styles.title}>
          Daily Jotto #{daily.number}: {headline}
        </h2>
        <p className={styles.points}>
          {end === 'solved' ? (
            <>
              <strong className="numeric">{game.score}</strong> points
            </>
          ) : (
            'No points today.'
          )}
        </p>
        <div className={styles.share}>
          <pre className={styles.preview} aria-label="Share text">
            {text}
          </pre>
          <button type="button" className="button button-primary" onClick={() => void share()}>
            Share
          </button>
          <p role="status" className={styles.status}>
            {shared ? SHARE_STATUS[shared] : ''}
          </p>
        </div>
        <DailyCountdown day={daily.day} onNextWord={onNextWord} className={styles.countdown} />
        {!signedIn && (
          <p className={styles.guest}>
            <Link to={clientPath('/login')}>Sign in</Link> to keep a streak and see your stats.
          </p>
        )}
      </div>
      {signedIn && <DailyStatsView highlight={end === 'solved' ? game.guesses.length : null} />}
    </section>
  );
}

/** The signed-in player's record: four numbers and the guess distribution. */
function DailyStatsView({ highlight }: { highlight: number | null }) {
  const stats = useQuery(dailyStatsQuery);
  if (stats.isPending) return <p role="status">Loading...</p>;
  if (!stats.data) return <p>Your stats could not be loaded.</p>;
  const { played, solved, currentStreak, maxStreak, distribution } = stats.data;
  const solvedShare = played === 0 ? 0 : Math.round((solved / played) * 100);
  return (
    <div className={styles.stats}>
      <h3 className={styles.statsTitle}>Your stats</h3>
      <dl className={styles.numbers}>
        <div>
          <dt>Played</dt>
          <dd className="numeric">{played}</dd>
        </div>
        <div>
          <dt>Solved</dt>
          <dd className="numeric">{solvedShare}%</dd>
        </div>
        <div>
          <dt>Current streak</dt>
          <dd className="numeric">{currentStreak}</dd>
        </div>
        <div>
          <dt>Max streak</dt>
          <dd className="numeric">{maxStreak}</dd>
        </div>
      </dl>
      <GuessDistributionChart distribution={distribution} highlight={highlight} />
    </div>
  );
}
