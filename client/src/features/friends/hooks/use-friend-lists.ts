import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAlert } from '../../../components/alert-provider.tsx';
import { ApiCallError } from '../../../lib/api-client.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/realtime-provider.tsx';
import { friendKeys, friendRequestsQuery, friendsQuery } from '../api/friends-api.ts';

/**
 * A list that failed to load (spec §8): an answer from the server (result not ok) is alerted as
 * 'Error: {err}'; no answer at all (offline) is only logged.
 */
function useLoadFailure(error: Error | null, what: string) {
  const showAlert = useAlert();
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiCallError && error.status !== 0) showAlert(`Error: ${error.message}`);
    else console.error(`${what} failed to load`, error);
  }, [error, what, showAlert]);
}

/**
 * My friends and the friend requests to me, kept current without a reload (decisions §6): a
 * `friend:request` refreshes the requests, a `friend:accepted` the friends; after a reconnect
 * that happened while the screen was open, both are fetched once for what the socket missed.
 */
export function useFriendLists(signedIn: boolean) {
  const queryClient = useQueryClient();
  const friends = useQuery({ ...friendsQuery, enabled: signedIn });
  const requests = useQuery({ ...friendRequestsQuery, enabled: signedIn });
  useLoadFailure(friends.error, 'friends');
  useLoadFailure(requests.error, 'friend requests');

  useRealtimeEvent('friend:request', () => {
    void queryClient.invalidateQueries({ queryKey: friendKeys.requests });
  });
  useRealtimeEvent('friend:accepted', () => {
    void queryClient.invalidateQueries({ queryKey: friendKeys.friends });
  });
  const { connections } = useRealtimeStatus();
  const seenConnections = useRef(connections);
  useEffect(() => {
    if (!signedIn || connections === seenConnections.current) return;
    seenConnections.current = connections;
    void queryClient.invalidateQueries({ queryKey: friendKeys.friends });
    void queryClient.invalidateQueries({ queryKey: friendKeys.requests });
  }, [signedIn, connections, queryClient]);

  return { friends, requests };
}
