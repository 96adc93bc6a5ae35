import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { PanelTabs, panelOfTabs } from '@/components/tabs.tsx';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { type LeaderboardType, leaderboardQuery } from '../api/leaderboards-api.ts';
import { DailyLeaders } from './daily-leaders.tsx';
import styles from './leaderboards-page.module.css';

/** The tabs, in order, with the word the title uses. */
export const LEADERBOARD_TABS: ReadonlyArray<{ value: LeaderboardType; label: string }> = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'alltime', label: 'All-Time' },
  { value: 'rating', label: 'Rating' },
];

/**
 * The last tab: today's Daily Jotto solvers (docs/PRODUCT.md, 'Daily Jotto'). Named for who it
 * lists, so that it is not taken for the 'Daily' leaderboard, nor for the 'Daily' game link.
 */
export const TODAYS_SOLVERS_TAB = { value: 'today', label: 'Today’s solvers' } as const;
const PAGE_TABS = [...LEADERBOARD_TABS, TODAYS_SOLVERS_TAB];
type PageTab = (typeof PAGE_TABS)[number]['value'];

export const LEADERBOARD_FOOTER = 'Updated every 5 minutes';
export const NO_SCORES = 'No scores yet';
/** Under the Rating board: why a player with a rating may be missing (docs/PRODUCT.md, 'Ratings'). */
export const RATING_BOARD_NOTE = 'Provisional ratings (shown with a ?) are not listed.';

/**
 * Leaderboards (docs/PRODUCT.md, 'Leaderboards screen'): Daily / Weekly / All-Time / Rating tabs
 * (PanelTabs: the ARIA tabs pattern, arrow keys move between them), the title '{Type}
 * Leaderboards', the Username and Score (Rating) columns, a star for admins, rows opening the
 * player's profile, and the footer, with a word on provisional ratings under the Rating board. A
 * failed load is only logged and the table stops loading. A last tab, 'Today's solvers', shows
 * today's Daily Jotto solvers instead (DailyLeaders).
 */
export function LeaderboardsPage() {
  const [panel, setPanel] = useState<PageTab>('daily');
  // The points leaderboards' query stays on the last of them while today's solvers are shown.
  const [type, setType] = useState<LeaderboardType>('daily');
  const select = (value: PageTab) => {
    setPanel(value);
    if (value !== TODAYS_SOLVERS_TAB.value) setType(value);
  };
  const board = useQuery(leaderboardQuery(type));
  const navigate = useNavigate();
  useEffect(() => {
    if (board.isError) console.error('leaderboard failed to load', board.error);
  }, [board.isError, board.error]);
  const label = LEADERBOARD_TABS.find((tab) => tab.value === type)?.label;
  const tabs = (
    <PanelTabs
      tabs={PAGE_TABS}
      selected={panel}
      onSelect={select}
      label="Leaderboards"
      idPrefix="leaderboard"
    />
  );
  if (panel === TODAYS_SOLVERS_TAB.value) {
    return (
      <section className={styles.page} aria-labelledby="leaderboard-title">
        {tabs}
        <div {...panelOfTabs('leaderboard', panel)}>
          <DailyLeaders titleId="leaderboard-title" />
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="leaderboard-title">
      {tabs}
      <div {...panelOfTabs('leaderboard', type)}>
        <h1 id="leaderboard-title" className={styles.title}>
          {label} Leaderboards
        </h1>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col" className={styles.score}>
                {type === 'rating' ? 'Rating' : 'Score'}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.isPending ? (
              <tr>
                <td colSpan={2} className={styles.message} role="status">
                  Loading...
                </td>
              </tr>
            ) : board.data?.scores.length === 0 ? (
              <tr>
                <td colSpan={2} className={styles.message}>
                  {NO_SCORES}
                </td>
              </tr>
            ) : (
              board.data?.scores.map((entry, index) => {
                const href = clientPath('/profile/:username', { username: entry.username });
                return (
                  <tr key={entry.id} className={styles.row} onClick={() => navigate(href)}>
                    <td className={styles.player}>
                      <div className={styles.playerLine}>
                        <span className={`numeric ${styles.rank}`}>{index + 1}</span>
                        {/* The link gives keyboards and screen readers the row's action. */}
                        <Link
                          to={href}
                          className={styles.name}
                          onClick={(event) => event.stopPropagation()}
                        >
                          <TruncatedName name={entry.displayName} />
                        </Link>
                        {entry.admin && (
                          <span className={styles.star} role="img" aria-label="Admin">
                            ★
                          </span>
                        )}
                      </div>
                    </td>
                    <td className={`numeric ${styles.score}`}>{entry.score}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {type === 'rating' && <p className={styles.footer}>{RATING_BOARD_NOTE}</p>}
        <p className={styles.footer}>{LEADERBOARD_FOOTER}</p>
      </div>
    </section>
  );
}
