/** Theme (spec section 4): auto -> light -> dark -> auto, saved as `themeMode`; auto follows the system live. */
import { STORAGE_KEYS } from '@clip/sdk';
import { computed, signal } from '@preact/signals-react';
import type { KeyValueStorage } from './storage.ts';

export const THEME_MODES = ['auto', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = 'light' | 'dark';

export function parseThemeMode(value: string | null): ThemeMode {
  return (THEME_MODES as readonly string[]).includes(value ?? '') ? (value as ThemeMode) : 'auto';
}

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return THEME_MODES[(THEME_MODES.indexOf(mode) + 1) % THEME_MODES.length];
}

export function resolveTheme(mode: ThemeMode, systemDark: boolean): ResolvedTheme {
  if (mode === 'auto') return systemDark ? 'dark' : 'light';
  return mode;
}

/** The media query the store listens to; `window.matchMedia('(prefers-color-scheme: dark)')` in the browser. */
export interface DarkQuery {
  matches: boolean;
  addEventListener(type: 'change', listener: (e: { matches: boolean }) => void): void;
}

export function createThemeStore(storage: KeyValueStorage, darkQuery: DarkQuery) {
  const mode = signal<ThemeMode>(parseThemeMode(storage.getItem(STORAGE_KEYS.themeMode)));
  const systemDark = signal(darkQuery.matches);
  darkQuery.addEventListener('change', (e) => {
    systemDark.value = e.matches;
  });
  const resolved = computed(() => resolveTheme(mode.value, systemDark.value));
  return {
    mode,
    resolved,
    cycle(): ThemeMode {
      mode.value = nextThemeMode(mode.value);
      storage.setItem(STORAGE_KEYS.themeMode, mode.value);
      return mode.value;
    },
  };
}
export type ThemeStore = ReturnType<typeof createThemeStore>;
