import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useRealtimeEvent } from '@/lib/realtime/realtime-provider.tsx';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { challengeKeys, challengesListQuery, fetchChallengeInfo } from '../api/challenges-api.ts';

/**
 * The challenge screen's server state, kept current (useLiveQuery): my received and sent
 * pending challenges. A challenge that arrives (`challenge:received`) or a sent one denied
 * (`challenge:denied`) refreshes its list; one of mine accepted (`challenge:accepted`, sent only
 * to the sender) takes me to its game at once. While the socket is not live, the infos of my
 * pending sent challenges are polled instead: a gameId goes to the game, `stop` (denied or
 * expired) takes that challenge off the sent list, and a failure ends the poll and is logged.
 * After every reconnect the lists and the infos are fetched once, for what the socket missed.
 */
export function useChallengeFeed(signedIn: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query: received } = useLiveQuery({
    ...challengesListQuery('in'),
    enabled: signedIn,
    poll: false,
    // Answered in another tab or on another device (or from a notice): it leaves the list.
    events: { 'challenge:received': () => 'refetch', 'challenge:answered': () => 'refetch' },
  });
  // Loaded in either view: it is what tells which of my challenges to watch.
  const { query: sent } = useLiveQuery({
    ...challengesListQuery('out'),
    enabled: signedIn,
    poll: false,
    events: { 'challenge:denied': () => 'refetch', 'challenge:accepted': () => 'refetch' },
  });
  useRealtimeEvent('challenge:accepted', (event) => {
    navigate(clientPath('/game/:gameId', { gameId: event.gameId }));
  });

  // While live, the events say what the infos would, so they are asked only while not.
  const pendingIds = (sent.data?.challenges ?? []).map((challenge) => challenge.id);
  const { query: infos } = useLiveQuery({
    queryKey: challengeKeys.pendingInfos(pendingIds),
    queryFn: () =>
      Promise.all(pendingIds.map(fetchChallengeInfo)).catch((error: unknown) => {
        console.error('challenge info failed', error);
        throw error;
      }),
    enabled: signedIn && pendingIds.length > 0,
    loadWhileLive: false,
    settled: ({ data, error }) =>
      error !== null || (data?.every((info) => info.result === 'stop') ?? false),
    retry: false,
    staleTime: 0,
  });
  const gameId = infos.data
    ?.map((info) => (info.result === 'ok' ? info.gameId : undefined))
    .find((id) => id !== undefined);
  const stopped = infos.data?.some((info) => info.result === 'stop') ?? false;

  useEffect(() => {
    if (gameId !== undefined) navigate(clientPath('/game/:gameId', { gameId }));
  }, [gameId, navigate]);
  useEffect(() => {
    // Denied or expired: it is no longer pending, so it leaves the sent list.
    if (stopped) void queryClient.invalidateQueries({ queryKey: challengeKeys.list('out') });
  }, [stopped, queryClient]);

  return { received, sent };
}
