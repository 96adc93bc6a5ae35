import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { NewChallengeBody } from '@jotto/shared/challenge-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { useStatusToast } from '@/components/status-toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';

// Challenges are also made and answered outside the challenge screen: 'Send Challenge' on a
// profile, the rematch of a versus game's end, Accept on a notice. Those features import what
// they need from here; this feature imports none of them. Sending (useSendChallenge) stays in
// this module with the requests: its importers are not the requests' importers, and two modules
// would ship as two shared chunks, one more name in the preload map of the landing page's chunk.

/** The success message of a challenge sent. */
export const CHALLENGE_SENT = 'Challenge sent!';

/** The query keys of challenges: the two lists (`POST /challenges {type}`) and one's info. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (type: 'in' | 'out') => ['challenges', type] as const,
  info: (challengeId: number) => ['challenge-info', challengeId] as const,
  /** The infos of my pending sent challenges, asked together (the challenge screen). */
  pendingInfos: (challengeIds: readonly number[]) =>
    ['challenge-info', { pending: challengeIds }] as const,
};

/** `POST /challenges {type}`: my pending challenges, received (in) or sent (out). */
export const challengesListQuery = (type: 'in' | 'out') =>
  queryOptions({
    queryKey: challengeKeys.list(type),
    queryFn: () => callEndpoint('challengesList', { body: { type } }),
    // Events only refresh the list while it is on screen; opening it again asks again.
    staleTime: 0,
  });

/** `GET /challenges/:id/info`: a gameId once accepted, `stop` once denied or expired. */
export const fetchChallengeInfo = (challengeId: number) =>
  callEndpoint('challengeInfo', { params: { id: challengeId } });

/**
 * `POST /challenges/new`: to a username or `@open`. Without a time control the server makes it
 * its default (three days), which is what a profile's 'Send Challenge' and a rematch ask for.
 */
export const sendChallenge = (username: string, timeControl?: NewChallengeBody['timeControl']) =>
  callEndpoint('newChallenge', {
    body: timeControl === undefined ? { username } : { username, timeControl },
  });

/** What a challenge sent asks for: a username (or `@open`), with a time control or without. */
export type ChallengeRequest = string | NewChallengeBody;

/** `POST /challenges/accept`: the answer carries the new game. */
export const acceptChallenge = (challengeId: number) =>
  callEndpoint('acceptChallenge', { body: { challenge_id: challengeId } });

/** `POST /challenges/deny` */
export const denyChallenge = (challengeId: number) =>
  callEndpoint('denyChallenge', { body: { challenge_id: challengeId } });

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
 * Sends a challenge to a username or `@open` (docs/PRODUCT.md, 'Challenges'), with the time
 * control the Issue Challenge modal picked, or the server's default. When the answer
 * carries a game (an open challenge paired, or the target had already challenged me) it goes
 * straight to that game; otherwise it says 'Challenge sent!' in the status toast (it needs no
 * answer and leaves by itself, so it is never left over the game the challenge becomes) and
 * calls `onSent`. A refusal shows the server's sentence in the alert modal. Callers block a second send while
 * `isPending`.
 */
export function useSendChallenge({ onSent }: { onSent: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const showStatus = useStatusToast();
  return useMutation({
    mutationFn: (request: ChallengeRequest) =>
      typeof request === 'string'
        ? sendChallenge(request)
        : sendChallenge(request.username, request.timeControl),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      if (answer.gameId !== undefined) {
        navigate(clientPath('/game/:gameId', { gameId: answer.gameId }));
        return;
      }
      showStatus(CHALLENGE_SENT);
      onSent();
    },
    onError: (error) => showAlert(errorMessage(error)),
  });
}
