import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** The players I blocked (docs/PRODUCT.md, 'Blocks'). */
export const blockedKeys = {
  mine: ['blocked'] as const,
};

/** `GET /user/blocked`: newest first. */
export const blockedQuery = queryOptions({
  queryKey: blockedKeys.mine,
  queryFn: () => callEndpoint('blocked'),
  // Blocked on a profile a moment ago: asked again each time the page opens.
  staleTime: 0,
});

/** `POST /user/unblock` */
export const unblockPlayer = (username: string) => callEndpoint('unblock', { body: { username } });
