import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { SafeText } from './safe-text.ts';

/** `POST /user/block` and `POST /user/unblock` (docs/PRODUCT.md, 'Blocks'). */
export const BlockBody = Type.Object(
  { username: SafeText({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type BlockBody = Static<typeof BlockBody>;

/** One player I blocked. */
export const BlockedUser = Type.Object({
  username: Type.String(),
  /** ISO time of the block. */
  since: Type.String(),
});
export type BlockedUser = Static<typeof BlockedUser>;

/** `GET /user/blocked`: the players I blocked, newest first. */
export const BlockedResponse = okWith({ users: Type.Array(BlockedUser) });
export type BlockedResponse = Static<typeof BlockedResponse>;

/** Why a player reports another (docs/PRODUCT.md, 'Reports'). */
export const REPORT_REASONS = ['cheating', 'abuse', 'name', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's note holds at most this many characters. */
export const REPORT_NOTE_MAX = 500;
/** An account sends at most this many reports a day (a rolling 24 hours). */
export const REPORTS_PER_DAY = 10;

/** `POST /user/report` */
export const ReportBody = Type.Object(
  {
    username: SafeText({ minLength: 1, maxLength: 64 }),
    reason: Type.Enum(REPORT_REASONS),
    /** The game the report is about, if any: one the reporter played against the reported. */
    gameId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    note: Type.Optional(SafeText({ maxLength: REPORT_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** `POST /user/report`: the report was filed. */
export const ReportResponse = okWith({ reportId: Type.Integer() });
export type ReportResponse = Static<typeof ReportResponse>;
