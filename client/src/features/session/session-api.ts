import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '../../lib/api-client.ts';

// The calls of the sign-in screens (spec §7). Who is signed in lives in lib/session.ts, which
// every screen reads; these only change it.
export const login = (body: EndpointBody<'login'>) => callEndpoint('login', { body });
export const register = (body: EndpointBody<'register'>) => callEndpoint('register', { body });
export const finalize = (body: EndpointBody<'finalize'>) => callEndpoint('finalize', { body });
