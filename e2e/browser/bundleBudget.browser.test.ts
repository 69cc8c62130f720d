/**
 * The JavaScript a visitor downloads before the home page shows stays within 200 KB gzipped; the
 * editor, highlighter and exporters are chunks of their own, fetched only when used.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureWebBuild, WEB_DIST } from './harness.ts';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const BUDGET = 200 * 1024;

test('initial JS for / is at most 200 KB gzipped, and heavy parts load on demand', () => {
  ensureWebBuild();
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const staticClosure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      staticClosure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const home = Object.keys(manifest).find((k) => k.endsWith('pages/home/HomePage.tsx'));
  assert.ok(entry && home, 'the manifest names the entry and the home page');
  const initial = staticClosure([entry, home]);
  const gz = (key: string) => gzipSync(readFileSync(join(WEB_DIST, manifest[key].file)), { level: 9 }).length;
  const total = [...initial].reduce((sum, key) => sum + gz(key), 0);
  console.log(`initial JS for / : ${(total / 1024).toFixed(1)} KB gzipped in ${initial.size} chunks`);
  assert.ok(total <= BUDGET, `initial JS is ${(total / 1024).toFixed(1)} KB gzipped`);
  for (const lazy of [
    'MarkdownEditor.tsx',
    'highlighter.ts',
    'exportDocx.ts',
    'exportPng.ts',
    'lib/markdown.ts',
  ]) {
    const key = Object.keys(manifest).find((k) => k.endsWith(lazy));
    assert.ok(key, `${lazy} is a chunk of its own`);
    assert.not.ok(initial.has(key as string), `${lazy} is not part of the initial download`);
    console.log(`  on demand: ${lazy} ${(gz(key as string) / 1024).toFixed(1)} KB gzipped`);
  }
});

test.run();
