import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ChallengeItem } from '@jotto/shared/challenge-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { AnswerDialog } from '@/components/answer-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { acceptChallenge, challengeKeys, denyChallenge } from '../api/challenges-api.ts';
import {
  TIME_CONTROL_LABEL,
  timeControlWords,
  UNRATED_REASON,
  UnratedMark,
} from './challenge-terms.tsx';
import styles from './challenge-dialogs.module.css';

/**
 * The Incoming Challenge modal (AnswerDialog): 'From: {sender}', the terms of the game it starts
 * (its time control in words; 'Unrated' and why, when the two have played their rated games of
 * the day), so they are known before accepting; 'Accept Challenge' (to the new game;
 * 'Accepting...' meanwhile) and the 'Deny Challenge' button; one answer only. A refusal
 * shows the server's sentence and reloads the list, since a challenge that cannot be answered
 * has usually gone (expired, withdrawn).
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
  return (
    <AnswerDialog
      request={challenge}
      onClose={onClose}
      title="Incoming Challenge"
      from={(shown) => shown.sender}
      acceptLabel="Accept Challenge"
      denyLabel="Deny Challenge"
      accepting={accept.isPending}
      busy={accept.isPending || deny.isPending}
      onAccept={(shown) => accept.mutateAsync(shown.id)}
      onDeny={(shown) => deny.mutateAsync(shown.id)}
    >
      {challenge !== undefined && (
        <div className={styles.terms}>
          <p className={styles.term}>
            {TIME_CONTROL_LABEL}: {timeControlWords(challenge.timeControl)}
          </p>
          {!challenge.rated && (
            <p className={styles.term}>
              <UnratedMark explained /> {UNRATED_REASON}.
            </p>
          )}
        </div>
      )}
    </AnswerDialog>
  );
}
