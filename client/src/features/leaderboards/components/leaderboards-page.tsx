import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { type LeaderboardType, leaderboardQuery } from '../api/leaderboards-api.ts';
import styles from './leaderboards-page.module.css';

/** The tabs of spec §2, in order, with the word the title uses. */
export const LEADERBOARD_TABS: ReadonlyArray<{ type: LeaderboardType; label: string }> = [
  { type: 'daily', label: 'Daily' },
  { type: 'weekly', label: 'Weekly' },
  { type: 'alltime', label: 'All-Time' },
];

export const LEADERBOARD_FOOTER = 'Updated every 5 minutes';
export const NO_SCORES = 'No scores yet';

/**
 * Leaderboards (spec §2): Daily / Weekly / All-Time tabs (the ARIA tabs pattern: arrow keys
 * move between them), the title '{Type} Leaderboards', the Username and Score columns, a star
 * for admins, rows opening the player's profile, and the footer. A failed load is only logged
 * and the table stops loading (spec §8).
 */
export function LeaderboardsPage() {
  const [type, setType] = useState<LeaderboardType>('daily');
  const board = useQuery(leaderboardQuery(type));
  const navigate = useNavigate();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => {
    if (board.isError) console.error('leaderboard failed to load', board.error);
  }, [board.isError, board.error]);
  const label = LEADERBOARD_TABS.find((tab) => tab.type === type)?.label;

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = LEADERBOARD_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (index + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setType(LEADERBOARD_TABS[next]!.type);
    tabs.current[next]?.focus();
  };

  return (
    <section className={styles.page} aria-labelledby="leaderboard-title">
      <div className={styles.tabs} role="tablist" aria-label="Leaderboards">
        {LEADERBOARD_TABS.map((tab, index) => (
          <button
            key={tab.type}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`leaderboard-tab-${tab.type}`}
            type="button"
            role="tab"
            aria-selected={tab.type === type}
            aria-controls="leaderboard-panel"
            tabIndex={tab.type === type ? 0 : -1}
            className={`${styles.tab} ${tab.type === type ? styles.active : ''}`}
            onClick={() => setType(tab.type)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id="leaderboard-panel"
        role="tabpanel"
        aria-labelledby={`leaderboard-tab-${type}`}
        className={styles.panel}
      >
        <h1 id="leaderboard-title" className={styles.title}>
          {label} Leaderboards
        </h1>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col" className={styles.score}>
                Score
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
                    <td>
                      <span className={`numeric ${styles.rank}`}>{index + 1}</span>
                      {/* The link gives keyboards and screen readers the row's action. */}
                      <Link
                        to={href}
                        className={styles.name}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {entry.displayName}
                      </Link>
                      {entry.admin && (
                        <span className={styles.star} role="img" aria-label="Admin">
                          ★
                        </span>
                      )}
                    </td>
                    <td className={`numeric ${styles.score}`}>{entry.score}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        <p className={styles.footer}>{LEADERBOARD_FOOTER}</p>
      </div>
    </section>
  );
}
