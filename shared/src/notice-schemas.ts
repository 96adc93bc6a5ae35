import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { NOTICES_LIMIT } from './notice-rules.ts';

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

/** The kinds of notice that are news (an answer to mine), which I mark as seen. */
export const NewsKind = Type.Union([
  Type.Literal('challenge-accepted'),
  Type.Literal('challenge-denied'),
  Type.Literal('friend-accepted'),
]);
export type NewsKind = Static<typeof NewsKind>;

/**
 * One piece of news by its row: the challenge's id for a challenge answer, the friend request's
 * id for a friend answer.
 */
export const NewsRef = Type.Object({ kind: NewsKind, id: RowId });
export type NewsRef = Static<typeof NewsRef>;

/**
 * `POST /user/notices/seen`: news I have seen (shown on screen, dismissed or opened), which is
 * then never a notice again, in any tab or on any device. At most NOTICES_LIMIT at once: as many
 * as one answer of `GET /user/notices` holds.
 */
export const NoticesSeenBody = Type.Object(
  { notices: Type.Array(NewsRef, { minItems: 1, maxItems: NOTICES_LIMIT }) },
  { additionalProperties: false },
);
export type NoticesSeenBody = Static<typeof NoticesSeenBody>;

/**
 * `GET /user/notices`: what is waiting for me, newest first, at most NOTICES_LIMIT: pending
 * challenges and friend requests to me, and the answers to my sent challenges and friend
 * requests of the last NOTICE_ANSWER_WINDOW_MS that I have not seen (an accepted challenge's
 * only while its game is not over).
 */
export const NoticesResponse = okWith({ notices: Type.Array(Notice) });
export type NoticesResponse = Static<typeof NoticesResponse>;
