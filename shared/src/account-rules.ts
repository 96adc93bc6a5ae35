/** Username length bounds (spec §9). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 14;
/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 4;
/**
 * Upper bound on password length. Not in the spec: it keeps a hostile client from making the
 * server hash megabytes, and no real password comes near it.
 */
export const PASSWORD_MAX_LENGTH = 256;

/** The validation messages of spec §5, used verbatim by the client and the server. */
export const ACCOUNT_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match!',
  usernameRequired: 'Please enter a username',
  emailRequired: 'Please enter an email',
  emailInvalid: 'Please enter a valid email',
  usernameBadSize: 'Bad size username',
  usernameBadCharacters:
    'Please use only alphanumeric characters and underscores for your username',
  passwordTooWeak: 'Please enter a better password',
  passwordTooLong: 'Please use a shorter password',
} as const;

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
// Deliberately loose (one @, a dot in the domain, no spaces): the verification e-mail is the
// real check; this only stops obvious typos, like the browser's own type="email" check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

/**
 * Checks a username against spec §5 and returns the first message that applies, or null.
 * Used by registration and by the finalize step of social sign-in.
 */
export function usernameProblem(username: string): string | null {
  if (username.length === 0) return ACCOUNT_MESSAGES.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    return ACCOUNT_MESSAGES.usernameBadSize;
  }
  if (!USERNAME_PATTERN.test(username)) return ACCOUNT_MESSAGES.usernameBadCharacters;
  return null;
}

/** The fields of the registration form (spec §5). */
export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  /** Only the client form has it; the server receives one password. */
  confirmPassword?: string;
}

/**
 * Checks a registration in the order of spec §5 and returns the first message that
 * applies, or null when the registration may proceed.
 */
export function registrationProblem(input: RegistrationInput): string | null {
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    return ACCOUNT_MESSAGES.passwordsDoNotMatch;
  }
  if (input.username.length === 0) return ACCOUNT_MESSAGES.usernameRequired;
  if (input.email.length === 0) return ACCOUNT_MESSAGES.emailRequired;
  if (input.email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(input.email)) {
    return ACCOUNT_MESSAGES.emailInvalid;
  }
  const usernameMessage = usernameProblem(input.username);
  if (usernameMessage) return usernameMessage;
  if (input.password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooWeak;
  if (input.password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

/** Usernames are unique without regard to case (decisions §5); this is the key compared. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}
