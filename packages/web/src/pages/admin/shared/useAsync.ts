/** Loading state for a module's data: the value, the error, and a reload that keeps the old value visible. */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): Promise<void>;
}

export interface AsyncHandlers<T> {
  onData?(value: T): void;
  onError?(error: unknown): void;
}

/**
 * Loads when mounted and whenever `key` changes (a string naming everything the load depends on).
 * Answers of superseded loads are dropped, so a slow old page never overwrites a newer one.
 */
export function useAsync<T>(
  load: () => Promise<T>,
  key: string,
  handlers: AsyncHandlers<T> = {},
): AsyncState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const current = useRef({ load, handlers });
  current.current = { load, handlers };

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const value = await current.current.load();
      if (call !== latest.current) return;
      setData(value);
      setError(null);
      current.current.handlers.onData?.(value);
    } catch (err) {
      if (call !== latest.current) return;
      setError(err);
      current.current.handlers.onError?.(err);
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what makes a new load necessary.
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { data, error, loading, reload };
}

/** Selected row ids that belong to one view of a list (page, search, sort): a new view starts empty. */
export function useSelection(viewKey: string): [ReadonlySet<string>, (next: Set<string>) => void] {
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: viewKey,
    ids: new Set(),
  });
  const ids = selection.key === viewKey ? selection.ids : EMPTY;
  return [ids, (next) => setSelection({ key: viewKey, ids: next })];
}
const EMPTY: ReadonlySet<string> = new Set();
