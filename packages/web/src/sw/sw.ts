/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app, answers navigations with index.html (except /api
 * and /dav), decrypts end-to-end encrypted downloads (e2eDownloads.ts), and on an update tells the open pages (SW_UPDATED) and waits until one says SKIP_WAITING.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { E2E_DOWNLOAD_PREFIX, e2eDownload, takeE2eMessage } from './e2eDownloads.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Before the navigation route: these are downloads the worker itself decrypts (e2eDownloads.ts).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(E2E_DOWNLOAD_PREFIX),
  ({ url }) => e2eDownload(url),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/dav(\/|$)/] }),
);

self.addEventListener('install', (event) => {
  // The first install takes over at once; an update waits for the user's word.
  if (!self.registration.active) {
    void self.skipWaiting();
    return;
  }
  event.waitUntil(
    self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'SW_UPDATED' });
    }),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  if (takeE2eMessage(event)) return;
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
