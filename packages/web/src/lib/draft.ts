/** The Markdown draft (spec section 4): autosaved every 30 s when non-blank, offered back for 24 hours. */
import { DRAFT_RESTORE_WINDOW_MS, type OfflineStore } from '@clip/sdk';

export const DRAFT_KEY = 'markdown_draft';

export interface Draft {
  content: string;
  /** ISO time. */
  savedAt: string;
}

export function isRestorableDraft(draft: unknown, now: number): draft is Draft {
  if (!draft || typeof draft !== 'object') return false;
  const { content, savedAt } = draft as Partial<Draft>;
  if (typeof content !== 'string' || content.trim() === '' || typeof savedAt !== 'string') return false;
  const age = now - Date.parse(savedAt);
  return Number.isFinite(age) && age >= 0 && age < DRAFT_RESTORE_WINDOW_MS;
}

/** Saves when the content is non-blank and differs from what was saved last. */
export function shouldAutosave(content: string, lastSaved: string | null): boolean {
  return content.trim() !== '' && content !== lastSaved;
}

export function draftStore(store: OfflineStore) {
  return {
    async load(now = Date.now()): Promise<Draft | null> {
      const draft = await store.get('settings', DRAFT_KEY).catch(() => undefined);
      return isRestorableDraft(draft, now) ? draft : null;
    },
    save: (content: string, now = Date.now()) =>
      store
        .set('settings', DRAFT_KEY, { content, savedAt: new Date(now).toISOString() } satisfies Draft)
        .catch(() => undefined),
    clear: () => store.del('settings', DRAFT_KEY).catch(() => undefined),
  };
}
