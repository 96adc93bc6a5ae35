/**
 * How often a client asks again while the real-time channel is not connected (blocked, down,
 * reconnecting, or a guest without one): the versus counts, a sent challenge's info, the
 * received challenges. With the channel up, events bring the news and nothing polls. Every
 * poll of the product uses this one period (3000 ms), and load estimates of polling clients
 * count with it.
 */
export const POLL_INTERVAL_MS = 3000;
