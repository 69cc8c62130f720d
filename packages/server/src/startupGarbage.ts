/**
 * Starting the server (migrations, the first admin, building the route table) leaves ~10 MiB of V8 heap
 * pages that hold mostly garbage; the collector keeps them committed while the server idles, so they
 * stayed in the idle RSS. One memory-reducing collection once the server has started compacts the heap
 * and gives them back (idle RSS ~100 -> ~91 MiB; ADR 0084). It needs `gc`, which `--expose-gc` in
 * bin/clip-server gives; without it (from source, in tests) nothing happens.
 */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function releaseStartupGarbage(): void {
  (globalThis as { gc?: Collect }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
