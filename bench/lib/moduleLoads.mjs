// Which packages a process loads and how much source each brings (a proxy for the memory it costs).
// Preload it:  node --conditions=source --import ./bench/lib/moduleLoads.mjs packages/server/src/main.ts
// On SIGUSR2 (or at exit) it prints one line per package, largest first, to stderr, with the RSS then.
import { registerHooks } from 'node:module';

const byOwner = new Map();

function owner(url) {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = /packages\/([^/]+)\/src\/([^/]+)/.exec(url);
  return src ? `@clip/${src[1]}/${src[2]}` : url.startsWith('node:') ? 'node:*' : url;
}

registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    const bytes = result.source ? (result.source.length ?? result.source.byteLength ?? 0) : 0;
    const entry = byOwner.get(owner(url)) ?? { files: 0, bytes: 0 };
    entry.files++;
    entry.bytes += bytes;
    byOwner.set(owner(url), entry);
    return result;
  },
});

function report() {
  const rows = [...byOwner].filter(([k]) => k !== 'node:*').sort((a, b) => b[1].bytes - a[1].bytes);
  const total = rows.reduce((s, [, e]) => s + e.bytes, 0);
  const lines = rows.map(
    ([k, e]) => `${(e.bytes / 1024).toFixed(0).padStart(7)} KiB ${String(e.files).padStart(4)} files  ${k}`,
  );
  process.stderr.write(
    `module loads: ${(total / 1048576).toFixed(1)} MiB of source in ${rows.length} owners; ${Object.entries(
      process.memoryUsage(),
    )
      .map(([k, v]) => `${k} ${(v / 1048576).toFixed(1)} MiB`)
      .join(', ')}\n${lines.join('\n')}\n`,
  );
}
process.on('SIGUSR2', report);
process.on('exit', report);
