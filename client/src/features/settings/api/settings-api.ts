import { queryOptions } from '@tanstack/react-query';
import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** The settings query keys: a signed-in player's settings (docs/PRODUCT.md, 'Settings'). */
export const settingsKeys = {
  mine: ['settings'] as const,
};

/** `GET /user/settings`: every setting of my account. */
export const settingsQuery = queryOptions({
  queryKey: settingsKeys.mine,
  queryFn: () => callEndpoint('settings'),
});

/** `POST /user/settings`: changes the settings given, answers them all. */
export const saveSettings = (body: EndpointBody<'updateSettings'>) =>
  callEndpoint('updateSettings', { body });
