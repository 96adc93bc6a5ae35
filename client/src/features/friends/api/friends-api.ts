import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** The Friends screen's query keys. */
export const friendKeys = {
  friends: ['friends'] as const,
  requests: ['friend-requests'] as const,
  search: (username: string) => ['user-search', username] as const,
};

/** `GET /user/friends` */
export const friendsQuery = queryOptions({
  queryKey: friendKeys.friends,
  queryFn: () => callEndpoint('friends'),
  // Events only refresh the lists while they are on screen; opening them again asks again.
  staleTime: 0,
});

/** `GET /user/friend_requests`: pending requests to me. */
export const friendRequestsQuery = queryOptions({
  queryKey: friendKeys.requests,
  queryFn: () => callEndpoint('friendRequests'),
  staleTime: 0,
});

/** `POST /user/search {username}`: sent as typed, empty included (no client-side check). */
export const searchUsersQuery = (username: string) =>
  queryOptions({
    queryKey: friendKeys.search(username),
    queryFn: () => callEndpoint('searchUsers', { body: { username } }),
    // A failed search is said at once, not retried behind the player's back.
    retry: false,
  });

export const acceptFriendRequest = (id: number) => callEndpoint('acceptFriend', { body: { id } });
export const denyFriendRequest = (id: number) => callEndpoint('denyFriend', { body: { id } });
