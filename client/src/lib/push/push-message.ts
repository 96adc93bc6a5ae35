/**
 * A push notification as the server sends it (title, icon, body, click_action;
 * server/src/realtime/push-sender.ts puts the same four fields in the message's data).
 */
export interface PushMessage {
  title: string;
  body: string;
  icon?: string;
  /** Where a click on the notification leads: an absolute URL of one of our client routes. */
  click_action?: string;
}

/** What the service worker (/sw.js) posts to a visible page instead of showing the notification itself. */
export const WORKER_PUSH_MESSAGE_TYPE = 'jotto:push';

/** The push message inside a service worker's `message` event data, or null for anything else. */
export function pushMessageFromWorker(data: unknown): PushMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  if (!('type' in data) || data.type !== WORKER_PUSH_MESSAGE_TYPE) return null;
  if (!('message' in data) || typeof data.message !== 'object' || data.message === null) {
    return null;
  }
  const message = data.message as Record<string, unknown>;
  const field = (name: string) => (typeof message[name] === 'string' ? message[name] : undefined);
  return {
    title: field('title') ?? 'Jotto',
    body: field('body') ?? '',
    icon: field('icon'),
    click_action: field('click_action'),
  };
}

/** Mobile is told by the user agent. */
const MOBILE_USER_AGENT = /Android|BlackBerry|iPhone|iPad|iPod|IEMobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** Whether a path is a game page (/game and /game/{gameId}). */
export function isGamePage(pathname: string): boolean {
  return pathname === '/game' || pathname.startsWith('/game/');
}

/** What the page can do with a message; the browser's own objects in the app, fakes in tests. */
export interface ForegroundPushContext {
  pathname: string;
  userAgent: string;
  /** The alert modal. */
  showAlert: (message: string) => void;
  /** Shows a system notification that calls `onClick` when clicked. */
  showNotification: (message: PushMessage, onClick: () => void) => void;
  /** Opens a click_action: inside the app when it is one of our pages. */
  open: (url: string) => void;
}

export type ForegroundPushOutcome = 'ignored' | 'alert' | 'notification';

/**
 * A push that arrives while the app is open (docs/PRODUCT.md, 'Push notifications'): a message
 * about a finished game is ignored on a game page, which shows the same news live; on a mobile user
 * agent the body opens the alert modal; elsewhere a system notification whose click opens
 * click_action.
 */
export function handleForegroundPush(
  message: PushMessage,
  context: ForegroundPushContext,
): ForegroundPushOutcome {
  if (message.body.toLowerCase().includes('finished') && isGamePage(context.pathname)) {
    return 'ignored';
  }
  if (isMobileUserAgent(context.userAgent)) {
    context.showAlert(message.body);
    return 'alert';
  }
  context.showNotification(message, () => {
    if (message.click_action) context.open(message.click_action);
  });
  return 'notification';
}
