import type { ChallengeItem } from '@jotto/shared/challenge-schemas';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { ChallengeTerms, TIME_CONTROL_LABEL } from './challenge-terms.tsx';
import styles from './challenge-table.module.css';

/**
 * A challenge list's table: received challenges (From, Received at, Time control), each row
 * opening the Incoming Challenge modal, with a button in its first cell so the keyboard can too;
 * or sent challenges (To, Sent at, Time control), which are only shown, not clickable. The time
 * control comes last: the two columns every list has keep their places. An open
 * challenge still waiting for a partner shows To `@open`. The time control is in words, with
 * 'Unrated' beside it when the two players have used up their rated games of the day.
 */
export function ChallengeTable({
  challenges,
  direction,
  onOpen,
}: {
  challenges: readonly ChallengeItem[];
  direction: 'in' | 'out';
  onOpen?: (challengeId: number) => void;
}) {
  const received = direction === 'in';
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{received ? 'From' : 'To'}</th>
          <th scope="col">{received ? 'Received at' : 'Sent at'}</th>
          <th scope="col">{TIME_CONTROL_LABEL}</th>
        </tr>
      </thead>
      <tbody>
        {challenges.map((challenge) => (
          <tr
            key={challenge.id}
            className={received ? styles.clickable : undefined}
            onClick={received ? () => onOpen?.(challenge.id) : undefined}
          >
            <td className={styles.name}>
              {received ? (
                <button
                  type="button"
                  className={styles.open}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen?.(challenge.id);
                  }}
                >
                  <TruncatedName name={challenge.sender} />
                </button>
              ) : (
                <TruncatedName name={challenge.recipient} />
              )}
            </td>
            <td>
              <time
                dateTime={challenge.createdAt}
                title={new Date(challenge.createdAt).toLocaleString()}
              >
                {challenge.timeAgo}
              </time>
            </td>
            <td className={styles.terms}>
              <ChallengeTerms timeControl={challenge.timeControl} rated={challenge.rated} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
