import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '../../../components/alert-provider.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/realtime-provider.tsx';
import {
  acceptChallenge,
  fetchChallengeInfo,
  fetchIncomingChallenges,
  gameKeys,
  sendChallenge,
} from '../api/game-api.ts';

/** The spec's rematch polling period (§4, §9). */
export const REMATCH_POLL_MS = 3000;

/**
 * Fetches again at every reconnect of the real-time channel (decisions §6: "on every
 * (re)connect it fetches once to catch up"): an event sent while it was down is lost, and once
 * it is live again nothing polls.
 */
function useCatchUpOnReconnect(refetch: () => unknown, active: boolean): void {
  const { connections } = useRealtimeStatus();
  const seen = useRef(connections);
  useEffect(() => {
    if (connections === seen.current) return;
    seen.current = connections;
    if (active) void refetch();
  }, [connections, active, refetch]);
}

/**
 * `idle` → 'Rematch!'; `sending` → 'Sending...'; `sent` → 'Challenge Sent!' while the opponent
 * decides; `declined` once they denied it or it expired.
 */
export type RematchState = 'idle' | 'sending' | 'sent' | 'declined';

/**
 * The rematch of a versus game's end (spec §4, decisions §4): a challenge to the opponent, then
 * the new game as soon as it exists: at once if the opponent had already asked (the server pairs
 * the two), on `challenge:accepted`, or, while the real-time channel is down, through the
 * challenge-info poll every 3000 ms, which stops on `stop`.
 */
export function useRematch(opponent: string | undefined) {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const { status } = useRealtimeStatus();
  const [challengeId, setChallengeId] = useState<number | null>(null);
  const [deniedLive, setDeniedLive] = useState(false);
  const goToGame = (gameId: number) => navigate(clientPath('/game/:gameId', { gameId }));

  const send = useMutation({
    mutationFn: () => sendChallenge(opponent ?? ''),
    onSuccess: (answer) => {
      if (answer.gameId !== undefined) return goToGame(answer.gameId);
      setChallengeId(answer.challengeId);
    },
    onError: (error) => showAlert(errorMessage(error)),
  });

  const info = useQuery({
    queryKey: gameKeys.rematchInfo(challengeId ?? 0),
    queryFn: () => fetchChallengeInfo(challengeId ?? 0),
    enabled: challengeId !== null && !deniedLive,
    // Until `stop` or a failure, which end the wait (spec §4: "on other failures it stops").
    refetchInterval: (query) =>
      status === 'live' || query.state.data?.result === 'stop' || query.state.error
        ? false
        : REMATCH_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const declined = deniedLive || info.data?.result === 'stop' || info.isError;
  const acceptedGameId = info.data?.result === 'ok' ? info.data.gameId : undefined;
  useEffect(() => {
    if (acceptedGameId !== undefined) {
      navigate(clientPath('/game/:gameId', { gameId: acceptedGameId }));
    }
  }, [acceptedGameId, navigate]);
  useEffect(() => {
    if (info.isError) console.error('rematch info failed', info.error);
  }, [info.isError, info.error]);
  useCatchUpOnReconnect(info.refetch, challengeId !== null && !declined);

  useRealtimeEvent('challenge:accepted', (event) => {
    if (event.challengeId === challengeId) goToGame(event.gameId);
  });
  useRealtimeEvent('challenge:denied', (event) => {
    if (event.challengeId === challengeId) setDeniedLive(true);
  });

  const state: RematchState = send.isPending
    ? 'sending'
    : declined
      ? 'declined'
      : challengeId !== null
        ? 'sent'
        : 'idle';
  return { state, send: () => !send.isPending && challengeId === null && send.mutate() };
}

/**
 * A rematch the opponent offered me: their pending challenge, learned live from
 * `challenge:received` or, while the channel is down, from the received list polled every
 * 3000 ms. Accepting it goes to the new game.
 */
export function useIncomingRematch(opponent: string | undefined, enabled: boolean) {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const { status } = useRealtimeStatus();
  const [offered, setOffered] = useState<number | null>(null);
  const listed = useQuery({
    queryKey: gameKeys.incomingChallenges,
    queryFn: fetchIncomingChallenges,
    enabled: enabled && opponent !== undefined,
    refetchInterval: status === 'live' ? false : REMATCH_POLL_MS,
  });
  useCatchUpOnReconnect(listed.refetch, enabled && opponent !== undefined);
  const fromList = listed.data?.challenges.find(
    (challenge) => challenge.sender.toLowerCase() === opponent?.toLowerCase(),
  )?.id;
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
  return {
    challengeId,
    accepting: accept.isPending,
    accept: () => challengeId !== null && !accept.isPending && accept.mutate(challengeId),
  };
}
