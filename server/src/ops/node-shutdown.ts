import type { FastifyInstance } from 'fastify';

/**
 * How long a draining node keeps accepting connections while `/readyz` says 503: long enough for
 * a balancer that polls it every second or so to take the node out before connections to it are
 * refused, a fifth of the grace at most so that the requests in flight keep the rest.
 */
export function unreadyWindowMs(graceMs: number): number {
  return Math.min(2_000, graceMs / 5);
}

/**
 * How long before the end of the grace a request still running is cut off (its connection
 * closed), so that the node still gives its jobs back, closes its database and exits 0 in time
 * rather than being ended by the process's own deadline.
 */
function cutOffMarginMs(graceMs: number): number {
  return Math.min(1_000, graceMs / 10);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A node's shutdown on SIGTERM (docs/OPERATIONS.md, 'Deploys'), within `graceMs`:
 * 1. not ready, and the jobs' work handed over to the other nodes at once (`NodeDrain.begin`);
 * 2. still accepting connections for `unreadyWindowMs` (none after an error: the node stops
 *    as soon as it can), so that a balancer watching `/readyz` stops sending new requests first;
 * 3. the app's close: its sockets asked to reconnect to another node (the `preClose` hook, see
 *    app.ts), no new connection accepted, the requests in flight answered (those that come on
 *    a connection already open too: Fastify's 503 while closing is off), then the jobs' last
 *    moves awaited and the database closed. A request still running `cutOffMarginMs` before the
 *    end of the grace has its connection closed.
 */
export async function shutDown(
  app: FastifyInstance,
  options: { graceMs: number; afterError: boolean },
): Promise<void> {
  const { graceMs } = options;
  const deadline = Date.now() + graceMs;
  const handedOver = app.drain.begin();
  if (!options.afterError) await sleep(unreadyWindowMs(graceMs));
  const cutOff = setTimeout(
    () => {
      app.log.warn('shutdown: requests still running at the end of the grace are cut off');
      app.server.closeAllConnections();
    },
    Math.max(0, deadline - cutOffMarginMs(graceMs) - Date.now()),
  );
  try {
    await app.close();
    await handedOver;
  } finally {
    clearTimeout(cutOff);
  }
}
