import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { SafeText } from './safe-text.ts';
import { CHALLENGE_TIME_CONTROLS } from './time-controls.ts';

/** The special recipient of an open challenge: paired with the next open challenger. */
export const OPEN_CHALLENGE_TARGET = '@open';

/** Pending challenges expire after 7 days. */
export const CHALLENGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The challenge routes' refusals (the `err` of their error answers), word for word: the one
 * table of them, which the server answers with and tests compare against.
 */
export const CHALLENGE_ERRORS = {
  notFound: 'Challenge not found',
  unknownUser: 'No player has that username',
  yourself: 'You cannot challenge yourself',
  notPending: 'This challenge is no longer pending',
  onlyRecipient: 'Only the challenged player can answer this challenge',
} as const;

/** `POST /challenges`: received (in) or sent (out) pending challenges. */
export const ChallengesListBody = Type.Object(
  { type: Type.Union([Type.Literal('in'), Type.Literal('out')]) },
  { additionalProperties: false },
);
export type ChallengesListBody = Static<typeof ChallengesListBody>;

export const ChallengeItem = Type.Object({
  id: Type.Integer(),
  /** Who sent it. */
  sender: Type.String(),
  /** Who it is for, or `@open` for an open challenge still waiting. */
  recipient: Type.String(),
  /** "5 minutes ago". */
  timeAgo: Type.String(),
  /** ISO time it was sent. */
  createdAt: Type.String(),
  /** The time control of the game it starts, like `5m` or `3d` (docs/PRODUCT.md, 'Time controls'). */
  timeControl: Type.String(),
  /**
   * Whether the game it starts would be rated if started now: false once the two players have
   * played their rated games of the day (docs/PRODUCT.md, 'Ratings'). An open challenge does not
   * know its opponent yet: true.
   */
  rated: Type.Boolean(),
});
export type ChallengeItem = Static<typeof ChallengeItem>;

export const ChallengesListResponse = okWith({ challenges: Type.Array(ChallengeItem) });
export type ChallengesListResponse = Static<typeof ChallengesListResponse>;

/** A challenge's time control, as the new-challenge form offers them. */
export const ChallengeTimeControlField = Type.Enum(CHALLENGE_TIME_CONTROLS);

/** `POST /challenges/new`: a username, or `@open`; the time control, three days by default. */
export const NewChallengeBody = Type.Object(
  {
    username: SafeText({ minLength: 1, maxLength: 64 }),
    timeControl: Type.Optional(ChallengeTimeControlField),
  },
  { additionalProperties: false },
);
export type NewChallengeBody = Static<typeof NewChallengeBody>;

/**
 * The challenge made (or found); `gameId` when the game started at once: an open challenge
 * paired, or the target had already challenged me.
 */
export const NewChallengeResponse = okWith({
  challengeId: Type.Integer(),
  gameId: Type.Optional(Type.Integer()),
  message: Type.String(),
});
export type NewChallengeResponse = Static<typeof NewChallengeResponse>;

/** `POST /challenges/accept` and `/deny`. */
export const ChallengeActionBody = Type.Object(
  { challenge_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export type ChallengeActionBody = Static<typeof ChallengeActionBody>;

export const AcceptChallengeResponse = okWith({
  challengeId: Type.Integer(),
  gameId: Type.Integer(),
});
export type AcceptChallengeResponse = Static<typeof AcceptChallengeResponse>;

export const DenyChallengeResponse = okWith({ challengeId: Type.Integer() });
export type DenyChallengeResponse = Static<typeof DenyChallengeResponse>;

export const ChallengeIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type ChallengeIdParams = Static<typeof ChallengeIdParams>;

/**
 * `GET /challenges/:id/info`: accepted → ok with gameId; pending → ok without (keep polling);
 * denied or expired → stop.
 */
export const ChallengeInfoResponse = Type.Union([
  okWith({ challengeId: Type.Integer(), gameId: Type.Optional(Type.Integer()) }),
  Type.Object({ result: Type.Literal('stop'), challengeId: Type.Integer() }),
]);
export type ChallengeInfoResponse = Static<typeof ChallengeInfoResponse>;
