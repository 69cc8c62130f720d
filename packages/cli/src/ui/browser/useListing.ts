/**
 * Loads what the current view shows (the folder at `path`, or the text or file share list) whenever the
 * view, the path or a reload asks for it; a reload with `refresh` bypasses the server's listing cache.
 */
import type { FsItem } from '@clip/sdk';
import { useEffect, useState } from 'react';
import type { BrowserBackend, ShareRow } from './backend.ts';
import { errorLine } from './format.ts';
import type { View } from './views.ts';

export const LOADING = 'loading…';

export interface Listing {
  items: FsItem[];
  shares: ShareRow[];
  /** Asks for a reload; `keepCache: false` bypasses the server's listing cache. */
  reload: (keepCache?: boolean) => void;
}

export function useListing(
  backend: BrowserBackend,
  view: View,
  path: string,
  setStatus: (update: (status: string) => string) => void,
): Listing {
  const [items, setItems] = useState<FsItem[]>([]);
  const [shares, setShares] = useState<ShareRow[]>([]);
  // A new object asks for a reload.
  const [loadToken, setLoadToken] = useState({ refresh: false });

  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        if (view === 'mounts') {
          const list = await backend.list(path, loadToken.refresh);
          if (live) setItems(list);
        } else {
          const list = view === 'text' ? await backend.textShares() : await backend.fileShares();
          if (live) setShares(list);
        }
        // A finished load clears "loading…" and an earlier load error; other news stays on the line.
        if (live) setStatus((s) => (s === LOADING || s.startsWith('error') ? '' : s));
      } catch (err) {
        if (live) {
          if (view === 'mounts') setItems([]);
          setStatus(() => errorLine(err));
        }
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [backend, view, path, loadToken, setStatus]);

  return { items, shares, reload: (keepCache = true) => setLoadToken({ refresh: !keepCache }) };
}
