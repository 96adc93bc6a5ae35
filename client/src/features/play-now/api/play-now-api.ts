import { API_PATHS } from '@jotto/shared/api-paths';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { API_BASE } from '@/config/env.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** The query key of one wait's status (each wait its own, so an old answer never opens a game). */
export const playNowKeys = {
  status: (waitId: number) => ['match-status', waitId] as const,
};

/** `POST /match/seek`: paired at once (with the game), or waiting. */
export const seekMatch = () => callEndpoint('matchSeek');

/** `POST /match/cancel`: leaves the queue. */
export const cancelMatch = () => callEndpoint('matchCancel');

/** `GET /match/status`: still waiting, paired (with the game), or no longer in the queue. */
export const fetchMatchStatus = () => callEndpoint('matchStatus');

/**
 * On leaving the page while waiting: a cancel that outlives the page (`keepalive`), so the
 * queue does not pair a player who has gone. Failures are nobody's to hear: the seek expires
 * on its own within 60 s once nothing keeps it alive.
 */
export function cancelMatchOnLeave(): void {
  void fetch(`${API_BASE}${API_PATHS.matchCancel.path}`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE },
  }).catch(() => {});
}
