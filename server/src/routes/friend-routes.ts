import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { requireUser } from '../plugins/session-plugin.ts';
import type { FriendService } from '../services/friend-service.ts';
import type { ProfileService } from '../services/profile-service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** Friends, friend requests, user search and profiles of spec §7. */
export const friendRoutes: FastifyPluginAsyncTypebox<{
  friends: FriendService;
  profiles: ProfileService;
  config: AppConfig;
}> = async (app, { friends, profiles, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.addFriend),
    handler: async (request) => {
      const user = requireUser(request);
      const added = await friends.add(user, request.params.username.trim());
      return { result: 'ok' as const, ...added };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.friends),
    handler: async (request) => {
      const user = requireUser(request);
      return { result: 'ok' as const, friends: await friends.listFriends(user.userId) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.friendRequests),
    handler: async (request) => {
      const user = requireUser(request);
      return { result: 'ok' as const, requests: await friends.listRequests(user.userId) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.acceptFriend),
    handler: async (request) => {
      await friends.accept(requireUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.denyFriend),
    handler: async (request) => {
      await friends.deny(requireUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.searchUsers, { rateLimit: perMinute(config.rateLimits.search) }),
    handler: async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        users: await profiles.search(user.userId, request.body.username),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.profile),
    handler: async (request) => {
      // Guests may look at profiles too; they are nobody's friend.
      const viewerId = request.session?.userId ?? null;
      return {
        result: 'ok' as const,
        data: await profiles.profile(viewerId, request.params.username.trim()),
      };
    },
  });
};
