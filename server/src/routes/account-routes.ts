import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, OkResponse } from '@jotto/shared/api-envelope';
import {
  FinalizeBody,
  LoginBody,
  PushTokenBody,
  RegisterBody,
  SignedInResponse,
  UserInfoResponse,
  VerifyParams,
} from '@jotto/shared/account-schemas';
import type { AppConfig } from '../config.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { requireUser } from '../plugins/session-plugin.ts';
import type { AccountService } from '../services/account-service.ts';

const errors = ERROR_RESPONSES;

/** Accounts and sessions: spec §7's register, login, logout, user info, finalize, verify, push. */
export const accountRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountService;
  config: AppConfig;
}> = async (app, { accounts, config }) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        body: RegisterBody,
        response: { 200: SignedInResponse, ...errors },
      },
      config: { rateLimit: perMinute(config.rateLimits.register) },
    },
    async (request, reply) => {
      const started = await accounts.register(request.body, request.session);
      reply.setSessionCookie(started.sessionId, started.expiresAt);
      return { result: 'ok' as const, msg: started.username };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        body: LoginBody,
        response: { 200: SignedInResponse, ...errors },
      },
      config: { rateLimit: perMinute(config.rateLimits.login) },
    },
    async (request, reply) => {
      const started = await accounts.login(request.body, request.session);
      reply.setSessionCookie(started.sessionId, started.expiresAt);
      return { result: 'ok' as const, msg: started.username };
    },
  );

  app.get(
    '/logout',
    {
      schema: { tags: ['accounts'], response: { 200: OkResponse, ...errors } },
      config: { changesState: true },
    },
    async (request, reply) => {
      if (request.session) {
        await app.sessions.destroy(request.session.sessionHash);
        app.disconnectSession(request.session.sessionHash);
      }
      reply.clearSessionCookie();
      return { result: 'ok' as const };
    },
  );

  app.get(
    '/user/info',
    { schema: { tags: ['accounts'], response: { 200: UserInfoResponse, ...errors } } },
    async (request) => {
      const session = request.session;
      if (!session || session.userId === null) return { result: 'guest' as const };
      if (session.username === null) return { result: 'finalize' as const };
      return { result: 'ok' as const, msg: session.username };
    },
  );

  app.post(
    '/finalize',
    {
      schema: {
        tags: ['accounts'],
        body: FinalizeBody,
        response: { 200: SignedInResponse, ...errors },
      },
    },
    async (request) => {
      const username = await accounts.finalize(request.session, request.body.username);
      return { result: 'ok' as const, msg: username };
    },
  );

  app.get(
    '/users/:username/verify/:verifyCode',
    {
      schema: {
        tags: ['accounts'],
        params: VerifyParams,
        response: { 200: OkResponse, ...errors },
      },
      config: { changesState: true },
    },
    async (request) => {
      await accounts.verify(request.params.username, request.params.verifyCode);
      return { result: 'ok' as const };
    },
  );

  app.post(
    '/user/pushtoken',
    {
      schema: { tags: ['accounts'], body: PushTokenBody, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      await accounts.savePushToken(user.userId, request.body.token);
      return { result: 'ok' as const };
    },
  );
};
