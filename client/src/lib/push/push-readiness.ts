import type { FirebaseWebConfig } from '@/config/env.ts';
import { requestNotificationPermission } from './push-setup.ts';
import { rememberedPushToken } from './push-token.ts';
import type { registerPushToken } from './start-push.ts';

/**
 * Whether this device can receive the app's push, asked for by a player turning on something
 * push carries: `ready` (the server has this device's token), `unconfigured` (this build has no
 * push), `unsupported` (the browser has no web push), `blocked` (notifications refused) or
 * `failed` (the setup failed: worker, provider or the server call).
 */
export type PushReadiness = 'ready' | 'unconfigured' | 'unsupported' | 'blocked' | 'failed';

/** What `ensurePushReady` uses of the browser; a test hands in its own. */
export interface PushReadinessEnvironment {
  /** The browser's Notification API, or null without one (or without service workers). */
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | null;
  /** The push setup's chunk (Firebase with it), loaded only when needed. */
  load: () => Promise<typeof registerPushToken>;
}

const browserEnvironment = (): PushReadinessEnvironment => ({
  notification:
    typeof Notification !== 'undefined' && 'serviceWorker' in navigator ? Notification : null,
  load: async () => (await import('./start-push.ts')).registerPushToken,
});

/**
 * Makes this device ready for push, as the app's push setup does (docs/PRODUCT.md, 'Push
 * notifications'), for a player who has just asked for something push carries. Call it from
 * the click itself: the permission is asked first, while the browser still counts the click
 * as the player's (some refuse to ask otherwise); the setup's chunk loads after.
 */
export async function ensurePushReady(
  config: FirebaseWebConfig | null,
  environment: PushReadinessEnvironment = browserEnvironment(),
): Promise<PushReadiness> {
  if (!config) return 'unconfigured';
  if (rememberedPushToken()) return 'ready';
  const { notification } = environment;
  if (!notification) return 'unsupported';
  const permission = await requestNotificationPermission(notification).catch(
    () => 'denied' as const,
  );
  if (permission !== 'granted') return 'blocked';
  const register = await environment.load();
  return (await register(config)) ? 'ready' : 'failed';
}
