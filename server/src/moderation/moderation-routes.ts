import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { BlockService } from './block-service.ts';
import type { ReportService } from './report-service.ts';

/** Blocks and reports (docs/PRODUCT.md, 'Blocks', 'Reports'). */
export const moderationRoutes: FastifyPluginAsyncTypebox<{
  blocks: BlockService;
  reports: ReportService;
}> = async (app, { blocks, reports }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.block),
    handler: async (request) => {
      await blocks.block(signedInUser(request), request.body.username.trim());
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.unblock),
    handler: async (request) => {
      await blocks.unblock(signedInUser(request), request.body.username.trim());
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.blocked),
    handler: async (request) => {
      const user = signedInUser(request);
      return { result: 'ok' as const, users: await blocks.blocked(user.userId) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.report),
    handler: async (request) => {
      const user = signedInUser(request);
      return { result: 'ok' as const, reportId: await reports.report(user.userId, request.body) };
    },
  });
};
