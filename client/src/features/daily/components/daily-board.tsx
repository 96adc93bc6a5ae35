import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { PanelTabs, panelOfTabs } from '@/components/tabs.tsx';
import { type DailyBoardScope, dailyBoardQuery } from '../api/daily-api.ts';
import styles from './daily-board.module.css';

const TABS: ReadonlyArray<{ value: DailyBoardScope; label: string }> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'friends', label: 'Friends' },
];

export const NOBODY_SOLVED = 'Nobody has solved today’s word yet';
export const NO_FRIEND_SOLVED = 'Neither you nor your friends have solved today’s word yet.';

/**
 * The day's board on the daily page (docs/PRODUCT.md, 'Daily Jotto'): today's solvers, fewest
 * guesses first, then the earliest solve. Signed in, two tabs: 'Everyone' and 'Friends' (the
 * player and their friends); a guest sees everyone's alone. It carries what the Leaderboards
 * screen's 'Today's solvers' does (names, guesses, score), never a word.
 */
export function DailyBoard({ signedIn }: { signedIn: boolean }) {
  const titleId = useId();
  const idPrefix = useId();
  const [chosen, setChosen] = useState<DailyBoardScope>('everyone');
  const scope = signedIn ? chosen : 'everyone';
  return (
    <section className={styles.board} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Today’s solvers
      </h2>
      {signedIn && (
        <PanelTabs
          tabs={TABS}
          selected={scope}
          onSelect={setChosen}
          label="Whose solves"
          idPrefix={idPrefix}
        />
      )}
      <div {...(signedIn ? panelOfTabs(idPrefix, scope) : {})}>
        <BoardTable key={scope} scope={scope} />
      </div>
    </section>
  );
}

function BoardTable({ scope }: { scope: DailyBoardScope }) {
  const board = useQuery(dailyBoardQuery(scope));
  if (board.isPending) {
    return (
      <p className={styles.message} role="status">
        Loading...
      </p>
    );
  }
  if (!board.data) return <p className={styles.message}>The board could not be loaded.</p>;
  if (board.data.entries.length === 0) {
    return scope === 'friends' ? (
      <p className={styles.message}>
        {NO_FRIEND_SOLVED} <Link to={clientPath('/friends/new')}>Add friends</Link> to see how they
        do.
      </p>
    ) : (
      <p className={styles.message}>{NOBODY_SOLVED}</p>
    );
  }
  return (
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
        {board.data.entries.map((entry, index) => (
          <tr key={entry.username}>
            <td>
              <span className={`numeric ${styles.rank}`}>{index + 1}</span>
              <Link
                to={clientPath('/profile/:username', { username: entry.username })}
                className={styles.name}
              >
                {entry.displayName}
              </Link>
            </td>
            <td className={`numeric ${styles.number}`}>{entry.guesses}</td>
            <td className={`numeric ${styles.number}`}>{entry.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
