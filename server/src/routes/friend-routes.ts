import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, OkResponse } from '@jotto/shared/api-envelope';
import {
  AddFriendResponse,
  FriendRequestActionBody,
  FriendRequestsResponse,
  FriendsListResponse,
  ProfileResponse,
  SearchBody,
  SearchResponse,
  UsernameParams,
} from '@jotto/shared/social-schemas';
import type { AppConfig } from '../config.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { requireUser } from '../plugins/session-plugin.ts';
import type { FriendService } from '../services/friend-service.ts';
import type { ProfileService } from '../services/profile-service.ts';

const errors = ERROR_RESPONSES;

/** Friends, friend requests, user search and profiles of spec §7. */
export const friendRoutes: FastifyPluginAsyncTypebox<{
  friends: FriendService;
  profiles: ProfileService;
  config: AppConfig;
}> = async (app, { friends, profiles, config }) => {
  app.get(
    '/friends/add/:username',
    {
      schema: {
        tags: ['friends'],
        params: UsernameParams,
        response: { 200: AddFriendResponse, ...errors },
      },
      config: { changesState: true },
    },
    async (request) => {
      const user = requireUser(request);
      const added = await friends.add(user, request.params.username.trim());
      return { result: 'ok' as const, ...added };
    },
  );

  app.get(
    '/user/friends',
    { schema: { tags: ['friends'], response: { 200: FriendsListResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return { result: 'ok' as const, friends: await friends.listFriends(user.userId) };
    },
  );

  app.get(
    '/user/friend_requests',
    { schema: { tags: ['friends'], response: { 200: FriendRequestsResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return { result: 'ok' as const, requests: await friends.listRequests(user.userId) };
    },
  );

  app.post(
    '/friends/accept',
    {
      schema: {
        tags: ['friends'],
        body: FriendRequestActionBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await friends.accept(requireUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  );

  app.post(
    '/friends/deny',
    {
      schema: {
        tags: ['friends'],
        body: FriendRequestActionBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await friends.deny(requireUser(request), request.body.id);
      return { result: 'ok' as const };
    },
  );

  app.post(
    '/user/search',
    {
      schema: {
        tags: ['friends'],
        body: SearchBody,
        response: { 200: SearchResponse, ...errors },
      },
      config: { rateLimit: perMinute(config.rateLimits.search) },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        users: await profiles.search(user.userId, request.body.username),
      };
    },
  );

  app.get(
    '/profile/:username',
    {
      schema: {
        tags: ['profiles'],
        params: UsernameParams,
        response: { 200: ProfileResponse, ...errors },
      },
    },
    async (request) => {
      // Guests may look at profiles too; they are nobody's friend.
      const viewerId = request.session?.userId ?? null;
      return {
        result: 'ok' as const,
        data: await profiles.profile(viewerId, request.params.username.trim()),
      };
    },
  );
};
