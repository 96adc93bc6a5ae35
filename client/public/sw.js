// The service worker registered from /public/sw.js (docs/PRODUCT.md, 'Push notifications').
// Firebase Cloud Messaging delivers its pushes here (the page subscribes with this registration),
// so this file does what Firebase's own worker would, with no SDK: while a page of ours is visible
// it hands the message to the page (lib/push/start-push.ts decides: ignore, alert or notification);
// otherwise it shows the notification itself, and a click opens the message's click_action.

const PUSH_MESSAGE_TYPE = 'jotto:push';

/**
 * The four fields of a push (title, icon, body, click_action) from its payload. The server
 * (push-sender.ts) puts them in `data` and also sends a webpush `notification` and
 * `fcmOptions.link`; plain web push may carry them at the top level.
 */
function pushMessage(payload) {
  const data = payload.data || {};
  const note = payload.notification || {};
  const fcmOptions = payload.fcmOptions || {};
  return {
    title: data.title || note.title || payload.title || 'Jotto',
    body: data.body || note.body || payload.body || '',
    icon: data.icon || note.icon || payload.icon,
    click_action:
      data.click_action || fcmOptions.link || note.click_action || payload.click_action || '/home',
  };
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

function windowClients() {
  // Our pages are outside this worker's scope (/public/), so they are never "controlled".
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function onPush(event) {
  const message = pushMessage(readPayload(event));
  const visible = (await windowClients()).filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: PUSH_MESSAGE_TYPE, message });
    return;
  }
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: message.icon,
    data: { clickAction: message.click_action },
  });
}

async function onNotificationClick(event) {
  event.notification.close();
  const target = new URL(event.notification.data?.clickAction || '/home', self.location.origin);
  // A tab already on that page comes forward; otherwise one opens. (Our tabs are outside this
  // worker's scope, and WindowClient.navigate works only on tabs a worker controls.)
  const open = (await windowClients()).find((client) => client.url === target.href);
  if (open) await open.focus();
  else await self.clients.openWindow(target.href);
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
self.addEventListener('notificationclick', (event) => event.waitUntil(onNotificationClick(event)));
