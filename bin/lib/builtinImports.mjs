// An esbuild plugin for the CLI bundle: an ES import of a Node built-in takes the module from
// process.getBuiltinModule() and reads only the names the importing file asks for. Node answers an ES
// import of a built-in with a facade that reads every export once, which runs the module's lazy
// getters: `node:process` creates the stdio streams and loads process.report and worker_threads,
// `node:fs` loads its streams, `node:crypto` webcrypto, `node:util` parseArgs and its diff. Measured on
// `clip ls` (docs/performance.md). A namespace import (`* as`) or an unusual form keeps Node's import.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const escapeRegExp = (s) => s.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
const sources = new Map();

/**
 * The names a file's import statements take from `specifier` (a default import needs none: the shim
 * always exports the module as default), or null when one of its imports is of a form this does not
 * read (a namespace import, a re-export).
 */
function importedNames(file, specifier) {
  if (!sources.has(file)) sources.set(file, readFileSync(file, 'utf8'));
  const source = sources.get(file);
  const from = `from\\s*['"]${escapeRegExp(specifier)}['"]`;
  if (new RegExp(`export\\s[^;]*?${from}`).test(source)) return null;
  const names = new Set();
  for (const [, clause] of source.matchAll(new RegExp(`import\\s+([^;'"]*?)\\s*${from}`, 'g'))) {
    if (/^type\s/.test(clause)) continue;
    const m = /^(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?$/.exec(clause.trim());
    if (!m) return null;
    for (const part of (m[2] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s.*$/, '')
        .split(/\s+as\s+/)[0];
      if (name && name !== 'default') names.add(name);
    }
  }
  return [...names].sort();
}

/** @type {import('esbuild').Plugin} */
export const builtinImports = {
  name: 'builtin-imports',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !builtins.has(args.path) || !args.importer) return undefined;
      const wanted = importedNames(args.importer, args.path);
      if (!wanted) return undefined;
      const id = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
      // One shim per importing file: a shim shared by files of different chunks became a chunk of its
      // own (three of the 18 files `clip ls` loaded), and each file costs the ES loader a resolution.
      return {
        path: `${id}?${wanted.join(',')}?${relative(root, args.importer)}`,
        namespace: 'builtin-import',
      };
    });
    build.onLoad({ filter: /.*/, namespace: 'builtin-import' }, (args) => {
      const [id, list] = args.path.split('?');
      const names = list ? list.split(',') : [];
      return {
        contents: [
          `const m = process.getBuiltinModule(${JSON.stringify(id)});`,
          'export default m;',
          ...names.map((n) => `export const ${n} = m.${n};`),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};
