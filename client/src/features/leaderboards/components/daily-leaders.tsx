import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { dailyNumberOf } from '@jotto/shared/daily-rules';
import { dailyLeadersQuery } from '../api/daily-leaders-api.ts';
import styles from './daily-leaders.module.css';

export const DAILY_LEADERS_FOOTER = 'Updated every few seconds';
export const NO_SOLVERS = 'Nobody has solved today’s word yet';

/**
 * The Leaderboards screen's 'Today's solvers' panel (docs/PRODUCT.md, 'Daily Jotto'): today's
 * solvers among signed-in players, fewest guesses first, then the earliest solve, a hard-mode
 * solve marked 'Hard' (docs/PRODUCT.md, 'Hard mode'). Rows open
 * the player's profile, as on the other leaderboards. A failed load is only logged. Fetched
 * when shown and every few seconds while shown (dailyLeadersQuery), so a solve appears at once.
 */
export function DailyLeaders({ titleId }: { titleId: string }) {
  const leaders = useQuery(dailyLeadersQuery);
  const navigate = useNavigate();
  useEffect(() => {
    if (leaders.isError) console.error('daily leaders failed to load', leaders.error);
  }, [leaders.isError, leaders.error]);
  const day = leaders.data?.day;

  return (
    <>
      <h1 id={titleId} className={styles.title}>
        Today’s solvers
      </h1>
      <p className={styles.subtitle}>
        {day ? `Daily Jotto #${dailyNumberOf(day)} · ` : ''}
        <Link to={clientPath('/daily')}>Play today’s word</Link>
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col" className={styles.number}>
              Guesses
            </th>
            <th scope="col" className={styles.number}>
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {leaders.isPending ? (
            <tr>
              <td colSpan={3} className={styles.message} role="status">
                Loading...
              </td>
            </tr>
          ) : !leaders.data || leaders.data.entries.length === 0 ? (
            <tr>
              <td colSpan={3} className={styles.message}>
                {NO_SOLVERS}
              </td>
            </tr>
          ) : (
            leaders.data.entries.map((entry, index) => {
              const href = clientPath('/profile/:username', { username: entry.username });
              return (
                <tr key={entry.username} className={styles.row} onClick={() => navigate(href)}>
                  <td>
                    <div className={styles.player}>
                      <span className={`numeric ${styles.rank}`}>{index + 1}</span>
                      {/* The name and its mark flow as text, so a long name wraps before the
                          mark rather than squeezed beside it. */}
                      <span className={styles.who}>
                        {/* The link gives keyboards and screen readers the row's action. */}
                        <Link
                          to={href}
                          className={styles.name}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {entry.displayName}
                        </Link>
                        {entry.hard && (
                          <span className={styles.hard} title="Solved in hard mode">
                            Hard
                          </span>
                        )}
                      </span>
                    </div>
                  </td>
                  <td className={`numeric ${styles.number}`}>{entry.guesses}</td>
                  <td className={`numeric ${styles.number}`}>{entry.score}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      <p className={styles.footer}>{DAILY_LEADERS_FOOTER}</p>
    </>
  );
}
