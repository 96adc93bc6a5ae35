import { getApps, initializeApp } from 'firebase/app';
import { getMessaging, getToken, isSupported } from 'firebase/messaging';
import type { FirebaseWebConfig } from '@/config/env.ts';

/**
 * The device token from Firebase Cloud Messaging, the provider the server sends through
 * (firebase-admin). The subscription is made on our own worker (/sw.js), which shows
 * background messages and hands foreground ones to the page, so Firebase's default worker
 * file is never fetched. This module is imported only when push is configured: Firebase stays
 * out of every page otherwise.
 */
export async function getFirebasePushToken(
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
): Promise<string> {
  if (!(await isSupported())) throw new Error('this browser cannot receive web push');
  const { vapidKey, ...appConfig } = config;
  const app = getApps()[0] ?? initializeApp(appConfig);
  return getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
}
