import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ChallengeItem } from '@jotto/shared/challenge-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '../../../components/alert-provider.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { challengeKeys } from '../../../lib/challenges.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { acceptChallenge, denyChallenge } from '../api/challenges-api.ts';
import styles from './challenge-dialogs.module.css';

/**
 * The Incoming Challenge modal (spec §2): 'From: {sender}', 'Accept Challenge' (to the new game;
 * 'Accepting...' meanwhile) and 'Deny Challenge'. Neither answers twice: both are blocked while
 * a request is in flight (spec §5). A refusal shows the server's sentence (spec §8) and reloads
 * the list, since a challenge that cannot be answered has usually gone (expired, withdrawn).
 */
export function IncomingChallengeDialog({
  challenge,
  onClose,
}: {
  /** The challenge shown; undefined when closed. */
  challenge: ChallengeItem | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: challengeKeys.list('in') });
  const failed = (error: Error) => {
    showAlert(errorMessage(error));
    void refreshList();
  };
  const accept = useMutation({
    mutationFn: acceptChallenge,
    onSuccess: ({ gameId }) => {
      void refreshList();
      navigate(clientPath('/game/:gameId', { gameId }));
    },
    onError: failed,
  });
  const deny = useMutation({
    mutationFn: denyChallenge,
    onSuccess: () => {
      void refreshList();
      onClose();
    },
    onError: failed,
  });
  const busy = accept.isPending || deny.isPending;
  const oneAnswer = useSingleFlight();
  return (
    <Dialog open={challenge !== undefined} onClose={onClose} title="Incoming Challenge">
      <p className={styles.text}>From: {challenge?.sender}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => challenge && oneAnswer(() => accept.mutateAsync(challenge.id))}
        >
          {accept.isPending ? 'Accepting...' : 'Accept Challenge'}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => challenge && oneAnswer(() => deny.mutateAsync(challenge.id))}
        >
          Deny Challenge
        </button>
      </div>
    </Dialog>
  );
}
