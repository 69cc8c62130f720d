/** Registers the service worker and turns its SW_UPDATED message into the update prompt. */
import type { PwaStore } from '../stores/pwa.ts';

export function registerServiceWorker(pwa: PwaStore): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type !== 'SW_UPDATED') return;
    pwa.offerUpdate(event.source instanceof ServiceWorker ? event.source : null);
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (private mode, plain http on a LAN address): the app works without offline support.
  });
}
