/**
 * The folder's listing: read on arrival (taking the route loader's prefetch when it started one),
 * again on `reload()`, bypassing the server's cache on `reload(true)`.
 */
import type { FsListResult } from '@clip/sdk';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';

export interface FolderListing {
  listing: FsListResult | null;
  error: string | null;
  loading: boolean;
  reload(refresh?: boolean): void;
}

export function useFolderListing(path: string, enabled: boolean): FolderListing {
  const { client, listingPrefetch } = useServices();
  const [listing, setListing] = useState<FsListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const refreshNext = useRef(false);
  const loadedPath = useRef<string | null>(null);
  const api = client.fs;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a new read.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const refresh = refreshNext.current;
    refreshNext.current = false;
    setLoading(true);
    // The route's loader may have started this folder's listing: take it on arrival only (a reload
    // after a change must read again).
    const arriving = loadedPath.current !== path;
    loadedPath.current = path;
    const started = arriving && !refresh ? listingPrefetch.take(path) : undefined;
    (started ?? api.listAll(path, { refresh, signal: controller.signal })).then(
      (r) => {
        setListing(r);
        setError(null);
        setLoading(false);
      },
      (err) => {
        if (controller.signal.aborted) return;
        setListing(null);
        setError(errorMessage(err));
        setLoading(false);
      },
    );
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
