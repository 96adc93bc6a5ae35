import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { signedInUser } from '../sessions/route-access.ts';
import type { FriendService } from './friend-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

/** Friends and friend requests (docs/PRODUCT.md, 'Friends'). */
export const friendRoutes: FastifyPluginAsyncTypebox<{ friends: FriendService }> = async (
  app,
  { friends },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.addFriend),
    handler: async (request) => {
      const user = signedInUser(request);
      const added = await friends.add(user, request.params.username.trim());
      return { result: 'ok' as const, ...added };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.friends),
    handler: async (request) => {
      const user = signedInUser(request);
      return { result: 'ok' as const, friends: await friends.listFriends(user.userId) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.friendRequests),
    handler: async (request) => {
      const user = signedInUser(request);
      return { result: 'ok' as const, requests: await friends.listRequests(user.userId) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.acceptFriend),
    handler: async (request) => {
      await friends.accept(signedInUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.denyFriend),
    handler: async (request) => {
      await friends.deny(signedInUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  });
};
