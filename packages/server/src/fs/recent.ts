/**
 * Answers reused for a short while: what a background task reads for every one of thousands of items
 * (the active mounts, a storage config's driver) comes from the database at most once per period, so a
 * change made meanwhile reaches a running task within that period instead of at once.
 */
export function recentFor<T>(periodMs: number, load: () => Promise<T>, now = Date.now): () => Promise<T> {
  const byKey = recentByKey(periodMs, () => load(), now);
  return () => byKey('');
}

export function recentByKey<T>(
  periodMs: number,
  load: (key: string) => Promise<T>,
  now = Date.now,
): (key: string) => Promise<T> {
  const held = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const t = now();
    const hit = held.get(key);
    if (hit && t - hit.at < periodMs) return hit.value;
    const value = load(key);
    held.set(key, { at: t, value });
    // A failed load is not kept: the next call asks again.
    value.catch(() => {
      if (held.get(key)?.value === value) held.delete(key);
    });
    return value;
  };
}
