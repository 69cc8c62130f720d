import { DRAFT_AUTOSAVE_MS } from '@clip/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { type Draft, draftStore, shouldAutosave } from '../../lib/draft.ts';

/** Offers a recent draft once, and autosaves the content every 30 s while it is non-blank. */
export function useDraft(content: string) {
  const { offlineStore } = useServices();
  const drafts = useMemo(() => draftStore(offlineStore), [offlineStore]);
  const [offer, setOffer] = useState<Draft | null>(null);
  const contentRef = useRef(content);
  contentRef.current = content;
  const lastSaved = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    void drafts.load().then((draft) => {
      if (live && draft && contentRef.current.trim() === '') {
        lastSaved.current = draft.content;
        setOffer(draft);
      }
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

  return { offer, dismissOffer: () => setOffer(null), clear };
}
