import type { EndpointBody } from '@jotto/shared/api-endpoints';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** `POST /user/block` (docs/PRODUCT.md, 'Blocks'). */
export const blockPlayer = (username: string) => callEndpoint('block', { body: { username } });

/** `POST /user/unblock` */
export const unblockPlayer = (username: string) => callEndpoint('unblock', { body: { username } });

/** `POST /user/report` (docs/PRODUCT.md, 'Reports'). */
export const reportPlayer = (body: EndpointBody<'report'>) => callEndpoint('report', { body });
