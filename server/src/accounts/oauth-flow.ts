import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthProviderConfig } from '../config/config.ts';
import {
  type JsonPath,
  OAUTH_PROVIDER_DEFINITIONS,
  type OAuthProvider,
  type OAuthProviderDefinition,
} from '../config/oauth-providers.ts';
import { SocialSignInError } from './sign-in-error.ts';
import { newSignInState, type SignInStateGuard } from './sign-in-state.ts';

/** Who the provider says signed in. */
export interface SocialIdentity {
  providerUserId: string;
  /** Only when the provider gives one it does not call unverified; never used to link accounts. */
  email: string | null;
}

/** One provider's sign-in: where to send the browser, and what the callback proves. */
export interface SignInFlow {
  /** The provider URL to redirect to; sets the state cookie(s) on `reply`. */
  start(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** Checks the callback and returns the identity, or throws a SocialSignInError. */
  finish(request: FastifyRequest, reply: FastifyReply): Promise<SocialIdentity>;
}

/** Token, userinfo and Steam calls give up after this long; the player is then told to retry. */
export const PROVIDER_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'jotto-sign-in';
const MAX_ID_LENGTH = 255;
const MAX_EMAIL_LENGTH = 254;

/** A query parameter given once, or null (absent, or repeated into an array). */
export function queryText(request: FastifyRequest, name: string): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : null;
}

function readPath(document: unknown, path: JsonPath): unknown {
  let current = document;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Reads the provider user id (and e-mail) where the provider's definition says they are. */
export function readIdentity(
  definition: OAuthProviderDefinition,
  document: unknown,
): SocialIdentity {
  const id = readPath(document, definition.idPath);
  const providerUserId =
    typeof id === 'string' ? id : typeof id === 'number' && Number.isSafeInteger(id) ? `${id}` : '';
  if (providerUserId === '' || providerUserId.length > MAX_ID_LENGTH) {
    throw new SocialSignInError('failed', `no user id at ${definition.idPath.join('.')}`);
  }
  let email = definition.emailPath ? readPath(document, definition.emailPath) : null;
  if (
    typeof email !== 'string' ||
    email.length > MAX_EMAIL_LENGTH ||
    !/^[^\s@]+@[^\s@]+$/.test(email)
  ) {
    email = null;
  }
  if (email !== null && definition.emailVerifiedPath) {
    const verified = readPath(document, definition.emailVerifiedPath);
    if (verified !== true && verified !== 'true') email = null;
  }
  return { providerUserId, email: email as string | null };
}

async function fetchUserinfo(
  definition: OAuthProviderDefinition,
  userinfoUrl: string,
  accessToken: string,
): Promise<unknown> {
  const url = new URL(userinfoUrl);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
  if (definition.accessTokenIn === 'query') url.searchParams.set('access_token', accessToken);
  else headers.authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SocialSignInError('failed', `userinfo unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SocialSignInError('failed', `userinfo answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new SocialSignInError('failed', 'userinfo answered something other than JSON');
  }
}

/**
 * Registers @fastify/oauth2 for one provider (it makes the authorization URL, keeps the state
 * and PKCE verifier in cookies and exchanges the code) and returns the generic flow around it.
 * The state itself is ours (SignInStateGuard): signed, time-limited and accepted once.
 */
export async function registerOAuthFlow(
  app: FastifyInstance,
  provider: OAuthProvider,
  settings: OAuthProviderConfig,
  callbackUrl: string,
  state: SignInStateGuard,
): Promise<SignInFlow> {
  const definition = OAUTH_PROVIDER_DEFINITIONS[provider];
  const authorize = new URL(settings.authorizeUrl);
  const token = new URL(settings.tokenUrl);
  const name = `jottoOAuth_${provider}`;
  await app.register(fastifyOauth2, {
    name,
    scope: definition.scope,
    credentials: {
      client: { id: settings.clientId, secret: settings.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: `${authorize.pathname}${authorize.search}`,
        tokenHost: token.origin,
        tokenPath: `${token.pathname}${token.search}`,
      },
      options: { authorizationMethod: definition.tokenAuth },
      http: { timeout: PROVIDER_TIMEOUT_MS },
    },
    callbackUri: callbackUrl,
    ...(definition.pkce ? { pkce: 'S256' as const } : {}),
    cookie: state.cookieOptions,
    redirectStateCookieName: state.cookieName(provider, 'state'),
    verifierCookieName: state.cookieName(provider, 'verifier'),
    generateStateFunction: async () => newSignInState(),
    checkStateFunction: async (request: FastifyRequest) => {
      await state.verify(request, provider);
      return true;
    },
    userAgent: USER_AGENT,
  });
  const oauth = (app as unknown as Record<string, OAuth2Namespace>)[name];
  if (!oauth) throw new Error(`@fastify/oauth2 did not decorate ${name}`);

  return {
    start: (request, reply) => oauth.generateAuthorizationUri(request, reply),

    async finish(request, reply) {
      const error = queryText(request, 'error');
      if (error !== null) {
        state.clear(reply, provider);
        const code = error === 'access_denied' ? 'denied' : 'provider_error';
        throw new SocialSignInError(code, `the provider answered ${error.slice(0, 100)}`);
      }
      if (queryText(request, 'code') === null) {
        state.clear(reply, provider);
        throw new SocialSignInError('failed', 'the callback has no code');
      }
      // Clears the state and verifier cookies, checks the state (ours), then exchanges the code.
      let tokenResponse: Record<string, unknown>;
      try {
        const accessToken = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
        tokenResponse = accessToken.token as unknown as Record<string, unknown>;
      } catch (error) {
        if (error instanceof SocialSignInError) throw error;
        throw new SocialSignInError('failed', `code exchange: ${(error as Error).message}`);
      }
      if (settings.userinfoUrl === null) return readIdentity(definition, tokenResponse);
      const accessToken = tokenResponse.access_token;
      if (typeof accessToken !== 'string' || accessToken === '') {
        throw new SocialSignInError('failed', 'the token response has no access_token');
      }
      return readIdentity(
        definition,
        await fetchUserinfo(definition, settings.userinfoUrl, accessToken),
      );
    },
  };
}
