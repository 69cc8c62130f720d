/** The web app's composition root: the one place that creates the client and the stores. */
import {
  ClipClient,
  createOfflineApiCache,
  type FileLocked,
  type FsListResult,
  type PasteLocked,
  type PasteView,
  type PublicFileView,
} from '@clip/sdk';
import { createContext, useContext } from 'react';
import { indexedDbOfflineStore } from '../offline/offlineDb.ts';
import { createApiBaseStore } from '../stores/apiBase.ts';
import { type AuthStore, createAuthStore } from '../stores/auth.ts';
import { createLanguageStore } from '../stores/language.ts';
import { createOnlineStore } from '../stores/online.ts';
import { createPreferencesStore } from '../stores/preferences.ts';
import { createPwaStore } from '../stores/pwa.ts';
import { browserStorage } from '../stores/storage.ts';
import { createThemeStore } from '../stores/theme.ts';
import { createToastStore } from '../stores/toasts.ts';
import { createSharePrefetch } from './sharePrefetch.ts';

export function createAppServices(win: Window) {
  const storage = browserStorage();
  const offlineStore = indexedDbOfflineStore();
  const apiBase = createApiBaseStore(storage);
  const toasts = createToastStore();
  let auth: AuthStore | null = null;
  const sessionEndedListeners: ((error: Error) => void)[] = [];
  const apiCache = createOfflineApiCache((input, init) => win.fetch(input, init), offlineStore);
  const client = new ClipClient({
    baseUrl: apiBase.base.value,
    fetch: apiCache.fetch,
    onSessionEnded: (error, authType) => {
      if (auth && !auth.handleSessionEnded(error, authType)) return;
      // The page that made the call shows nothing for an ended session: say it here.
      for (const listener of sessionEndedListeners) listener(error);
    },
  });
  // Spec section 7's cache holds what this user could read: it goes with the session.
  auth = createAuthStore({ client, storage, events: win, onSignedOut: () => void apiCache.clear() });
  const online = createOnlineStore(win);
  const preferences = createPreferencesStore(offlineStore);
  online.whenBackOnline(() => void preferences.reload());

  return {
    client,
    storage,
    offlineStore,
    apiBase,
    auth,
    toasts,
    online,
    preferences,
    theme: createThemeStore(storage, win.matchMedia('(prefers-color-scheme: dark)')),
    language: createLanguageStore(storage, win.navigator.languages ?? [win.navigator.language]),
    pwa: createPwaStore(storage, win),
    sharePrefetch: {
      paste: createSharePrefetch<PasteView | PasteLocked>(),
      file: createSharePrefetch<PublicFileView | FileLocked>(),
    },
    /** The explorer's first listing, started by its route's loader (keyed by path). */
    listingPrefetch: createSharePrefetch<FsListResult>(),
    onSessionEnded: (listener: (error: Error) => void) => void sessionEndedListeners.push(listener),
    setApiBase(value: string): boolean {
      if (!apiBase.set(value)) return false;
      client.transport.baseUrl = apiBase.base.value;
      return true;
    },
  };
}
export type AppServices = ReturnType<typeof createAppServices>;

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext>');
  return services;
}
