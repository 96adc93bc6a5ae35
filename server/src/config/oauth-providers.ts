import type { SocialProvider } from '@jotto/shared/social-sign-in';

/** The providers signed in through OAuth 2.0; Steam speaks OpenID 2.0 (see steam-openid.ts). */
export type OAuthProvider = Exclude<SocialProvider, 'steam'>;
export const OAUTH_PROVIDERS = ['twitter', 'facebook', 'google', 'vk'] as const;

/** A path into a JSON document, e.g. `['data', 'id']` for `{data: {id}}`. */
export type JsonPath = readonly string[];

/**
 * Everything that differs between OAuth providers; one generic flow (oauth-flow.ts) does the
 * rest. The endpoints are the real providers' and can each be overridden in configuration
 * (`{PREFIX}_AUTHORIZE_URL`, …), which is how the tests point them at a local server.
 */
export interface OAuthProviderDefinition {
  /** Prefix of the provider's environment variables: `{PREFIX}_CLIENT_ID`, … */
  envPrefix: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Null when the identity comes with the token response itself (VK). */
  userinfoUrl: string | null;
  scope: string[];
  /** Proof Key for Code Exchange (RFC 7636), S256, where the provider supports it. */
  pkce: boolean;
  /** How our client id and secret reach the token endpoint: HTTP Basic, or the form body. */
  tokenAuth: 'header' | 'body';
  /** How the access token reaches the userinfo endpoint: a Bearer header, or `?access_token=`. */
  accessTokenIn: 'header' | 'query';
  /** Where the provider's user id is, in the userinfo answer (or the token response). */
  idPath: JsonPath;
  /** Where the e-mail is, when the provider gives one. */
  emailPath: JsonPath | null;
  /** Where the provider says the e-mail is verified; an e-mail it calls unverified is dropped. */
  emailVerifiedPath: JsonPath | null;
}

export const OAUTH_PROVIDER_DEFINITIONS: Record<OAuthProvider, OAuthProviderDefinition> = {
  // OAuth 2.0 with PKCE (X API v2); the e-mail needs an elevated app permission: not asked.
  twitter: {
    envPrefix: 'TWITTER',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scope: ['users.read', 'tweet.read'],
    pkce: true,
    tokenAuth: 'header',
    accessTokenIn: 'header',
    idPath: ['data', 'id'],
    emailPath: null,
    emailVerifiedPath: null,
  },
  // Graph API: `/me?fields=id,email`; the e-mail is only there when the user has a confirmed one.
  facebook: {
    envPrefix: 'FACEBOOK',
    authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v21.0/me?fields=id,email',
    scope: ['email'],
    pkce: false,
    tokenAuth: 'body',
    accessTokenIn: 'query',
    idPath: ['id'],
    emailPath: ['email'],
    emailVerifiedPath: null,
  },
  // OpenID Connect userinfo: `sub`, `email`, `email_verified`.
  google: {
    envPrefix: 'GOOGLE',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: ['openid', 'email'],
    pkce: true,
    tokenAuth: 'body',
    accessTokenIn: 'header',
    idPath: ['sub'],
    emailPath: ['email'],
    emailVerifiedPath: ['email_verified'],
  },
  // VK's token response carries `user_id` (and `email` with the email scope): no extra call.
  vk: {
    envPrefix: 'VK',
    authorizeUrl: 'https://oauth.vk.com/authorize',
    tokenUrl: 'https://oauth.vk.com/access_token',
    userinfoUrl: null,
    scope: ['email'],
    pkce: false,
    tokenAuth: 'body',
    accessTokenIn: 'query',
    idPath: ['user_id'],
    emailPath: ['email'],
    emailVerifiedPath: null,
  },
};

/** Steam's OpenID 2.0 endpoint (no credentials needed: we read only the Steam id). */
export const STEAM_OPENID_URL = 'https://steamcommunity.com/openid/login';
