// Builds one launcher bundle (bin/build-cli-bundle.mjs, bin/build-server-bundle.mjs): TypeScript source and
// the packages it names inlined by esbuild as ES modules, split at each lazy import() so code still loads
// when first needed. The result goes to a staging folder that replaces the old bundle whole (a process
// starting meanwhile sees the old bundle or the new one), with the stamp file `built` that the launchers
// compare source files against (bin/lib/bundle-current.sh).
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/** @param {{ entry: string, outdir: string, external: string[], plugins?: import('esbuild').Plugin[] }} options */
export async function buildBundle({ entry, outdir, external, plugins = [] }) {
  const staging = `${outdir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // The workspace packages' TypeScript source, as the launchers run it.
    conditions: ['source'],
    external,
    plugins,
    logLevel: 'warning',
    legalComments: 'none',
    // CommonJS packages' require() of Node built-ins and packages needs a real require in ES module output.
    banner: {
      js: "import { createRequire as __clipCreateRequire } from 'node:module'; const require = __clipCreateRequire(import.meta.url);",
    },
  });
  escapeChunks(staging);
  writeFileSync(`${staging}/built`, `${new Date().toISOString()}\n`);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
}

/**
 * Node hands V8 a module's source as a one-byte string only when the file is ASCII; one other character
 * (an em dash or an "é" in a dependency's comment) makes it UTF-16, and the server's 1.8 MB main chunk
 * then holds 3.7 MB of heap for the process's life. esbuild escapes such characters in strings (charset
 * ascii) but copies comments as they are, so each one left is written as its UTF-16 escape: inert in a
 * comment, the same character in a string or regular expression. A character escaped already (`\é`,
 * which means `é` there) loses its backslash, or the escape would read as a backslash and text.
 * @param {string} text
 */
export const escapeNonAscii = (text) =>
  text.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, c) => {
    const kept = slashes.length % 2 ? slashes.slice(1) : slashes;
    return `${kept}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });

function escapeChunks(dir) {
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    const escaped = escapeNonAscii(text);
    if (escaped !== text) writeFileSync(`${dir}/${name}`, escaped);
  }
}
