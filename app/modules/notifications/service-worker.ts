// The service worker's source (served as /sw.js). It shows a push message as a notification
// and tells the site's open pages about it (NEW_PUSH_MESSAGE: they refresh the user, chats
// and likes); a click on the notification focuses an open page and asks it to open the
// message's page (NEW_PUSH_CLICK with checkUrl and openUrl), or opens a new window there.
// Plain ES2017 in a string: it runs outside the app's bundle.
export const SERVICE_WORKER_SOURCE = `'use strict';
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });

function sameOrigin(url) {
  try {
    var u = new URL(url || '/', self.location.origin);
    return u.origin === self.location.origin ? u : new URL('/', self.location.origin);
  } catch (e) {
    return new URL('/', self.location.origin);
  }
}

self.addEventListener('push', function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data ? event.data.text() : '' }; }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (pages) {
      pages.forEach(function (page) { page.postMessage({ type: 'NEW_PUSH_MESSAGE', payload: data }); });
      return self.registration.showNotification(data.title || self.location.hostname, {
        body: data.body || '',
        tag: data.tag || undefined,
        icon: data.icon || '/favicon.svg',
        data: { url: sameOrigin(data.url).pathname + sameOrigin(data.url).search },
      });
    })
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = sameOrigin(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (pages) {
      for (var i = 0; i < pages.length; i++) {
        var page = pages[i];
        if ('focus' in page) {
          page.postMessage({ type: 'NEW_PUSH_CLICK', checkUrl: target.pathname, openUrl: target.pathname + target.search });
          return page.focus();
        }
      }
      return self.clients.openWindow(target.href);
    })
  );
});
`
