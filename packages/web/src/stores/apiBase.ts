/** The environment switcher's choice of API server (empty = the server that served the app). */
import { signal } from '@preact/signals-react';
import type { KeyValueStorage } from './storage.ts';

export const API_BASE_KEY = 'api_base_url';

export function normalizeApiBase(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function createApiBaseStore(storage: KeyValueStorage) {
  const base = signal(normalizeApiBase(storage.getItem(API_BASE_KEY) ?? '') ?? '');
  return {
    base,
    set(value: string): boolean {
      const normalized = normalizeApiBase(value);
      if (normalized === null) return false;
      if (normalized) storage.setItem(API_BASE_KEY, normalized);
      else storage.removeItem(API_BASE_KEY);
      base.value = normalized;
      return true;
    },
  };
}
export type ApiBaseStore = ReturnType<typeof createApiBaseStore>;
