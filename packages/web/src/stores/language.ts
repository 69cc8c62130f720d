/** The interface language: saved as `language`, applied by loading its catalog. */
import { STORAGE_KEYS } from '@clip/sdk';
import { signal } from '@preact/signals-react';
import { activateLanguage } from '../i18n/catalogLoader.ts';
import { type Language, pickLanguage } from '../i18n/language.ts';
import type { KeyValueStorage } from './storage.ts';

export function createLanguageStore(storage: KeyValueStorage, browserLanguages: readonly string[]) {
  const language = signal<Language>(pickLanguage(storage.getItem(STORAGE_KEYS.language), browserLanguages));
  return {
    language,
    /** Loads the starting catalog; the app renders after this. */
    init: () => activateLanguage(language.value),
    async set(next: Language): Promise<void> {
      storage.setItem(STORAGE_KEYS.language, next);
      await activateLanguage(next);
      language.value = next;
    },
  };
}
export type LanguageStore = ReturnType<typeof createLanguageStore>;
