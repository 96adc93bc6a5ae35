/**
 * The four steps of the push setup, each a browser (or provider) call that the app gives
 * and a test fakes: register /sw.js, ask for permission, get the device token, send it
 * to the server.
 */
export interface PushSetupSteps<Registration> {
  registerWorker: () => Promise<Registration>;
  requestPermission: () => Promise<NotificationPermission>;
  getToken: (registration: Registration) => Promise<string>;
  sendToken: (token: string) => Promise<{ result: string }>;
  /** Keeps the accepted token (in a global window variable). */
  remember: (token: string) => void;
  log: Pick<Console, 'error'>;
}

/**
 * Runs the push setup (docs/PRODUCT.md, 'Push notifications') in order. On an ok answer the token
 * is remembered; if any step fails the error is only logged, as 'notifications error' (worker,
 * permission, token) or 'error sending token' (the server call), and the player sees nothing.
 * Resolves to the token, or null when push is not set up.
 */
export async function setUpPush<Registration>(
  steps: PushSetupSteps<Registration>,
): Promise<string | null> {
  let token: string;
  try {
    const registration = await steps.registerWorker();
    const permission = await steps.requestPermission();
    if (permission !== 'granted') throw new Error(`notification permission is ${permission}`);
    token = await steps.getToken(registration);
  } catch (error) {
    steps.log.error('notifications error', error);
    return null;
  }
  try {
    const answer = await steps.sendToken(token);
    if (answer.result !== 'ok') throw new Error(`the server answered ${answer.result}`);
  } catch (error) {
    steps.log.error('error sending token', error);
    return null;
  }
  steps.remember(token);
  return token;
}

/** Asks for notification permission, only when the player has not answered already. */
export async function requestNotificationPermission(
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'>,
): Promise<NotificationPermission> {
  if (notification.permission !== 'default') return notification.permission;
  return notification.requestPermission();
}
