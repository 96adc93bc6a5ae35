import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/**
 * How long an answer to one of my sent challenges or friend requests stays a notice
 * (docs/PRODUCT.md, 'Notices'): long enough for a tab that was polling, asleep or reconnecting to
 * hear of it, short enough that a new tab does not bring up old news.
 */
export const NOTICE_ANSWER_WINDOW_MS = 5 * 60 * 1000;

/** At most this many notices in one answer, newest first (the stack shows three at a time). */
export const NOTICES_LIMIT = 20;

const RowId = Type.Integer({ minimum: 1 });

/** A pending challenge to me: Accept or Deny. */
export const ChallengeReceivedNotice = Type.Object({
  kind: Type.Literal('challenge-received'),
  challengeId: RowId,
  /** Who sent it. */
  sender: Type.String(),
  /** I was the sender's last versus opponent when they sent it (the end screen's 'Rematch!'). */
  rematch: Type.Boolean(),
});
export type ChallengeReceivedNotice = Static<typeof ChallengeReceivedNotice>;

/** A challenge I sent was accepted (or paired): its game. */
export const ChallengeAcceptedNotice = Type.Object({
  kind: Type.Literal('challenge-accepted'),
  challengeId: RowId,
  gameId: RowId,
  /** Who accepted it: my opponent in that game. */
  name: Type.String(),
});
export type ChallengeAcceptedNotice = Static<typeof ChallengeAcceptedNotice>;

/** A challenge I sent was denied. */
export const ChallengeDeniedNotice = Type.Object({
  kind: Type.Literal('challenge-denied'),
  challengeId: RowId,
  /** Who denied it. */
  name: Type.String(),
});
export type ChallengeDeniedNotice = Static<typeof ChallengeDeniedNotice>;

/** A pending friend request to me: Accept or Deny. */
export const FriendRequestNotice = Type.Object({
  kind: Type.Literal('friend-request'),
  /** The request id, which accept and deny take. */
  id: RowId,
  /** Who sent it. */
  name: Type.String(),
});
export type FriendRequestNotice = Static<typeof FriendRequestNotice>;

/** A friend request I sent was accepted (a denied one makes no notice). */
export const FriendAcceptedNotice = Type.Object({
  kind: Type.Literal('friend-accepted'),
  /** The request id. */
  id: RowId,
  /** Who accepted it: my new friend. */
  name: Type.String(),
});
export type FriendAcceptedNotice = Static<typeof FriendAcceptedNotice>;

/** One notice, told apart by `kind`. */
export const Notice = Type.Union([
  ChallengeReceivedNotice,
  ChallengeAcceptedNotice,
  ChallengeDeniedNotice,
  FriendRequestNotice,
  FriendAcceptedNotice,
]);
export type Notice = Static<typeof Notice>;
export type NoticeKind = Notice['kind'];

/**
 * `GET /user/notices`: what is waiting for me, newest first, at most NOTICES_LIMIT: pending
 * challenges and friend requests to me, and the answers to my sent challenges and friend
 * requests of the last NOTICE_ANSWER_WINDOW_MS.
 */
export const NoticesResponse = okWith({ notices: Type.Array(Notice) });
export type NoticesResponse = Static<typeof NoticesResponse>;
