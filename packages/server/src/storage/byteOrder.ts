/**
 * Listings are in byte order (of the names' UTF-8), as S3 answers them, so a cursor means the same on
 * every driver. UTF-8's byte order is the order of code points, which JavaScript's own string order
 * (UTF-16 code units) matches except for a surrogate (half of a code point above U+FFFF) against
 * U+E000-U+FFFF. So names are compared without encoding them: a `Buffer.from` per comparison made
 * sorting a folder of 100,000 names ~0.3 s, most of a local folder's first page.
 */

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/** Negative, zero or positive as `a`'s UTF-8 bytes sort before, with or after `b`'s. */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate starts a code point above U+FFFF: after every code unit that is not one.
    const xs = isSurrogate(x);
    if (xs !== isSurrogate(y)) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Sorts `names` in place in byte order; without surrogates the engine's own string sort is that order. */
export function sortBytewise(names: string[]): string[] {
  return names.some((n) => SURROGATE.test(n)) ? names.sort(compareBytewise) : names.sort();
}

/** The index of the first of `sorted` (byte order) that sorts after `after`; `sorted.length` when none does. */
export function indexAfter(sorted: readonly string[], after: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytewise(sorted[mid], after) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
