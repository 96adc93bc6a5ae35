import { Type, type Static } from 'typebox';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './account-rules.ts';
import { okWith } from './api-envelope.ts';
import { SafeText } from './safe-text.ts';

// Field bounds here are guards against abuse, wider than the account rules, so that a value the
// rules forbid reaches the shared rule and gets its own message (e.g. 'Bad size username').
const GUARD_LENGTH = 320;

/** An optional device push token, sent with login and register. */
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

/**
 * `GET /user/info`: ok + username, guest (or nobody), or finalize for a social sign-in that has
 * not picked its username yet (docs/PRODUCT.md, 'Sessions').
 */
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

/** `POST /password/forgot`: the address of the account whose password was forgotten. */
export const ForgotPasswordBody = Type.Object(
  { email: SafeText({ maxLength: GUARD_LENGTH, default: '' }) },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

/**
 * `POST /password/reset`: the token of the mailed link (the client route `/reset/{token}`) and
 * the new password, checked with the password rules of registration.
 */
export const ResetPasswordBody = Type.Object(
  {
    token: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' }),
    password: SafeText({ maxLength: PASSWORD_MAX_LENGTH + 1, default: '' }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

// What the API's document states for the fields whose rules the server checks after validation.
// The validation schemas above are wider on purpose (each refused value then gets its rule's own
// message, e.g. 'Bad size username'); outside tools read the rules themselves.
const UsernameRule = Type.String({
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: USERNAME_PATTERN.source,
  description: `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, digits or underscores; unique without regard to case, nor like a taken one`,
});
const PasswordRule = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
});

/** `POST /register` as the server enforces it (see RegisterBody), for the API's document. */
export const RegisterBodyDocumented = Type.Object(
  {
    username: UsernameRule,
    email: Type.String({
      maxLength: EMAIL_MAX_LENGTH,
      pattern: EMAIL_PATTERN.source,
      description: 'one @, a dot in the domain, no spaces; unique without regard to case',
    }),
    password: PasswordRule,
    token: Type.Optional(PushToken),
  },
  { additionalProperties: false },
);

/** `POST /finalize` as the server enforces it (see FinalizeBody), for the API's document. */
export const FinalizeBodyDocumented = Type.Object(
  { username: UsernameRule },
  { additionalProperties: false },
);

/** `POST /password/reset` as the server enforces it (see ResetPasswordBody), for the document. */
export const ResetPasswordBodyDocumented = Type.Object(
  { token: ResetPasswordBody.properties.token, password: PasswordRule },
  { additionalProperties: false },
);

/**
 * `GET /user/verification` (docs/PRODUCT.md, 'Verification mail'): `pending` while the link
 * mailed at registration has not been opened (with the address it went to), `verified` once it
 * has, `none` when no mail was ever sent (an account from a social sign-in).
 */
export const VerificationResponse = Type.Union([
  okWith({ verification: Type.Literal('pending'), email: Type.String() }),
  okWith({ verification: Type.Union([Type.Literal('verified'), Type.Literal('none')]) }),
]);
export type VerificationResponse = Static<typeof VerificationResponse>;
