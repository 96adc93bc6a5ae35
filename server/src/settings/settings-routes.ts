import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { PlayerSettingsService } from './player-settings.ts';

/** A signed-in player's settings (docs/PRODUCT.md, 'Settings'). */
export const settingsRoutes: FastifyPluginAsyncTypebox<{
  settings: PlayerSettingsService;
}> = async (app, { settings }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.settings),
    handler: async (request) => ({
      result: 'ok' as const,
      ...(await settings.read(signedInUser(request).userId)),
    }),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.updateSettings),
    handler: async (request) => ({
      result: 'ok' as const,
      ...(await settings.update(signedInUser(request).userId, request.body)),
    }),
  });
};
