/* global self */
/*
 * TrueNet's push notifications in the service worker (docs/product-rules.md §17), loaded by the
 * generated worker (vite.config.ts workbox.importScripts). A push's JSON { title, body, url, tag }
 * becomes a notification; a click focuses an open TrueNet window (sent to the link) or opens one.
 * Plain JavaScript, as the worker loads it; pushHandlers is exported for the client's unit tests.
 */
(function register(scope) {
  function pushHandlers(worker) {
    function notificationOf(data) {
      var payload = data || {};
      return {
        title: typeof payload.title === 'string' && payload.title ? payload.title : 'TrueNet',
        options: {
          body: typeof payload.body === 'string' ? payload.body : '',
          tag: typeof payload.tag === 'string' ? payload.tag : undefined,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { url: typeof payload.url === 'string' ? payload.url : '/' },
        },
      };
    }

    function onPush(event) {
      var data;
      try {
        data = event.data ? event.data.json() : null;
      } catch {
        data = { body: event.data ? event.data.text() : '' };
      }
      var shown = notificationOf(data);
      event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
    }

    /** Only TrueNet's own pages are opened: a link to anywhere else opens the dashboard. */
    function sameOrigin(url) {
      try {
        var target = new URL(url, worker.location.origin);
        return target.origin === worker.location.origin ? target.href : worker.location.origin + '/';
      } catch {
        return worker.location.origin + '/';
      }
    }

    function onNotificationClick(event) {
      event.notification.close();
      var url = sameOrigin(event.notification.data && event.notification.data.url);
      event.waitUntil(
        worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
          for (var i = 0; i < windows.length; i += 1) {
            var client = windows[i];
            if (new URL(client.url).origin === worker.location.origin && 'focus' in client) {
              return client.focus().then(function (focused) {
                return focused && 'navigate' in focused ? focused.navigate(url) : focused;
              });
            }
          }
          return worker.clients.openWindow(url);
        }),
      );
    }

    return { onPush: onPush, onNotificationClick: onNotificationClick, notificationOf: notificationOf };
  }

  if (typeof module !== 'undefined' && module.exports) module.exports = { pushHandlers: pushHandlers };
  if (scope && typeof scope.addEventListener === 'function' && scope.registration) {
    var handlers = pushHandlers(scope);
    scope.addEventListener('push', handlers.onPush);
    scope.addEventListener('notificationclick', handlers.onNotificationClick);
  }
})(typeof self !== 'undefined' ? self : undefined);
