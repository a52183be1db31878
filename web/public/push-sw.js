// Bakje's service worker: only web push about an order (docs/decisions/0086-order-web-push.md). It caches
// nothing and handles no fetch, so the site works as before; served from the root so its scope is the site.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The payload the shop sends (contract OrderPushPayload): title, body, url, tag, kind. */
function payloadOf(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

/** Only an address of this site is opened: a payload cannot send the customer elsewhere. */
function sameSite(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Bakje', {
      body: payload.body || '',
      // One notification per order: "ready" replaces "delayed".
      tag: payload.tag || undefined,
      renotify: Boolean(payload.tag),
      icon: '/favicon.svg',
      data: { url: sameSite(payload.url), kind: payload.kind || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
