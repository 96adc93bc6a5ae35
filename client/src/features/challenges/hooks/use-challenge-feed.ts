import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { ChallengeInfoResponse } from '@jotto/shared/challenge-schemas';
import { challengeKeys } from '../../../lib/challenges.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/realtime-provider.tsx';
import {
  challengeInfoQuery,
  challengesListQuery,
  fetchChallengeInfo,
} from '../api/challenges-api.ts';

/** The spec's challenge-info polling period (§4, §9), the fallback while the socket is down. */
export const CHALLENGE_INFO_POLL_MS = 3000;

const acceptedGame = (info: ChallengeInfoResponse | undefined) =>
  info?.result === 'ok' ? info.gameId : undefined;

/**
 * The challenge screen's server state, kept current (decisions §4, §6): my received and sent
 * pending challenges. A challenge that arrives (`challenge:received`) or a sent one denied
 * (`challenge:denied`) refreshes its list; one of mine accepted (`challenge:accepted`, sent only
 * to the sender) takes me to its game at once. While the socket is not live, the info of each
 * pending sent challenge is polled every 3000 ms instead: a gameId goes to the game, `stop`
 * (denied or expired) ends that poll, any other failure ends it and is logged (spec §4). After
 * every reconnect the lists and the infos are fetched once, for what the socket missed.
 */
export function useChallengeFeed(signedIn: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status, connections } = useRealtimeStatus();
  const live = status === 'live';
  const received = useQuery({ ...challengesListQuery('in'), enabled: signedIn });
  // Loaded in either view: it is what tells which of my challenges to watch.
  const sent = useQuery({ ...challengesListQuery('out'), enabled: signedIn });
  const pendingIds = (sent.data?.challenges ?? []).map((challenge) => challenge.id);

  const infos = useQueries({
    queries: pendingIds.map((id) => ({
      ...challengeInfoQuery(id),
      queryFn: () =>
        fetchChallengeInfo(id).catch((error: unknown) => {
          console.error('challenge info failed', error);
          throw error;
        }),
      enabled: signedIn && !live,
      refetchInterval: (query: { state: { data?: ChallengeInfoResponse; error: unknown } }) =>
        query.state.data?.result === 'stop' || query.state.error ? false : CHALLENGE_INFO_POLL_MS,
      refetchIntervalInBackground: true,
      retry: false,
      staleTime: 0,
    })),
  });
  const gameId = infos.map((info) => acceptedGame(info.data)).find((id) => id !== undefined);
  const stopped = infos.some((info) => info.data?.result === 'stop');

  useEffect(() => {
    if (gameId !== undefined) navigate(clientPath('/game/:gameId', { gameId }));
  }, [gameId, navigate]);
  useEffect(() => {
    // Denied or expired: it is no longer pending, so it leaves the sent list.
    if (stopped) void queryClient.invalidateQueries({ queryKey: challengeKeys.list('out') });
  }, [stopped, queryClient]);

  useRealtimeEvent('challenge:received', () => {
    void queryClient.invalidateQueries({ queryKey: challengeKeys.list('in') });
  });
  useRealtimeEvent('challenge:denied', () => {
    void queryClient.invalidateQueries({ queryKey: challengeKeys.list('out') });
  });
  useRealtimeEvent('challenge:accepted', (event) => {
    void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    navigate(clientPath('/game/:gameId', { gameId: event.gameId }));
  });

  // Catch up after a (re)connect that happened while this screen was open; the state at
  // opening was just loaded.
  const latestIds = useRef(pendingIds);
  useEffect(() => {
    latestIds.current = pendingIds;
  });
  const seenConnections = useRef(connections);
  useEffect(() => {
    if (!signedIn || connections === seenConnections.current) return;
    seenConnections.current = connections;
    void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    for (const id of latestIds.current) {
      queryClient
        .fetchQuery({ ...challengeInfoQuery(id), staleTime: 0 })
        .catch((error: unknown) => console.error('challenge info failed', error));
    }
  }, [signedIn, connections, queryClient]);

  return { received, sent };
}
