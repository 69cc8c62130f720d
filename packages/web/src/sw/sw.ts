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

/** The static routing API (Chromium 123+): requests a rule matches go to the network without waking the worker. */
type RoutingInstallEvent = ExtendableEvent & {
  addRoutes?(rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[]): Promise<void>;
};

self.addEventListener('install', (event) => {
  // The API and WebDAV are never the worker's (the routes above leave them to the network), yet each of
  // their requests would wait for the worker's fetch event first: an upload's every part and file
  // (ADR 0082). Browsers without the API still fall through to the network, one dispatch later.
  const routing = (event as RoutingInstallEvent).addRoutes?.(
    ['/api/*', '/dav', '/dav/*'].map((pathname) => ({
      condition: { urlPattern: { pathname } },
      source: 'network',
    })),
  );
  if (routing) event.waitUntil(routing.catch(() => undefined));
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
