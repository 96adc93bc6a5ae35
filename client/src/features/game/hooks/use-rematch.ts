import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import {
  acceptChallenge,
  challengeKeys,
  challengesListQuery,
  fetchChallengeInfo,
  sendChallenge,
} from '@/features/challenges/api/challenges-api.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-provider.tsx';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';

/**
 * `idle` → 'Rematch!'; `sending` → 'Sending...'; `sent` → 'Challenge Sent!' while the opponent
 * decides; `declined` once they denied it or it expired.
 */
export type RematchState = 'idle' | 'sending' | 'sent' | 'declined';

/**
 * The rematch of a versus game's end: a challenge to the opponent, then the new game as soon as
 * it exists: at once if the opponent had already asked (the server pairs the two), on
 * `challenge:accepted`, or, while the real-time channel is down, through the challenge info
 * polled (useLiveQuery). `stop` (denied or expired), `challenge:denied` or any other failure
 * ends the wait; a failure is logged.
 */
export function useRematch(opponent: string | undefined) {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [challengeId, setChallengeId] = useState<number | null>(null);
  const goToGame = (gameId: number) => navigate(clientPath('/game/:gameId', { gameId }));

  const send = useMutation({
    mutationFn: () => sendChallenge(opponent ?? ''),
    onSuccess: (answer) => {
      if (answer.gameId !== undefined) return goToGame(answer.gameId);
      setChallengeId(answer.challengeId);
    },
    onError: (error) => showAlert(errorMessage(error)),
  });

  const { query: info } = useLiveQuery({
    queryKey: challengeKeys.info(challengeId ?? 0),
    queryFn: () => fetchChallengeInfo(challengeId ?? 0),
    enabled: challengeId !== null,
    settled: ({ data, error }) =>
      error !== null || data?.result === 'stop' || data?.gameId !== undefined,
    retry: false,
    // The events say what the info would: accepted (with the game) or denied.
    events: {
      'challenge:accepted': (event) =>
        event.challengeId === challengeId
          ? { result: 'ok', challengeId: event.challengeId, gameId: event.gameId }
          : undefined,
      'challenge:denied': (event) =>
        event.challengeId === challengeId
          ? { result: 'stop', challengeId: event.challengeId }
          : undefined,
    },
  });
  const declined = info.data?.result === 'stop' || info.isError;
  const acceptedGameId = info.data?.result === 'ok' ? info.data.gameId : undefined;
  useEffect(() => {
    if (acceptedGameId !== undefined) {
      navigate(clientPath('/game/:gameId', { gameId: acceptedGameId }));
    }
  }, [acceptedGameId, navigate]);
  useEffect(() => {
    if (info.isError) console.error('rematch info failed', info.error);
  }, [info.isError, info.error]);

  const sending = useSingleFlight();
  const state: RematchState = sending.busy
    ? 'sending'
    : declined
      ? 'declined'
      : challengeId !== null
        ? 'sent'
        : 'idle';
  return {
    state,
    send: () => challengeId === null && sending.run(() => send.mutateAsync()),
  };
}

/**
 * A rematch the opponent offered me: their pending challenge, learned live from
 * `challenge:received` or, while the channel is down, from the received list polled
 * (useLiveQuery). Accepting it goes to the new game.
 */
export function useIncomingRematch(opponent: string | undefined, enabled: boolean) {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [offered, setOffered] = useState<number | null>(null);
  const { query: listed } = useLiveQuery({
    ...challengesListQuery('in'),
    enabled: enabled && opponent !== undefined,
  });
  const fromList = listed.data?.challenges.find(
    (challenge) => challenge.sender.toLowerCase() === opponent?.toLowerCase(),
  )?.id;
  // The event names the challenge itself: no need to ask for the list again.
  useRealtimeEvent('challenge:received', (event) => {
    if (enabled && event.sender.toLowerCase() === opponent?.toLowerCase()) {
      setOffered(event.challengeId);
    }
  });
  const challengeId = offered ?? fromList ?? null;
  const accept = useMutation({
    mutationFn: (id: number) => acceptChallenge(id),
    onSuccess: (answer) => navigate(clientPath('/game/:gameId', { gameId: answer.gameId })),
    onError: (error) => showAlert(errorMessage(error)),
  });
  const accepting = useSingleFlight();
  return {
    challengeId,
    accepting: accepting.busy,
    accept: () => challengeId !== null && accepting.run(() => accept.mutateAsync(challengeId)),
  };
}
