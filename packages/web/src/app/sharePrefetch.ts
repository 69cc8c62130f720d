/**
 * The share views' first read, started by the route's loader so the request runs alongside the
 * download of the page's chunk. A read counts a view on the server, so each started read is handed
 * to exactly one taker; later reads (retries) go to the server again.
 */
export interface SharePrefetch<T> {
  /** Starts the read for `slug`, replacing one nobody took. */
  start(slug: string, read: () => Promise<T>): void;
  /** The started read for `slug`, once; undefined when none is waiting. */
  take(slug: string): Promise<T> | undefined;
}

export function createSharePrefetch<T>(): SharePrefetch<T> {
  const waiting = new Map<string, Promise<T>>();
  return {
    start(slug, read) {
      const request = read();
      // The page that takes the read handles its failure; until then it is not unhandled.
      request.catch(() => undefined);
      waiting.set(slug, request);
    },
    take(slug) {
      const request = waiting.get(slug);
      waiting.delete(slug);
      return request;
    },
  };
}
