import type { SocialSignInErrorCode } from '@jotto/shared/social-sign-in';

/**
 * A social sign-in that cannot go on. The route sends the browser to the login screen with
 * `code` (the player reads its sentence there); `detail` is only for the log.
 */
export class SocialSignInError extends Error {
  constructor(
    readonly code: SocialSignInErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'SocialSignInError';
  }
}
