/**
 * PWA prompts (spec section 4): install when installable, not installed, not dismissed within 7 days
 * and the visitor has used the page (ADR 0022: a prompt that pops up while the page loads covers it
 * and becomes its largest paint); update on SW_UPDATED.
 */
import { INSTALL_PROMPT_DISMISS_MS, STORAGE_KEYS } from '@clip/sdk';
import { signal } from '@preact/signals-react';
import type { KeyValueStorage } from './storage.ts';

export interface InstallPromptInputs {
  installable: boolean;
  installed: boolean;
  dismissedAt: number | null;
  now: number;
  /** The visitor pressed a key or a pointer on the page since it loaded. */
  engaged: boolean;
}

export function installPromptVisible({
  installable,
  installed,
  dismissedAt,
  now,
  engaged,
}: InstallPromptInputs): boolean {
  if (!installable || installed || !engaged) return false;
  return dismissedAt === null || now - dismissedAt >= INSTALL_PROMPT_DISMISS_MS;
}

export function parseDismissedAt(raw: string | null): number | null {
  const n = Number(raw);
  return raw && Number.isFinite(n) ? n : null;
}

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const PWA_CHECK_INTERVAL_MS = 5000;

export function createPwaStore(storage: KeyValueStorage, win: Window) {
  let deferred: BeforeInstallPromptEvent | null = null;
  const showInstall = signal(false);
  const updateReady = signal(false);
  let installed = win.matchMedia?.('(display-mode: standalone)').matches ?? false;
  let waitingWorker: ServiceWorker | null = null;
  let engaged = false;

  const check = () => {
    showInstall.value = installPromptVisible({
      installable: deferred !== null,
      installed,
      dismissedAt: parseDismissedAt(storage.getItem(STORAGE_KEYS.pwaInstallDismissed)),
      now: Date.now(),
      engaged,
    });
  };
  const engage = () => {
    engaged = true;
    win.removeEventListener('pointerdown', engage, true);
    win.removeEventListener('keydown', engage, true);
    check();
  };
  win.addEventListener('pointerdown', engage, true);
  win.addEventListener('keydown', engage, true);
  win.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    check();
  });
  win.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    check();
  });
  setInterval(check, PWA_CHECK_INTERVAL_MS);

  return {
    showInstall,
    updateReady,
    async install(): Promise<void> {
      if (!deferred) return;
      await deferred.prompt();
      const { outcome } = await deferred.userChoice;
      if (outcome === 'accepted') installed = true;
      else storage.setItem(STORAGE_KEYS.pwaInstallDismissed, String(Date.now()));
      deferred = null;
      check();
    },
    dismissInstall(): void {
      storage.setItem(STORAGE_KEYS.pwaInstallDismissed, String(Date.now()));
      check();
    },
    /** Called when the service worker says a new version waits. */
    offerUpdate(worker: ServiceWorker | null): void {
      waitingWorker = worker;
      updateReady.value = true;
    },
    /** Tells the waiting worker to take over; the page reloads when it does. */
    acceptUpdate(): void {
      updateReady.value = false;
      if (!waitingWorker) {
        win.location.reload();
        return;
      }
      navigator.serviceWorker.addEventListener('controllerchange', () => win.location.reload(), {
        once: true,
      });
      waitingWorker.postMessage({ type: 'SKIP_WAITING' });
    },
    dismissUpdate(): void {
      updateReady.value = false;
    },
  };
}
export type PwaStore = ReturnType<typeof createPwaStore>;
