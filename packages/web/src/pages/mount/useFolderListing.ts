/**
 * The folder's listing, read a page at a time (ADR 0079): on arrival the first page shows at once
 * (taking the route loader's prefetch when it started one) and the rest follow in the background into
 * the same FolderIndex, each page asked for once the one before has been added. A `reload()` (after a
 * change; `reload(true)` bypasses the server's cache) reads the folder again while the old listing
 * stays on screen, and swaps it in whole, so a long folder does not shrink back to one page under the
 * reader's scroll position.
 */
import type { FsListResult } from '@clip/sdk';
import { useEffect, useRef, useState } from 'react';
import { FIRST_PAGE_LIMIT } from '../../app/folderFirstPage.ts';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { FolderIndex } from './folderIndex.ts';

/** What is on screen of a folder; a new object each time a page was added. */
export interface LoadedFolder {
  isVirtual: boolean;
  index: FolderIndex;
  /** Entries in the index when this snapshot was made. */
  count: number;
  /** Every page has arrived. */
  complete: boolean;
}

export interface FolderListing {
  listing: LoadedFolder | null;
  error: string | null;
  /** A read is on its way to the screen: the first page on arrival, the whole folder on a reload. */
  loading: boolean;
  reload(refresh?: boolean): void;
}

export function useFolderListing(path: string, enabled: boolean): FolderListing {
  const { client, listingPrefetch } = useServices();
  const [listing, setListing] = useState<LoadedFolder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const refreshNext = useRef(false);
  const loadedPath = useRef<string | null>(null);
  const shown = useRef<LoadedFolder | null>(null);
  const api = client.fs;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a new read.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const refresh = refreshNext.current;
    refreshNext.current = false;
    setLoading(true);
    // The route's loader may have started this folder's first page: take it on arrival only (a
    // reload after a change must read again).
    const arriving = loadedPath.current !== path;
    loadedPath.current = path;
    const started = arriving && !refresh ? listingPrefetch.take(path) : undefined;
    // A folder new to the screen fills in page by page; a reload replaces what is shown when done.
    const progressive = arriving || shown.current === null;
    const show = (next: LoadedFolder) => {
      shown.current = next;
      setListing(next);
    };
    const read = async () => {
      let page: FsListResult = await (started ??
        api.list(path, { limit: FIRST_PAGE_LIMIT, refresh, signal }));
      if (signal.aborted) return;
      const index = new FolderIndex();
      const snapshot = (complete: boolean): LoadedFolder => ({
        isVirtual: page.is_virtual,
        index,
        count: index.size,
        complete,
      });
      index.append(page.items);
      if (progressive) {
        show(snapshot(!page.next_cursor));
        setError(null);
        setLoading(false);
      }
      while (page.next_cursor) {
        page = await api.list(path, { cursor: page.next_cursor, refresh, signal });
        if (signal.aborted) return;
        index.append(page.items);
        if (progressive) show(snapshot(!page.next_cursor));
      }
      if (!progressive) show(snapshot(true));
      setError(null);
      setLoading(false);
    };
    read().catch((err) => {
      if (signal.aborted) return;
      shown.current = null;
      setListing(null);
      setError(errorMessage(err));
      setLoading(false);
    });
    return () => controller.abort();
  }, [api, path, reloadKey, enabled]);

  return {
    listing,
    error,
    loading,
    reload(refresh = false) {
      refreshNext.current = refresh;
      setReloadKey((k) => k + 1);
    },
  };
}
