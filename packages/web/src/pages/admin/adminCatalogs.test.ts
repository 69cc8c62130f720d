/**
 * The admin modules' own catalog (lingui.config.ts): every message translated in zh and en, with the
 * placeholders of its source. Sync with the sources is checked by i18n/catalogs.test.ts (lingui check sync).
 */
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPoCatalog, placeholders } from '../../i18n/catalogTesting.ts';

const dir = fileURLToPath(new URL('./locales/', import.meta.url));

const load = (locale: 'en' | 'zh') => loadPoCatalog(`${dir}${locale}/messages.po`, locale);

test('every admin message is translated in both languages', async () => {
  const [en, zh] = await Promise.all([load('en'), load('zh')]);
  assert.ok(Object.keys(en).length > 100, 'the admin catalog holds the module strings');
  assert.equal(Object.keys(zh).sort(), Object.keys(en).sort());
  const missing = Object.entries({ ...en, ...zh })
    .filter(([id]) => !en[id]?.translation?.trim() || !zh[id]?.translation?.trim())
    .map(([id, entry]) => entry.message ?? id);
  assert.equal(missing, [], `untranslated:\n${missing.join('\n')}`);
});

test('translations keep the placeholders of their source message', async () => {
  const [en, zh] = await Promise.all([load('en'), load('zh')]);
  for (const [id, entry] of Object.entries(en)) {
    const source = entry.message ?? id;
    assert.equal(placeholders(zh[id].translation ?? ''), placeholders(source), `placeholders of "${source}"`);
  }
});

test('Chinese translations are really Chinese where the source has words', async () => {
  const zh = await load('zh');
  const untranslated = Object.values(zh)
    .filter((e) => /[a-z]{4,}/.test((e.message ?? '').replace(/\{\w+\}/g, '')) && e.translation === e.message)
    .map((e) => e.message);
  assert.equal(untranslated, []);
});

// The two catalogs are merged into one at activation (i18n/catalogLoader.ts), the admin's last: a
// message both hold must mean the same in both, or the admin's wording replaces the app's everywhere
// (the expiry unit "Day" read 日期, the explorer's "List" 列出). Different meanings take a context.
test('a message both catalogs hold has the same translation in each', async () => {
  const app = fileURLToPath(new URL('../../locales/zh/messages.po', import.meta.url));
  const appZh = await loadPoCatalog(app, 'zh');
  const adminZh = await load('zh');
  const clashes = Object.entries(adminZh)
    .filter(([id, e]) => appZh[id] && appZh[id].translation !== e.translation)
    .map(([id, e]) => `${e.message ?? id}: ${appZh[id].translation} / ${e.translation}`);
  assert.equal(clashes, []);
});

test.run();
