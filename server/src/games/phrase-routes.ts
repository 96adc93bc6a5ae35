import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { PhraseService } from './phrase-service.ts';

/** Quick phrases in a versus game (docs/PRODUCT.md, 'Quick phrases'): say one, mute them. */
export const phraseRoutes: FastifyPluginAsyncTypebox<{ phrases: PhraseService }> = async (
  app,
  { phrases },
) => {
  app.route({
    // Five a minute per player, counted by the service from the phrases stored (see
    // `refuseOverLimit`), not by the rate-limit plugin.
    ...endpointRoute(API_ENDPOINTS.say),
    handler: async (request) => ({
      result: 'ok' as const,
      said: await phrases.say(signedInUser(request), request.params.id, request.body.phrase),
    }),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.mutePhrases),
    handler: async (request) => ({
      result: 'ok' as const,
      muted: await phrases.mute(signedInUser(request), request.params.id, request.body.muted),
    }),
  });
};
