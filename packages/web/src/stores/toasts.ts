/** Short messages at the bottom of the screen. */
import { signal } from '@preact/signals-react';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error' | 'success';
  /** Set for the last 0.3 s, when the toast fades out. */
  leaving: boolean;
}

export const TOAST_FADE_MS = 300;

/** Runs `fn` once, `ms` from now. Injected so a test moves time by hand instead of waiting for it. */
export type Later = (ms: number, fn: () => void) => void;

const realTimers: Later = (ms, fn) => void setTimeout(fn, ms);

export function createToastStore(later: Later = realTimers) {
  const toasts = signal<Toast[]>([]);
  let nextId = 1;
  const update = (id: number, patch: Partial<Toast> | null) => {
    toasts.value = patch
      ? toasts.value.map((t) => (t.id === id ? { ...t, ...patch } : t))
      : toasts.value.filter((t) => t.id !== id);
  };
  function show(
    text: string,
    options: { kind?: Toast['kind']; durationMs?: number; delayMs?: number } = {},
  ): void {
    const { kind = 'info', durationMs = 3000, delayMs = 0 } = options;
    const id = nextId++;
    later(delayMs, () => {
      toasts.value = [...toasts.value, { id, text, kind, leaving: false }];
      later(Math.max(0, durationMs - TOAST_FADE_MS), () => update(id, { leaving: true }));
      later(durationMs, () => update(id, null));
    });
  }
  return { toasts, show, dismiss: (id: number) => update(id, null) };
}
export type ToastStore = ReturnType<typeof createToastStore>;
