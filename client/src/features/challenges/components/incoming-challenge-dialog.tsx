import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ChallengeItem } from '@jotto/shared/challenge-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { AnswerDialog } from '@/components/answer-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { acceptChallenge, challengeKeys, denyChallenge } from '../api/challenges-api.ts';

/**
 * The Incoming Challenge modal (AnswerDialog): 'From: {sender}', 'Accept Challenge' (to the new
 * game; 'Accepting...' meanwhile) and the 'Deny Challenge' button; one answer only. A refusal
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
    />
  );
}
