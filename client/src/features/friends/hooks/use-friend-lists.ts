import { useEffect } from 'react';
import { useAlert } from '@/components/alert-provider.tsx';
import { ApiCallError } from '@/lib/api-client.ts';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { friendRequestsQuery, friendsQuery } from '../api/friends-api.ts';

/**
 * A list that failed to load: an answer from the server (result not ok) is alerted as
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
 * My friends and the friend requests to me, kept current without a reload (useLiveQuery, no
 * poll): a `friend:request` refreshes the requests, a `friend:accepted` the friends; after a
 * reconnect while the screen is open, both are fetched once for what the socket missed.
 */
export function useFriendLists(signedIn: boolean) {
  const { query: friends } = useLiveQuery({
    ...friendsQuery,
    enabled: signedIn,
    poll: false,
    // An answer of mine elsewhere (another tab, a notice) may have made a friend.
    events: { 'friend:accepted': () => 'refetch', 'friend:answered': () => 'refetch' },
  });
  const { query: requests } = useLiveQuery({
    ...friendRequestsQuery,
    enabled: signedIn,
    poll: false,
    events: { 'friend:request': () => 'refetch', 'friend:answered': () => 'refetch' },
  });
  useLoadFailure(friends.error, 'friends');
  useLoadFailure(requests.error, 'friend requests');
  return { friends, requests };
}
