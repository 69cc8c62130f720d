import { OFFLINE_TOAST_MS } from '@clip/sdk';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { catalogActive } from '../i18n/catalogLoader.ts';
import { PAGE_TITLES, type PageName } from '../i18n/pageNames.ts';
import { OfflineFallback } from './OfflineFallback.tsx';

/** Delay before the offline toast shows (spec section 9). */
const OFFLINE_TOAST_DELAY_MS = 100;

type Loader = () => Promise<{ default: ComponentType }>;
type Notify = (text: string, options: { kind: 'error'; durationMs: number; delayMs: number }) => void;

/**
 * A route `lazy` function: loads the page's chunk; when that fails while offline, the offline
 * fallback page stands in and a toast names the page. Online failures are rethrown.
 */
export function lazyPage(page: PageName, load: Loader, notify: Notify) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: (await load()).default };
    } catch (err) {
      if (navigator.onLine) throw err;
      // The first page loads while the catalog does: name the page in the active language.
      await catalogActive;
      const name = i18n._(PAGE_TITLES[page]);
      notify(t`The page "${name}" is temporarily unavailable, check the network`, {
        kind: 'error',
        durationMs: OFFLINE_TOAST_MS,
        delayMs: OFFLINE_TOAST_DELAY_MS,
      });
      return { Component: OfflineFallback };
    }
  };
}
