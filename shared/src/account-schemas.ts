import { Type, type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from './account-rules.ts';
import { okWith } from './api-envelope.ts';
import { SafeText } from './safe-text.ts';

// Field bounds here are guards against abuse, wider than the spec's rules, so that a value the
// spec forbids reaches the shared rule and gets the spec's own message (e.g. 'Bad size username').
const GUARD_LENGTH = 320;

/** An optional device push token, sent with login and register (spec §7). */
const PushToken = SafeText({ minLength: 1, maxLength: 4096 });

/** `POST /login` */
export const LoginBody = Type.Object(
  {
    /** Case-insensitive. */
    username: SafeText({ maxLength: GUARD_LENGTH }),
    password: SafeText({ maxLength: PASSWORD_MAX_LENGTH }),
    token: Type.Optional(PushToken),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** `POST /register` */
export const RegisterBody = Type.Object(
  {
    username: SafeText({ maxLength: GUARD_LENGTH, default: '' }),
    email: SafeText({ maxLength: GUARD_LENGTH, default: '' }),
    password: SafeText({ maxLength: PASSWORD_MAX_LENGTH + 1, default: '' }),
    token: Type.Optional(PushToken),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `POST /finalize`: a social sign-in user claims a username. */
export const FinalizeBody = Type.Object(
  { username: SafeText({ maxLength: GUARD_LENGTH, default: '' }) },
  { additionalProperties: false },
);
export type FinalizeBody = Static<typeof FinalizeBody>;

/** `POST /user/pushtoken` */
export const PushTokenBody = Type.Object({ token: PushToken }, { additionalProperties: false });
export type PushTokenBody = Static<typeof PushTokenBody>;

/** Login, register and finalize answer with the username now signed in. */
export const SignedInResponse = okWith({
  /** The username as registered (its displayName). */
  msg: Type.String(),
});
export type SignedInResponse = Static<typeof SignedInResponse>;

/** `GET /user/info` (decisions §2): ok + username, guest, or finalize. */
export const UserInfoResponse = Type.Union([
  SignedInResponse,
  Type.Object({ result: Type.Literal('guest') }),
  Type.Object({ result: Type.Literal('finalize') }),
]);
export type UserInfoResponse = Static<typeof UserInfoResponse>;

/** `GET /users/:username/verify/:verifyCode` */
export const VerifyParams = Type.Object({
  username: SafeText({ minLength: 1, maxLength: GUARD_LENGTH }),
  verifyCode: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' }),
});
export type VerifyParams = Static<typeof VerifyParams>;
