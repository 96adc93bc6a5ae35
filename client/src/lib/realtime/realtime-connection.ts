import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import { REALTIME_ENDPOINT } from '@/config/env.ts';

/** The typed Socket.IO client: the server's events only; we send nothing (intents are REST). */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the real-time channel (docs/PRODUCT.md, 'Real-time channel'). The handshake carries the
 * session cookie, so it is opened only once signed in. This module is imported dynamically by the
 * realtime hub, so socket.io-client stays out of the landing page's JavaScript.
 */
export function openRealtimeConnection(): RealtimeSocket {
  const options = { path: REALTIME_ENDPOINT.path, withCredentials: true };
  return REALTIME_ENDPOINT.origin ? io(REALTIME_ENDPOINT.origin, options) : io(options);
}
