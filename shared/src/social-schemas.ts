import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { ProfileRating } from './rating-schemas.ts';
import { SafeText } from './safe-text.ts';

/** Search returns at most this many users. */
export const SEARCH_RESULT_LIMIT = 20;

/** What a profile route says of a name that is nobody's (the profile, its rating history). */
export const PROFILE_ERRORS = {
  notFound: 'No player has that username',
} as const;

// Usernames have at most 14 characters; this bound only guards against abuse, so a
// longer name still reaches the lookup and gets the same "unknown user" answer as any other.
const NAME_GUARD_LENGTH = 64;
const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A username in a path: `GET /friends/add/:username` and `GET /profile/:username`. */
export const UsernameParams = Type.Object({
  /** Case-insensitive. */
  username: SafeText({ minLength: 1, maxLength: NAME_GUARD_LENGTH }),
});
export type UsernameParams = Static<typeof UsernameParams>;

/** `GET /friends/add/:username`: the request was sent, or we became friends at once. */
export const AddFriendResponse = okWith({
  /** What happened, in a sentence a player can read. */
  msg: Type.String(),
});
export type AddFriendResponse = Static<typeof AddFriendResponse>;

/** One friend. */
export const Friend = Type.Object({
  /** The friend's user id. */
  id: Type.Integer(),
  /** The friend's username, as registered. */
  name: Type.String(),
});
export type Friend = Static<typeof Friend>;

/** `GET /user/friends`: my friends, by name without regard to case. */
export const FriendsListResponse = okWith({ friends: Type.Array(Friend) });
export type FriendsListResponse = Static<typeof FriendsListResponse>;

/** One pending friend request to me. */
export const FriendRequest = Type.Object({
  /** The request id, which accept and deny take. */
  id: Type.Integer(),
  /** The sender's username, as registered. */
  name: Type.String(),
});
export type FriendRequest = Static<typeof FriendRequest>;

/** `GET /user/friend_requests`: pending requests to me, oldest first. */
export const FriendRequestsResponse = okWith({ requests: Type.Array(FriendRequest) });
export type FriendRequestsResponse = Static<typeof FriendRequestsResponse>;

/** `POST /friends/accept` and `/deny`. */
export const FriendRequestActionBody = Type.Object(
  {
    /** The request id from the requests list. */
    id: RowId,
  },
  { additionalProperties: false },
);
export type FriendRequestActionBody = Static<typeof FriendRequestActionBody>;

/** `POST /user/search`: a prefix of a username; empty finds nobody (docs/PRODUCT.md, 'Search'). */
export const SearchBody = Type.Object(
  {
    /** Matched literally and without regard to case against the start of usernames. */
    username: SafeText({ maxLength: NAME_GUARD_LENGTH, default: '' }),
  },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

/** One search result. */
export const SearchUser = Type.Object({
  id: Type.Integer(),
  /** The username, as registered. */
  username: Type.String(),
});
export type SearchUser = Static<typeof SearchUser>;

/** At most SEARCH_RESULT_LIMIT users, by name without regard to case; never the caller. */
export const SearchResponse = okWith({ users: Type.Array(SearchUser) });
export type SearchResponse = Static<typeof SearchResponse>;

/** A user's profile (docs/PRODUCT.md, 'Profiles' and 'Stats'). */
export const Profile = Type.Object({
  /** The username as registered (the profile route's own key, case aside). */
  username: Type.String(),
  /** The name as registered, case kept; today the same value as `username`. */
  displayName: Type.String(),
  /** Shown as a star on leaderboards. */
  admin: Type.Boolean(),
  points: Type.Integer(),
  /** Finished games. */
  gameCt: Type.Integer(),
  /** Won games. */
  winCt: Type.Integer(),
  /** Wins ÷ losses, 2 decimals; the wins when there are no losses. */
  winRatio: Type.Number(),
  /** The viewer is a friend of this user. */
  isFriend: Type.Boolean(),
  /** Usernames of this user's friends: only for the user and their friends. */
  friends: Type.Optional(Type.Array(Type.String())),
  /** The rating of human versus games (docs/PRODUCT.md, 'Ratings'). */
  rating: ProfileRating,
  /**
   * A versus game this user plays now that the viewer may watch (docs/PRODUCT.md, 'Watching'):
   * present only then.
   */
  liveGameId: Type.Optional(Type.Integer()),
  /** The viewer blocked this user (docs/PRODUCT.md, 'Blocks'): present, and true, only then. */
  blocked: Type.Optional(Type.Literal(true)),
});
export type Profile = Static<typeof Profile>;

/** `GET /profile/:username` */
export const ProfileResponse = okWith({ data: Profile });
export type ProfileResponse = Static<typeof ProfileResponse>;
