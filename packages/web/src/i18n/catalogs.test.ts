/**
 * Every message must be translated in both catalogs, keep its placeholders, and the catalogs must
 * match what `lingui extract` would write from the sources (so no string is left unextracted).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));
const LOCALES = ['en', 'zh'] as const;

async function load(locale: string) {
  const filename = `${webRoot}src/locales/${locale}/messages.po`;
  const catalog = await formatter().parse(readFileSync(filename, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename,
  });
  return Object.fromEntries(Object.entries(catalog).filter(([, entry]) => !entry.obsolete));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

test('no message is missing a translation in either catalog', async () => {
  const [en, zh] = await Promise.all(LOCALES.map(load));
  assert.ok(Object.keys(en).length > 50, 'the catalogs hold the app strings');
  assert.equal(Object.keys(zh).sort(), Object.keys(en).sort(), 'both catalogs list the same messages');
  const missing: string[] = [];
  for (const [locale, catalog] of [
    ['en', en],
    ['zh', zh],
  ] as const)
    for (const [id, entry] of Object.entries(catalog))
      if (!entry.translation?.trim()) missing.push(`${locale}: ${entry.message ?? id}`);
  assert.equal(missing, [], `untranslated:\n${missing.join('\n')}`);
});

test('translations keep the placeholders of their source message', async () => {
  const [en, zh] = await Promise.all(LOCALES.map(load));
  for (const [id, entry] of Object.entries(en)) {
    const source = entry.message ?? id;
    assert.equal(placeholders(zh[id].translation ?? ''), placeholders(source), `placeholders of "${source}"`);
  }
});

test('the catalogs are in sync with the sources (lingui check sync)', () => {
  const cli = createRequire(import.meta.url)
    .resolve('@lingui/cli')
    .replace(/index\.js$/, 'lingui.js');
  const run = spawnSync(process.execPath, [cli, 'check', 'sync', '--clean', '--workers', '1'], {
    cwd: webRoot,
    encoding: 'utf8',
  });
  assert.is(run.status, 0, `run "npx lingui extract --clean" in packages/web:\n${run.stdout}${run.stderr}`);
});

test.run();
