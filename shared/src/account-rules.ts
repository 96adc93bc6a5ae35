/** Username length bounds: 3 to 14 characters (docs/PRODUCT.md, 'Registration'). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 14;
/** Minimum password length (docs/PRODUCT.md, 'Registration'). */
export const PASSWORD_MIN_LENGTH = 4;
/**
 * Upper bound on password length. Not a product rule: it keeps a hostile client from making the
 * server hash megabytes, and no real password comes near it.
 */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The validation messages of registration and finalize (docs/PRODUCT.md, 'Registration'), used
 * verbatim by the client and the server.
 */
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

/** Letters, digits and underscores (docs/PRODUCT.md, 'Registration'). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/**
 * Deliberately loose (one @, a dot in the domain, no spaces): the verification e-mail is the
 * real check; this only stops obvious typos, like the browser's own type="email" check.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest e-mail address accepted. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Checks a username (given, 3 to 14 characters, letters, digits and underscores) and returns
 * the first message that applies, or null.
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

/** The fields of the registration form. */
export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  /** Only the client form has it; the server receives one password. */
  confirmPassword?: string;
}

/**
 * Checks a registration in the product's order (docs/PRODUCT.md, 'Registration': matching
 * passwords, username and e-mail given, e-mail plausible, the username rules, the password's
 * length) and returns the first message that applies, or null when it may proceed.
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
  return passwordProblem(input.password);
}

/**
 * Checks a new password (at least 4 characters, at most 256) and returns the first message
 * that applies, or null. Registration and the password reset use it alike.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooWeak;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

/** Usernames are unique without regard to case; this is the key compared. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * Characters folded together by `usernameSkeleton`, after lower-casing: each looks like the
 * letter it maps to in some case or common font (a capital I and a small l are one stroke in
 * most sans-serif faces; a 1 is close to both; 0 and o, 5 and s, 2 and z, 8 and B).
 */
const CONFUSABLE_CHARACTERS: Readonly<Record<string, string>> = {
  i: 'l',
  '1': 'l',
  '0': 'o',
  '5': 's',
  '2': 'z',
  '8': 'b',
};

/** Pairs of letters that read as one (after the characters are folded): rn as m, vv as w, cl as d. */
const CONFUSABLE_SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

/**
 * The confusable skeleton of a username: what it looks like, whatever its case and look-alike
 * characters. Two usernames with the same skeleton can pass for each other ('AIice' with a
 * capital I and 'Alice'; 'B0B' and 'bob'; 'rnike' and 'mike'), so a username is taken when its
 * skeleton is (docs/PRODUCT.md, 'Registration'). Usernames are ASCII letters, digits and
 * underscores, so an ASCII table covers them: the string is lower-cased, each character folded
 * (i, 1 → l; 0 → o; 5 → s; 2 → z; 8 → b), then rn → m, vv → w and cl → d, left to right.
 * Deliberately coarse: refusing a name that merely resembles one taken costs a player a second
 * try; admitting one that impersonates someone costs trust.
 */
export function usernameSkeleton(username: string): string {
  let skeleton = [...username.toLowerCase()]
    .map((character) => CONFUSABLE_CHARACTERS[character] ?? character)
    .join('');
  for (const [sequence, replacement] of CONFUSABLE_SEQUENCES) {
    skeleton = skeleton.replaceAll(sequence, replacement);
  }
  return skeleton;
}
