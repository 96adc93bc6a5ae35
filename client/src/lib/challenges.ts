import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '../components/alert-provider.tsx';
import { callEndpoint, errorMessage } from './api-client.ts';

// Sending a challenge is shared by two screens (the Issue Challenge modal of the challenge list
// and 'Send Challenge' on a friend's profile), so it lives here rather than in either feature.

/** Spec §8: the success message of a challenge sent. */
export const CHALLENGE_SENT = 'Challenge sent!';

/** The query keys of challenges: the two lists (spec §7 `POST /challenges {type}`) and one's info. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (type: 'in' | 'out') => ['challenges', type] as const,
  info: (challengeId: number) => ['challenge-info', challengeId] as const,
};

/**
 * The state a navigation to /challenges carries to open the list on the sent challenges, where
 * the challenge just sent waits (and is watched for acceptance).
 */
export const SHOW_SENT_CHALLENGES = { showSent: true } as const;

/** Whether a location's state asks the challenge list for the sent challenges. */
export function asksForSentChallenges(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'showSent' in state && !!state.showSent;
}

/**
 * Sends a challenge to a username or `@open` (spec §4 Challenge, decisions §4). When the answer
 * carries a game (an open challenge paired, or the target had already challenged me) it goes
 * straight to that game; otherwise it says 'Challenge sent!' and calls `onSent`. A refusal shows
 * the server's sentence in the alert modal (spec §8). Callers block a second send while
 * `isPending`.
 */
export function useSendChallenge({ onSent }: { onSent: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: (username: string) => callEndpoint('newChallenge', { body: { username } }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      if (answer.gameId !== undefined) {
        navigate(clientPath('/game/:gameId', { gameId: answer.gameId }));
        return;
      }
      showAlert(CHALLENGE_SENT);
      onSent();
    },
    onError: (error) => showAlert(errorMessage(error)),
  });
}
