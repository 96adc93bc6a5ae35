import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

// The calls of the password reset screens (docs/PRODUCT.md, 'Password reset').

/** `POST /password/forgot`: the same answer whether or not an account has the address. */
export const forgotPassword = (body: EndpointBody<'forgotPassword'>) =>
  callEndpoint('forgotPassword', { body });

/** `POST /password/reset`: the link's token and the new password. */
export const resetPassword = (body: EndpointBody<'resetPassword'>) =>
  callEndpoint('resetPassword', { body });
