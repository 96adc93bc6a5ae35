import type { WorkerPushEvent, WorkerScope } from '../pwa/worker-scope.ts';
import { WORKER_PUSH_MESSAGE_TYPE } from './push-message.ts';

// The service worker's push handling (docs/PRODUCT.md, 'Push notifications'). Firebase Cloud
// Messaging delivers its pushes to the worker (the page subscribes with its registration), so it
// does what Firebase's own worker would, with no SDK: while a page of ours is visible it hands the
// message to the page (lib/push/start-push.ts decides: ignore, alert or notification); otherwise
// it shows the notification itself, and a click opens the message's click_action.

interface PushPayloadPart {
  title?: string;
  body?: string;
  icon?: string;
  click_action?: string;
  link?: string;
}

interface PushPayload extends PushPayloadPart {
  data?: PushPayloadPart;
  notification?: PushPayloadPart;
  fcmOptions?: PushPayloadPart;
}

/** The message the worker posts to a visible page, and shows otherwise. */
export interface WorkerPushMessage {
  title: string;
  body: string;
  icon: string | undefined;
  click_action: string;
}

/**
 * The four fields of a push (title, icon, body, click_action) from its payload. The server
 * (push-sender.ts) puts them in `data` and also sends a webpush `notification` and
 * `fcmOptions.link`; plain web push may carry them at the top level.
 */
export function pushMessage(payload: PushPayload): WorkerPushMessage {
  const data = payload.data ?? {};
  const note = payload.notification ?? {};
  const fcmOptions = payload.fcmOptions ?? {};
  return {
    title: data.title || note.title || payload.title || 'Jotto',
    body: data.body || note.body || payload.body || '',
    icon: data.icon || note.icon || payload.icon,
    click_action:
      data.click_action || fcmOptions.link || note.click_action || payload.click_action || '/home',
  };
}

function readPayload(event: WorkerPushEvent): PushPayload {
  if (!event.data) return {};
  try {
    const payload = event.data.json();
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** Installs the push and notification-click handlers on the worker's scope. */
export function listenForPushes(scope: WorkerScope): void {
  // Every window of ours, controlled or not: a page opened before this worker took control (or,
  // under the old /public/ registration, any page) is not controlled, and still counts.
  const windowClients = () => scope.clients.matchAll({ type: 'window', includeUncontrolled: true });

  async function onPush(event: WorkerPushEvent) {
    const message = pushMessage(readPayload(event));
    const visible = (await windowClients()).filter(
      (client) => client.visibilityState === 'visible',
    );
    if (visible.length > 0) {
      for (const client of visible) client.postMessage({ type: WORKER_PUSH_MESSAGE_TYPE, message });
      return;
    }
    await scope.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      data: { clickAction: message.click_action },
    });
  }

  scope.addEventListener('push', (event) => event.waitUntil(onPush(event)));
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = new URL(event.notification.data?.clickAction || '/home', scope.location.origin);
    // A tab already on that page comes forward; otherwise one opens. (WindowClient.navigate
    // works only on tabs the worker controls, which a tab opened before it may not be.)
    event.waitUntil(
      windowClients().then(async (clients) => {
        const open = clients.find((client) => client.url === target.href);
        if (open) await open.focus();
        else await scope.clients.openWindow(target.href);
      }),
    );
  });
}
