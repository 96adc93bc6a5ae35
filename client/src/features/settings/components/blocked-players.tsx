import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { BlockedUser } from '@jotto/shared/moderation-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { useStatusToast } from '@/components/status-toast.tsx';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { blockedKeys, blockedQuery, unblockPlayer } from '../api/blocked-api.ts';
import styles from './blocked-players.module.css';

export const NO_ONE_BLOCKED = 'You have not blocked anyone.';
export const BLOCKED_LOAD_FAILED = 'The players you blocked could not be loaded.';

/**
 * The Settings page's 'Blocked players' card, for a signed-in player (docs/PRODUCT.md,
 * 'Blocks'): the players I blocked, newest first, each a link to their profile with 'Unblock';
 * 'You have not blocked anyone.' when there are none.
 */
export function BlockedPlayers() {
  const query = useQuery(blockedQuery);
  const users = query.data?.users;
  return (
    <section className={styles.card} aria-labelledby="blocked-title">
      <h2 id="blocked-title" className={styles.title}>
        Blocked players
      </h2>
      {users === undefined ? (
        <p className={styles.note}>{query.isError ? BLOCKED_LOAD_FAILED : 'Loading...'}</p>
      ) : users.length === 0 ? (
        <p className={styles.note}>{NO_ONE_BLOCKED}</p>
      ) : (
        <ul className={styles.list} aria-label="Blocked players">
          {users.map((user) => (
            <BlockedRow key={user.username} user={user} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedRow({ user }: { user: BlockedUser }) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const showStatus = useStatusToast();
  const unblock = useMutation({
    mutationFn: () => unblockPlayer(user.username),
    onSuccess: async () => {
      showStatus(`You unblocked ${user.username}.`);
      await queryClient.invalidateQueries({ queryKey: blockedKeys.mine });
    },
    onError: (error) => showAlert(`Error: ${errorMessage(error)}`),
  });
  const gate = useSingleFlight();
  return (
    <li className={styles.row}>
      <Link
        to={clientPath('/profile/:username', { username: user.username })}
        className={styles.name}
      >
        <TruncatedName name={user.username} />
      </Link>
      <BusyButton
        className="button"
        busy={gate.busy}
        aria-label={`Unblock ${user.username}`}
        onClick={() => gate.run(() => unblock.mutateAsync())}
      >
        Unblock
      </BusyButton>
    </li>
  );
}
