/**
 * User preferences kept in the offline database (`user_preferences {fields, savedAt}`), reloaded when
 * the browser comes back online so a change made in another tab while offline is picked up.
 */
import type { OfflineStore } from '@clip/sdk';
import { signal } from '@preact/signals-react';

export interface UserPreferences {
  editorMode: 'markdown' | 'text';
}
const DEFAULTS: UserPreferences = { editorMode: 'markdown' };
const KEY = 'user_preferences';

export function createPreferencesStore(store: OfflineStore) {
  const preferences = signal<UserPreferences>(DEFAULTS);
  async function reload(): Promise<void> {
    try {
      const saved = await store.get<Partial<UserPreferences> & { savedAt?: string }>('settings', KEY);
      if (saved)
        preferences.value = { ...DEFAULTS, editorMode: saved.editorMode === 'text' ? 'text' : 'markdown' };
    } catch {
      // No offline database (private mode): the defaults stand.
    }
  }
  async function update(patch: Partial<UserPreferences>): Promise<void> {
    preferences.value = { ...preferences.value, ...patch };
    await store
      .set('settings', KEY, { ...preferences.value, savedAt: new Date().toISOString() })
      .catch(() => undefined);
  }
  return { preferences, reload, update };
}
export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
