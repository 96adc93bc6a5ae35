import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import {
  SHOW_SENT_CHALLENGES,
  useSendChallenge,
} from '@/features/challenges/api/challenges-api.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { addFriend, profileKeys } from '../api/profiles-api.ts';

/** What 'Add friend' says when the request went through. */
export const FRIEND_REQUEST_SENT = 'Friend request sent!';

/**
 * The two actions of a profile: 'Add friend' ('Friend request sent!', or 'Error: '
 * and the server's sentence) and 'Send Challenge', handled as the Issue Challenge
 * modal handles it: a game that starts at once opens, otherwise 'Challenge sent!' (the status
 * toast) and the sent challenges, where the sender waits for the answer.
 */
export function useProfileActions(username: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const befriend = useMutation({
    mutationFn: () => addFriend(username),
    onSuccess: () => {
      showAlert(FRIEND_REQUEST_SENT);
      // If they had asked me first we are friends now, and the profile shows more.
      void queryClient.invalidateQueries({ queryKey: profileKeys.one(username) });
    },
    onError: (error) => showAlert(`Error: ${errorMessage(error)}`),
  });
  const challenge = useSendChallenge({
    onSent: () => navigate(clientPath('/challenges'), { state: SHOW_SENT_CHALLENGES }),
  });
  const oneAdd = useSingleFlight();
  const oneChallenge = useSingleFlight();
  return {
    adding: oneAdd.busy,
    addFriend: () => oneAdd.run(() => befriend.mutateAsync()),
    challenging: oneChallenge.busy,
    sendChallenge: () => oneChallenge.run(() => challenge.mutateAsync(username)),
  };
}
