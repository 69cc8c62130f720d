import { DRAFT_AUTOSAVE_MS } from '@clip/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { type Draft, draftStore, shouldAutosave } from '../../lib/draft.ts';

/** Set while the visitor signs in from the home page: the draft saved on the way is put back, not offered. */
const RESUME_AFTER_SIGN_IN = 'clip-draft-resume';

/**
 * Offers a recent draft once, and autosaves the content every 30 s while it is non-blank. Leaving to
 * sign in saves it at once, and coming back puts it straight into the editor (`onResume`).
 */
export function useDraft(content: string, onResume: (content: string) => void) {
  const { offlineStore } = useServices();
  const drafts = useMemo(() => draftStore(offlineStore), [offlineStore]);
  const [offer, setOffer] = useState<Draft | null>(null);
  const contentRef = useRef(content);
  contentRef.current = content;
  const onResumeRef = useRef(onResume);
  onResumeRef.current = onResume;
  const lastSaved = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const resume = sessionStorage.getItem(RESUME_AFTER_SIGN_IN) !== null;
    void drafts.load().then((draft) => {
      if (!live || !draft || contentRef.current.trim() !== '') return;
      lastSaved.current = draft.content;
      if (resume) {
        sessionStorage.removeItem(RESUME_AFTER_SIGN_IN);
        onResumeRef.current(draft.content);
      } else setOffer(draft);
    });
    return () => {
      live = false;
    };
  }, [drafts]);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = contentRef.current;
      if (!shouldAutosave(now, lastSaved.current)) return;
      lastSaved.current = now;
      void drafts.save(now);
    }, DRAFT_AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [drafts]);

  const clear = useCallback(() => {
    lastSaved.current = null;
    setOffer(null);
    void drafts.clear();
  }, [drafts]);

  /** Before leaving to sign in: the text typed so far is saved now, to come back after. */
  const keepForSignIn = useCallback(() => {
    const now = contentRef.current;
    if (now.trim() === '') return;
    sessionStorage.setItem(RESUME_AFTER_SIGN_IN, '1');
    lastSaved.current = now;
    void drafts.save(now);
  }, [drafts]);

  return { offer, dismissOffer: () => setOffer(null), clear, keepForSignIn };
}
