/**
 * Every message of the app catalog must be translated in both languages, keep its placeholders, and
 * the catalog must hold exactly the messages in the sources (so no string is left unextracted).
 * The admin modules keep their own catalog and its own test.
 */
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPoCatalog, placeholders } from './catalogTesting.ts';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));
const LOCALES = ['en', 'zh'] as const;

const load = (locale: string) => loadPoCatalog(`${webRoot}src/locales/${locale}/messages.po`, locale);

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

test('every message in the sources is in the catalogs, and nothing else (lingui extract would change nothing)', async () => {
  const config = getConfig({ cwd: webRoot, configPath: `${webRoot}lingui.config.ts` });
  const app = (await getCatalogs(config)).find((c) => c.path.endsWith('/src/locales/{locale}/messages'));
  assert.ok(app, 'lingui.config.ts names the app catalog');
  const extracted = Object.keys((await app.collect()) ?? {}).sort();
  assert.ok(extracted.length > 50);
  for (const locale of LOCALES) {
    const ids = Object.keys(await load(locale)).sort();
    const missing = extracted.filter((id) => !ids.includes(id));
    const stale = ids.filter((id) => !extracted.includes(id));
    assert.equal(
      { missing, stale },
      { missing: [], stale: [] },
      `${locale}: run "npm run extract -w @clip/web"`,
    );
  }
});

test.run();
