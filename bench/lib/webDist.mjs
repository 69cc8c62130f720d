// The built web app a browser benchmark measures. The web app's dist/ may be rebuilt by someone else
// while a benchmark runs, so the benchmark serves a private copy: the index.html it measures and the
// assets the server hands out then always belong to the same build.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { node24, ROOT } from './paths.mjs';

export const WEB_DIR = join(ROOT, 'packages/web');
export const WEB_DIST = join(WEB_DIR, 'dist');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/**
 * A private copy of the web app build. `fresh`: build the working tree with vite straight into the
 * copy (packages/web/dist is left alone); otherwise copy dist/, building it first when it is missing.
 * Answers { dir, source, remove() }.
 */
export function prepareWebBuild({ fresh = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'clip-bench-web-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (fresh) {
      process.stderr.write('  building the web app (vite) into a private directory\n');
      run(
        node24(),
        [
          join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--outDir',
          dir,
          '--emptyOutDir',
          '--logLevel',
          'warn',
        ],
        WEB_DIR,
      );
      // The same pre-compressed siblings `npm run build` writes, so the server can send them.
      run(node24(), [join(WEB_DIR, 'scripts/precompress.mjs'), dir], WEB_DIR);
      return { dir, source: 'a fresh `vite build` + precompress of packages/web (working tree)', remove };
    }
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      process.stderr.write('  packages/web/dist is missing: npm run build -w @clip/web\n');
      run('npm', ['run', 'build', '-w', '@clip/web'], ROOT);
    }
    cpSync(WEB_DIST, dir, { recursive: true });
    const builtAt = statSync(join(WEB_DIST, 'index.html')).mtime.toISOString();
    return { dir, source: `a copy of packages/web/dist (built ${builtAt})`, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
