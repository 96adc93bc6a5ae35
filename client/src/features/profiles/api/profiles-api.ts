import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** Profiles are cached by name without regard to case: usernames are unique that way. */
export const profileKeys = {
  all: ['profile'] as const,
  one: (username: string) => ['profile', username.toLowerCase()] as const,
};

/** `GET /profile/:username` */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.one(username),
    queryFn: () => callEndpoint('profile', { params: { username } }),
    // Whether we are friends changes by the other player's hand (they accept while I am on
    // another screen): a profile opened again is asked again, the cached one shown meanwhile.
    staleTime: 0,
  });

/**
 * `GET /profile/:username/ratings`: the rating after each of the last 100 rated games. Under the
 * profile's key, so what refreshes a profile refreshes its history too.
 */
export const profileRatingsQuery = (username: string) =>
  queryOptions({
    queryKey: [...profileKeys.one(username), 'ratings'] as const,
    queryFn: () => callEndpoint('profileRatings', { params: { username } }),
    staleTime: 0,
  });

/** `GET /friends/add/:username`: a friend request, or friends at once if they had asked me. */
export const addFriend = (username: string) => callEndpoint('addFriend', { params: { username } });
