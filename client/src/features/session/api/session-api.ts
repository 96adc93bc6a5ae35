import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { rememberedPushToken } from '@/lib/push/push-token.ts';

// The calls of the sign-in screens. Who is signed in lives in lib/session.ts, which
// every screen reads; these only change it.

/** Login and register carry this device's push token when it has one. */
function withPushToken<B extends { token?: string }>(body: B): B {
  const token = rememberedPushToken();
  return token ? { ...body, token } : body;
}

export const login = (body: EndpointBody<'login'>) =>
  callEndpoint('login', { body: withPushToken(body) });
export const register = (body: EndpointBody<'register'>) =>
  callEndpoint('register', { body: withPushToken(body) });
export const finalize = (body: EndpointBody<'finalize'>) => callEndpoint('finalize', { body });
