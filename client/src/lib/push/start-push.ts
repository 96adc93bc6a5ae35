import type { FirebaseWebConfig } from '@/config/env.ts';
import { SERVICE_WORKER_URL } from '@/config/env.ts';
import { callEndpoint } from '../api-endpoint.ts';
import { getFirebasePushToken } from './firebase-push.ts';
import {
  type ForegroundPushContext,
  handleForegroundPush,
  pushMessageFromWorker,
} from './push-message.ts';
import { requestNotificationPermission, setUpPush } from './push-setup.ts';
import { rememberPushToken } from './push-token.ts';

/** What the app gives push for foreground messages: its alert modal, router and location. */
export type PushAppContext = Pick<ForegroundPushContext, 'showAlert' | 'open'> & {
  /** The current path, read when a message arrives. */
  pathname: () => string;
};

/**
 * Push with the browser's own APIs and Firebase, for a signed-in player: the setup steps, then
 * foreground messages, which the service worker (/sw.js) posts to visible pages. Loaded only when
 * push is configured. Returns a function that stops listening.
 */
export async function startPush(
  config: FirebaseWebConfig,
  app: PushAppContext,
): Promise<() => void> {
  if (!('serviceWorker' in navigator) || typeof Notification === 'undefined') {
    console.error('notifications error', new Error('this browser has no web push'));
    return () => {};
  }
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const message = pushMessageFromWorker(event.data);
    if (!message) return;
    handleForegroundPush(message, {
      pathname: app.pathname(),
      userAgent: navigator.userAgent,
      showAlert: app.showAlert,
      open: app.open,
      showNotification: (note, onClick) => {
        try {
          const notification = new Notification(note.title, { body: note.body, icon: note.icon });
          notification.onclick = () => {
            window.focus();
            notification.close();
            onClick();
          };
        } catch (error) {
          // Some browsers (Chrome on Android) only show notifications from the worker.
          console.error('notifications error', error);
        }
      },
    });
  };
  container.addEventListener('message', onMessage);
  container.startMessages();
  await registerPushToken(config);
  return () => container.removeEventListener('message', onMessage);
}

/**
 * The setup steps alone (worker, permission, token, the server call), for a player who asks
 * for something push carries (the streak reminder) after the setup at sign-in found no token:
 * permission not given then, or given since. Resolves to the token, or null (logged as the
 * setup logs it).
 */
export function registerPushToken(config: FirebaseWebConfig): Promise<string | null> {
  const container = navigator.serviceWorker;
  return setUpPush({
    registerWorker: () => container.register(SERVICE_WORKER_URL),
    requestPermission: () => requestNotificationPermission(Notification),
    getToken: (registration) => getFirebasePushToken(config, registration),
    sendToken: (token) => callEndpoint('pushToken', { body: { token } }),
    remember: rememberPushToken,
    log: console,
  });
}
