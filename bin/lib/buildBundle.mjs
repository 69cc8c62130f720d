// Builds one launcher bundle (bin/build-cli-bundle.mjs, bin/build-server-bundle.mjs): TypeScript source and
// the packages it names inlined by esbuild as ES modules, split at each lazy import() so code still loads
// when first needed. The result goes to a staging folder that replaces the old bundle whole (a process
// starting meanwhile sees the old bundle or the new one), with the stamp file `built` that the launchers
// compare source files against (bin/lib/bundle-current.sh).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/** @param {{ entry: string, outdir: string, external: string[] }} options */
export async function buildBundle({ entry, outdir, external }) {
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
    logLevel: 'warning',
    legalComments: 'none',
    // CommonJS packages' require() of Node built-ins and packages needs a real require in ES module output.
    banner: {
      js: "import { createRequire as __clipCreateRequire } from 'node:module'; const require = __clipCreateRequire(import.meta.url);",
    },
  });
  writeFileSync(`${staging}/built`, `${new Date().toISOString()}\n`);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
}
