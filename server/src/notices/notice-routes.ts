import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { NoticeService } from './notice-service.ts';

/**
 * `GET /user/notices`: what waits for me; `POST /user/notices/seen`: news I saw
 * (docs/PRODUCT.md, 'Notices').
 */
export const noticeRoutes: FastifyPluginAsyncTypebox<{ notices: NoticeService }> = async (
  app,
  { notices },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.notices),
    // Polled every 3 s on every screen while the real-time channel is down: from memory (and
    // 304) until a challenge or friend event goes to this player (the Notifier announces it)
    // or time takes a notice out (see lib/poll-answers.ts).
    handler: async (request, reply) => {
      const { userId } = signedInUser(request);
      return app.polls.answer(request, reply, {
        key: `notices:${userId}`,
        topics: [changeTopics.notices(userId)],
        load: async () => {
          const { notices: pending, changesAt } = await notices.pendingUntil(userId);
          return { answer: { result: 'ok' as const, notices: pending }, changesAt };
        },
      });
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.noticesSeen),
    handler: async (request) => {
      const { userId } = signedInUser(request);
      await notices.markSeen(userId, request.body.notices);
      return { result: 'ok' as const };
    },
  });
};
