/* Cabdesk service worker: shows Web Push notifications while the panel is closed. */
/* global self */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload = { title: 'Cabdesk', body: '', link: null, id: undefined };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch {
    if (event.data) payload.body = event.data.text();
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open panel shows it as a toast from its live stream; a system notification would repeat it.
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/favicon.svg',
        tag: payload.id === undefined ? undefined : `cabdesk-${payload.id}`,
        data: { link: payload.link },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
