// Service worker registered from /public/sw.js (spec §4): shows push notifications and opens
// their click_action when clicked.
self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  const note = data.notification || data.data || data;
  event.waitUntil(
    self.registration.showNotification(note.title || 'Jotto', {
      body: note.body || '',
      icon: note.icon,
      data: { clickAction: note.click_action || '/home' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.clickAction));
});
