import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import type { PasswordResetService } from './password-reset-service.ts';

/**
 * Reset mails one address may receive per hour, whoever asks and from wherever: enough for a
 * player who asks again, too few to fill someone's inbox. Past it a request still answers ok
 * (the answer never differs) and no mail goes out.
 */
const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;

/** A short, stable stand-in for an e-mail address inside rate-limit keys. */
const addressKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** `POST /password/forgot` and `POST /password/reset` (docs/PRODUCT.md, 'Password reset'). */
export const passwordResetRoutes: FastifyPluginAsyncTypebox<{
  resets: PasswordResetService;
  config: AppConfig;
}> = async (app, { resets, config }) => {
  const mailsToAddress = app.createRateLimit({
    max: RESET_MAILS_PER_ADDRESS_PER_HOUR,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (request) =>
      `password-reset-mail:${addressKey((request.body as { email: string }).email)}`,
  });

  app.route({
    // Per client address: anyone may ask, signed in or not; each request may also cost a mail.
    ...endpointRoute(API_ENDPOINTS.forgotPassword, {
      rateLimit: perMinute(config.rateLimits.passwordReset),
    }),
    handler: async (request) => {
      resets.requestReset(request.body.email, async () => {
        const outcome = await mailsToAddress(request);
        return outcome.isAllowed || !outcome.isExceeded;
      });
      // The same answer for every address, given before the account is even looked up.
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.resetPassword, {
      rateLimit: perMinute(config.rateLimits.passwordReset),
    }),
    handler: async (request) => {
      await resets.resetPassword(request.body.token, request.body.password);
      return { result: 'ok' as const };
    },
  });

  app.addHook('onClose', () => resets.settled());
};
