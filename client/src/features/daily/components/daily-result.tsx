import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { dailyShareText } from '@jotto/shared/daily-rules';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { SkillNumbers } from '@/features/game/components/skill-numbers.tsx';
import type { GameDetail } from '@/features/game/game-state.ts';
import { dailySkillQuery, dailyStatsQuery } from '../api/daily-api.ts';
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
 * The end of a daily (docs/PRODUCT.md, 'Daily Jotto'): the result and the day's number, the
 * skill and luck (docs/PRODUCT.md, 'Post-game analysis'), 'Share' (a spoiler-free text: numbers
 * only), the countdown to the next word, and for a signed-in
 * player their stats with the guess distribution; a guest is offered to sign in for a streak.
 * `inOverlay`: the same at the top of the results overlay, but for the stats, which stay on the
 * page (the overlay is for what to do next: share, or wait for the next word).
 */
export function DailyResult({
  daily,
  game,
  signedIn,
  onNextWord,
  shareEnvironment = browserShareEnvironment,
  inOverlay = false,
}: {
  daily: EndpointResponse<'daily'>;
  game: GameDetail;
  signedIn: boolean;
  onNextWord: () => void;
  /** Where sharing goes (the browser's navigator, unless a test hands in its own). */
  shareEnvironment?: () => ShareEnvironment;
  inOverlay?: boolean;
}) {
  // The page and the overlay each have one, both in the document while the overlay is open.
  const titleId = useId();
  const end = dailyEndOf(game);
  // The skill comes before the analysis (which waits for midnight UTC): two numbers from the
  // player's own guesses and counts. Until it has come, the text goes without it.
  const skill = useQuery(dailySkillQuery(game.id)).data;
  const text = dailyShareText({
    ...dailyShareInputOf(game, daily.number, `${window.location.origin}${clientPath('/daily')}`),
    ...(skill ? { skill: skill.skill } : {}),
  });
  const [shared, setShared] = useState<ShareOutcome | null>(null);
  const share = async () => setShared(await shareDailyText(text, shareEnvironment()));
  const headline = end === 'solved' ? `solved in ${game.guesses.length}` : end;
  const Heading = inOverlay ? 'h3' : 'h2';

  return (
    <section
      className={`${styles.result} ${signedIn && !inOverlay ? styles.withStats : ''}`}
      aria-labelledby={titleId}
    >
      <div className={styles.summary}>
        {/* In the overlay, under its title (an h2). */}
        <Heading id={titleId} className={styles.title}>
          Daily Jotto #{daily.number}: {headline}
        </Heading>
        <p className={styles.points}>
          {end === 'solved' ? (
            <>
              <strong className="numeric">{game.score}</strong> points
            </>
          ) : (
            'No points today.'
          )}
        </p>
        {skill && (
          <SkillNumbers skill={skill.skill} luck={skill.luck} label="Your skill and luck" />
        )}
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
      {signedIn && !inOverlay && (
        <DailyStatsView highlight={end === 'solved' ? game.guesses.length : null} />
      )}
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
