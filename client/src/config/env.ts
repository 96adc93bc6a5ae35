/**
 * The client's build-time configuration, read once here (Vite inlines `import.meta.env`).
 * Nothing else in the client reads `import.meta.env`. Every variable is listed in
 * docs/CONFIGURATION.md ('Client build'), whose entries server/src/config/config-doc.ts writes: a new
 * variable gets its entry there (then `pnpm config:doc`).
 */

/**
 * Where the API lives (docs/PRODUCT.md, 'Where the API lives'): `/api` on our own origin by
 * default; split hosting sets VITE_API_URL to the API's origin and prefix, e.g.
 * `https://api.example.com/api`.
 */
export const API_BASE: string = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/$/, '');

/**
 * The Socket.IO endpoint: the API's origin (ours when API_BASE is a path) and
 * `{API prefix}/socket.io`.
 */
export const REALTIME_ENDPOINT = ((): { origin: string | undefined; path: string } => {
  if (/^https?:\/\//.test(API_BASE)) {
    const url = new URL(API_BASE);
    return { origin: url.origin, path: `${url.pathname.replace(/\/$/, '')}/socket.io` };
  }
  return { origin: undefined, path: `${API_BASE}/socket.io` };
})();

/** Text of a variable, or null when it is unset or blank. */
function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The analytics measurement id (`VITE_ANALYTICS_ID`, e.g. a Google Analytics
 * 4 `G-…` id). Null: page views go nowhere and no analytics script is ever loaded.
 */
export const ANALYTICS_ID: string | null = text(import.meta.env.VITE_ANALYTICS_ID);

/** The Firebase web app's settings that web push needs (the hosted push client). */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web push certificate's public key (Firebase console, Cloud Messaging). */
  vapidKey: string;
  /** The rest of the web config; messaging does not need them, they are passed along. */
  authDomain?: string;
  databaseURL?: string;
  storageBucket?: string;
}

const firebase = {
  apiKey: text(import.meta.env.VITE_FIREBASE_API_KEY),
  projectId: text(import.meta.env.VITE_FIREBASE_PROJECT_ID),
  messagingSenderId: text(import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID),
  appId: text(import.meta.env.VITE_FIREBASE_APP_ID),
  vapidKey: text(import.meta.env.VITE_FIREBASE_VAPID_KEY),
  authDomain: text(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN) ?? undefined,
  databaseURL: text(import.meta.env.VITE_FIREBASE_DATABASE_URL) ?? undefined,
  storageBucket: text(import.meta.env.VITE_FIREBASE_STORAGE_BUCKET) ?? undefined,
};
const { apiKey, projectId, messagingSenderId, appId, vapidKey } = firebase;
const required = { apiKey, projectId, messagingSenderId, appId, vapidKey };

/**
 * Web push through Firebase Cloud Messaging, when its web config is set (every required
 * VITE_FIREBASE_* variable); null turns push off: nothing is registered, asked or loaded.
 */
export const FIREBASE_WEB_CONFIG: FirebaseWebConfig | null =
  apiKey && projectId && messagingSenderId && appId && vapidKey
    ? { ...firebase, apiKey, projectId, messagingSenderId, appId, vapidKey }
    : null;

/** The required Firebase settings missing from a config that has some of them: a mistake. */
export const FIREBASE_MISSING: readonly string[] = Object.values(required).some(Boolean)
  ? Object.entries(required)
      .filter(([, value]) => !value)
      .map(([key]) => key)
  : [];

/**
 * The mobile app's store pages. No address is built in, so the mobile page links its store
 * badges to them only when they are set.
 */
export const APP_STORE_URL: string | null = text(import.meta.env.VITE_APP_STORE_URL);
export const GOOGLE_PLAY_URL: string | null = text(import.meta.env.VITE_GOOGLE_PLAY_URL);

/**
 * Where players write for help: the studio page's support line and the privacy policy's
 * contact section. Set it to the operator's own address.
 */
export const SUPPORT_EMAIL: string =
  text(import.meta.env.VITE_SUPPORT_EMAIL) ?? 'support@nomostudios.com';

/**
 * The service worker (docs/PRODUCT.md, 'Install and offline'): at the root, not under Vite's base
 * /public/, so that its scope is the whole app. The server serves the build's dist/sw.js there.
 */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/**
 * Whether the page registers the service worker: in a production build only. The development
 * server has no worker (vite-plugin-pwa builds it with the build), and a worker caching the
 * development server's modules would serve stale code.
 */
export const SERVICE_WORKER_ENABLED: boolean = import.meta.env.PROD;
