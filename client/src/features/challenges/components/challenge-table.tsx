import type { ChallengeItem } from '@jotto/shared/challenge-schemas';
import { TruncatedName } from '@/components/truncated-name.tsx';
import styles from './challenge-table.module.css';

/**
 * A challenge list's table: received challenges (From, Received at), each row opening
 * the Incoming Challenge modal, with a button in its first cell so the keyboard can too; or
 * sent challenges (To, Sent at), which are only shown, not clickable. An open challenge still
 * waiting for a partner shows To `@open`.
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
          </tr>
        ))}
      </tbody>
    </table>
  );
}
