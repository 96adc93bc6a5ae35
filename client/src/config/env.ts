/**
 * The client's build-time configuration, read once here (Vite inlines `import.meta.env`).
 * Nothing else in the client reads `import.meta.env`.
 */

/**
 * Where the API lives (decisions §1): `/api` on our own origin by default; split hosting sets
 * VITE_API_URL to the API's origin and prefix, e.g. `https://api.example.com/api`.
 */
export const API_BASE: string = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/$/, '');

/**
 * The Socket.IO endpoint: the API's origin (ours when API_BASE is a path) and
 * `{API prefix}/socket.io` (decisions §1).
 */
export const REALTIME_ENDPOINT = ((): { origin: string | undefined; path: string } => {
  if (/^https?:\/\//.test(API_BASE)) {
    const url = new URL(API_BASE);
    return { origin: url.origin, path: `${url.pathname.replace(/\/$/, '')}/socket.io` };
  }
  return { origin: undefined, path: `${API_BASE}/socket.io` };
})();
