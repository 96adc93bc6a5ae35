import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { createLoginThrottle } from './login-throttle.ts';
import type { AppConfig } from '../config/config.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { signedInAccount, signedInUser } from '../sessions/route-access.ts';
import { viewerOfSession } from '../sessions/viewer.ts';
import type { AccountService } from './account-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

/**
 * Accounts and sessions: register, login, logout, user info, finalize, verify (and its state and
 * mail again), push token.
 */
export const accountRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountService;
  config: AppConfig;
}> = async (app, { accounts, config }) => {
  const loginThrottle = createLoginThrottle(app, config);

  app.route({
    ...endpointRoute(API_ENDPOINTS.register, { rateLimit: perMinute(config.rateLimits.register) }),
    handler: async (request, reply) => {
      const started = await accounts.register(request.body, request.session);
      reply.setSessionCookie(started.sessionId, started.expiresAt);
      loginThrottle.remember(request, reply, started.username);
      return { result: 'ok' as const, msg: started.username };
    },
  });

  app.route({
    // Per address (the plugin, before the body is read), then per account (once it is).
    ...endpointRoute(API_ENDPOINTS.login, { rateLimit: perMinute(config.rateLimits.login) }),
    preHandler: loginThrottle.check,
    handler: async (request, reply) => {
      const started = await accounts.login(request.body, request.session);
      reply.setSessionCookie(started.sessionId, started.expiresAt);
      loginThrottle.remember(request, reply, started.username);
      return { result: 'ok' as const, msg: started.username };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.logout),
    handler: async (request, reply) => {
      // The store tells every node, and what hangs on the session goes with it: its sockets
      // close, and the account's 'Play now' seek is cancelled unless another of its live sessions
      // sought too (see SessionStore.onEnded).
      if (request.session) await app.sessions.destroy(request.session.sessionHash);
      reply.clearSessionCookie();
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.userInfo),
    handler: async (request) => {
      // Signed in, a guest (or nobody), or a social sign-in still to finalize (docs/PRODUCT.md,
      // 'Sessions').
      const viewer = viewerOfSession(request.session);
      if (viewer === 'no-username') return { result: 'finalize' as const };
      if (viewer === 'no-session' || viewer.kind === 'guest') return { result: 'guest' as const };
      return { result: 'ok' as const, msg: viewer.username };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.finalize),
    handler: async (request) => {
      const username = await accounts.finalize(signedInAccount(request), request.body.username);
      return { result: 'ok' as const, msg: username };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.verify),
    handler: async (request) => {
      await accounts.verify(request.params.username, request.params.verifyCode);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.verification),
    handler: async (request) => accounts.verificationOf(signedInUser(request).userId),
  });

  app.route({
    // Each call mails someone: per address, like the other limits.
    ...endpointRoute(API_ENDPOINTS.resendVerification, {
      rateLimit: perMinute(config.rateLimits.verifyResend),
    }),
    handler: async (request) => {
      await accounts.resendVerification(signedInUser(request).userId);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.pushToken),
    handler: async (request) => {
      const user = signedInUser(request);
      await accounts.savePushToken(user.userId, request.body.token);
      return { result: 'ok' as const };
    },
  });
};
