import { ERROR_RESPONSES } from '@jotto/shared/api-envelope';
import { clientPath } from '@jotto/shared/client-routes';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type SocialSignInErrorCode,
} from '@jotto/shared/social-sign-in';
import { registerOAuthFlow, type SignInFlow } from './oauth-flow.ts';
import { createOneTimeStore } from './one-time-store.ts';
import { OAUTH_PROVIDERS } from '../config/oauth-providers.ts';
import { SocialSignInError } from './sign-in-error.ts';
import { SignInStateGuard } from './sign-in-state.ts';
import { findOrCreateSocialAccount } from './social-accounts.ts';
import { steamSignInFlow } from './steam-openid.ts';
import type { AppConfig } from '../config/config.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import type { AccountService } from './account-service.ts';

/**
 * Social sign-in (docs/PRODUCT.md, 'Social sign-in'): `GET /auth/{provider}` sends the browser to
 * the provider, `GET /auth/{provider}/callback` brings it back signed in, to the client's `/home`,
 * or to `/finalize` while the account has no username. Both are browser navigations, so every
 * failure is a redirect to `/login?error={code}&provider={provider}` (codes and sentences in
 * `@jotto/shared/social-sign-in`), never a JSON error page and never a 500. A provider without
 * credentials answers the same way with `not_configured`.
 */
export const socialAuthRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountService;
  config: AppConfig;
}> = async (app, { accounts, config }) => {
  const { apiPublicUrl, oauth, steamOpenIdUrl } = config.socialSignIn;
  const once = createOneTimeStore(app.redis);
  const state = new SignInStateGuard(once, config.crossSiteClient || config.cookieSecure);
  const callbackUrl = (provider: SocialProvider) => `${apiPublicUrl}/auth/${provider}/callback`;

  const flows = new Map<SocialProvider, SignInFlow>();
  for (const provider of OAUTH_PROVIDERS) {
    const settings = oauth[provider];
    if (settings) {
      flows.set(
        provider,
        await registerOAuthFlow(app, provider, settings, callbackUrl(provider), state),
      );
    }
  }
  if (steamOpenIdUrl) {
    flows.set(
      'steam',
      steamSignInFlow({
        endpoint: steamOpenIdUrl,
        callbackUrl: callbackUrl('steam'),
        realm: `${new URL(apiPublicUrl).origin}/`,
        state,
        nonces: once,
      }),
    );
  }

  /**
   * What the API's document says these routes answer: a redirect (a browser navigation), never a
   * JSON body, or the error envelope for a request refused before the route (a malformed
   * address, the callback's rate limit). Fastify sends a redirect without a body, so this
   * schema serialises nothing.
   */
  const redirectResponses = (where: string) => ({
    302: {
      description: `A redirect: ${where}`,
      type: 'null',
      headers: {
        location: { type: 'string', description: 'Where the browser goes next' },
      },
    },
    ...ERROR_RESPONSES,
  });

  // Without PUBLIC_URL the redirect is relative: the browser stays on the host it came to.
  const toClient = (path: string) => `${config.publicUrl ?? ''}${path}`;
  const toLogin = (error: SocialSignInErrorCode, provider: SocialProvider) =>
    toClient(`${clientPath('/login')}?${new URLSearchParams({ error, provider }).toString()}`);

  for (const provider of SOCIAL_PROVIDERS) {
    const flow = flows.get(provider);
    const label = SOCIAL_PROVIDER_LABELS[provider];

    app.get(
      `/auth/${provider}`,
      {
        schema: {
          tags: ['social sign-in'],
          operationId: `signInWith${label}`,
          summary: `Sign in with ${label}: redirects to ${label}`,
          description:
            'A browser navigation. 302 to the provider, or to /login?error=not_configured when it has no credentials.',
          response: redirectResponses(
            `to ${label}, or to /login?error=not_configured&provider=${provider}`,
          ),
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        if (!flow) return reply.redirect(toLogin('not_configured', provider));
        return reply.redirect(await flow.start(request, reply));
      },
    );

    app.get(
      `/auth/${provider}/callback`,
      {
        schema: {
          tags: ['social sign-in'],
          operationId: `signInWith${label}Callback`,
          summary: `Where ${label} sends the browser back`,
          description:
            'A browser navigation. 302 to /home, to /finalize for a new account, or to /login?error={code}&provider={provider}.',
          response: redirectResponses(
            `to /home, to /finalize for a new account, or to /login?error={code}&provider=${provider}`,
          ),
        },
        // Not `changesState`: this request comes cross-site by nature (from the provider's
        // page), so the cross-site guard would refuse every sign-in. Its CSRF defence is the
        // state instead: only the browser that started this sign-in holds the signed state
        // cookie that must equal the `state` in the URL, once, within 10 minutes.
        config: { access: 'public', rateLimit: perMinute(config.rateLimits.login) },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!flow) return reply.redirect(toLogin('not_configured', provider));
        try {
          const identity = await flow.finish(request, reply);
          const account = await findOrCreateSocialAccount(app.db, provider, identity);
          const started = await accounts.startSocialSession(
            account.userId,
            account.username,
            request.session,
          );
          reply.setSessionCookie(started.sessionId, started.expiresAt);
          return reply.redirect(
            toClient(clientPath(started.username === null ? '/finalize' : '/home')),
          );
        } catch (error) {
          if (error instanceof SocialSignInError) {
            request.log.warn({ provider, reason: error.detail }, 'social sign-in refused');
            return reply.redirect(toLogin(error.code, provider));
          }
          request.log.error({ err: error, provider }, 'social sign-in failed');
          return reply.redirect(toLogin('failed', provider));
        }
      },
    );
  }
};
