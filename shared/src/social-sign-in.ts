/**
 * Social sign-in (docs/PRODUCT.md, 'Social sign-in'), the part client and server share: the
 * providers, and the reasons a sign-in can fail. The server sends the browser back to
 * `/login?error={code}&provider={provider}`; the client shows `socialSignInErrorMessage`.
 * Only codes travel in the URL, never sentences, so a crafted link cannot put words of its
 * own on our login page.
 */
export const SOCIAL_PROVIDERS = ['twitter', 'facebook', 'google', 'steam', 'vk'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How each provider is named on buttons and in messages. */
export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  google: 'Google',
  steam: 'Steam',
  vk: 'VK',
};

export const SOCIAL_SIGN_IN_ERROR_CODES = [
  /** The provider has no credentials configured on this server. */
  'not_configured',
  /** The player said no at the provider (OAuth `access_denied`, OpenID `cancel`). */
  'denied',
  /** The provider answered the callback with an error of its own. */
  'provider_error',
  /** The state is missing, does not match, is too old, or was already used. */
  'bad_state',
  /** The code exchange, the profile or the assertion check failed. */
  'failed',
  /** The account was banned by an admin (docs/PRODUCT.md, 'Reports'). */
  'banned',
] as const;
export type SocialSignInErrorCode = (typeof SOCIAL_SIGN_IN_ERROR_CODES)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);
}

/** The sentence for a failed social sign-in, from the `error` and `provider` of the URL. */
export function socialSignInErrorMessage(code: string, provider: string | null): string {
  const label = isSocialProvider(provider) ? SOCIAL_PROVIDER_LABELS[provider] : 'that provider';
  switch (code) {
    case 'not_configured':
      return `Sign-in with ${label} is not available on this server. Please choose another way to sign in.`;
    case 'denied':
      return `Sign-in with ${label} was cancelled.`;
    case 'provider_error':
      return `${label} could not sign you in. Please try again.`;
    case 'bad_state':
      return 'This sign-in attempt has expired or was already used. Please try again.';
    case 'failed':
      return `We could not complete sign-in with ${label}. Please try again.`;
    case 'banned':
      return 'This account is banned';
    default:
      return 'Sign-in did not work. Please try again.';
  }
}
