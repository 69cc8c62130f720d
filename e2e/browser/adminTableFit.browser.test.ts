// @clip-databases sqlite
/**
 * The admin tables fit their screens (issue 33 item 15), measured in Chromium, in English and Chinese:
 * - at 1280x800 every column of the file table is on screen and the row actions lie over no other
 *   column; where the table is wider than its place (700 px) it says that it scrolls (a shadow on the
 *   side with more, a hint) and scrolling from the keyboard shows the rest;
 * - at 390x844 storage names, mount rows and masked API keys are never broken mid-word (they wrap
 *   where words end, or are cut with an ellipsis and carry the whole text in a title), and every row of
 *   the text table shows its state.
 * With CLIP_SCREENSHOTS=1 the screens are saved to docs/screenshots.
 */

import type { Locator, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rows, screenshot, signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('admin tables fit');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const { server } = ctx.env;
  const admin = await server.adminClient();
  for (const name of [
    'quarterly-financial-report-final-version-approved-by-the-board.xlsx',
    'presentation.pptx',
    'notes.txt',
  ])
    await admin.files.upload(
      new Blob(['x'.repeat(2048)]),
      { remark: 'a remark that is rather long for a table cell', expires_in: 72 },
      { filename: name },
    );
  const once = await admin.files.upload(new Blob(['once']), { max_views: 1 }, { filename: 'once.txt' });
  await server.client().files.getPublic(once.slug);

  await admin.pastes.create({ content: 'first', remark: 'a remark that is rather long for a table cell' });
  await admin.pastes.create({ content: 'second', expires_in: 24 });
  const read = await admin.pastes.create({ content: 'read once', max_views: 1 });
  await server.client().pastes.get(read.slug);

  const archive = await admin.storageConfigs.create({
    name: 'Team archive storage',
    provider_type: 'local',
    root_path: 'team-archive-storage-on-the-second-disk',
  });
  await admin.storageConfigs.create({
    name: 'Offsite backups',
    provider_type: 'local',
    root_path: 'offsite',
  });
  await admin.mounts.create({
    name: 'Team files',
    mount_path: '/team',
    storage_type: 'local',
    storage_config_id: archive.id,
    remark: 'Shared documents of the whole team',
  });
  await admin.mounts.create({
    name: 'Archive',
    mount_path: '/archive',
    storage_type: 'local',
    storage_config_id: archive.id,
  });
  for (const name of ['Deploy bot for the website', 'Backups'])
    await admin.apiKeys.create({
      name,
      text_permission: true,
      file_permission: true,
      mount_permission: false,
      basic_path: '/',
    });
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'zh-CN', lang: 'zh' },
] as const;

async function adminPage(env: BrowserEnv, width: number, height: number, locale: string): Promise<Page> {
  const context = await env.newContext({ viewport: { width, height }, locale });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

/** Opens a module and waits until its table shows `n` rows. */
async function openTable(page: Page, module: string, n: number): Promise<Locator> {
  await page.goto(`/admin/${module}`);
  const table = page.locator(`[data-module="${module}"]`).getByRole('table');
  await page.waitForFunction(
    ([m, count]) => document.querySelectorAll(`[data-module="${m}"] tbody tr[data-row]`).length === count,
    [module, n] as const,
  );
  return table;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, 'laid out');
  return box;
}

/**
 * Where the text of an element breaks onto a new line inside a word: the characters either side of
 * each line break, measured per character. Breaks after spaces, hyphens, slashes, dots, underscores
 * and between CJK characters are where a reader expects them. An element cut with an ellipsis (its
 * whole text in its title) never breaks.
 */
function midWordBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap') {
      return el.getAttribute('title') === el.textContent
        ? []
        : ['an ellipsis without the whole text as title'];
    }
    // `first`: the first character of a text node (the end of one element and the start of the next,
    // e.g. a name and the line under it, are not one word).
    const chars: { ch: string; top: number; first: boolean }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        const top = rect && rect.width > 0 ? rect.top : (chars.at(-1)?.top ?? 0);
        chars.push({ ch: rect && rect.width > 0 ? text[i] : ' ', top, first: i === 0 });
      }
    }
    const cjk = /\p{Script=Han}|[\u3000-\u303f\uff00-\uffef]/u;
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i++) {
      const before = chars[i - 1];
      const after = chars[i];
      if (after.first || after.top - before.top < 4) continue;
      if (/[\s\-/_.·,:]/.test(before.ch) || /\s/.test(after.ch)) continue;
      if (cjk.test(before.ch) || cjk.test(after.ch)) continue;
      breaks.push(
        `${chars
          .slice(Math.max(0, i - 8), i)
          .map((c) => c.ch)
          .join('')}|${chars
          .slice(i, i + 8)
          .map((c) => c.ch)
          .join('')}`,
      );
    }
    return breaks;
  });
}

async function expectWholeWords(locators: Locator, what: string): Promise<number> {
  const n = await locators.count();
  for (let i = 0; i < n; i++) {
    const el = locators.nth(i);
    const breaks = await midWordBreaks(el);
    assert.equal(breaks, [], `${what} "${await el.textContent()}" breaks mid-word at ${breaks.join(', ')}`);
  }
  return n;
}

/** The file table's column headers, and those not (wholly) inside its scroller's visible part. */
async function columnsOutOfSight(page: Page): Promise<{ headers: Locator; count: number; hidden: string[] }> {
  const table = page.locator('[data-module="file-management"]').getByRole('table');
  const wrap = await boxOf(page.locator('[data-module="file-management"] .table-wrap'));
  const headers = table.getByRole('columnheader');
  const count = await headers.count();
  const hidden: string[] = [];
  for (let i = 0; i < count; i++) {
    const box = await boxOf(headers.nth(i));
    if (!inside({ ...box, y: wrap.y, height: 1 }, wrap))
      hidden.push((await headers.nth(i).textContent()) ?? '');
  }
  return { headers, count, hidden };
}

/** In every row of the table, no two cells (the actions included) lie over each other. */
async function expectNoCellOverlaps(table: Locator): Promise<void> {
  const tableRows = table.getByRole('row');
  const rowCount = await tableRows.count();
  assert.ok(rowCount > 4, 'a header row and the data rows');
  for (let r = 0; r < rowCount; r++) {
    const cells = tableRows.nth(r).locator('td, th');
    const boxes: Box[] = [];
    for (let c = 0; c < (await cells.count()); c++) boxes.push(await boxOf(cells.nth(c)));
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++)
        assert.not.ok(overlaps(boxes[a], boxes[b]), `row ${r}: cells ${a} and ${b} overlap`);
  }
}

const HINT = /scroll it sideways|左右滚动/;

for (const { locale, lang } of LANGUAGES) {
  test(`1280x800 (${lang}): every column of the file table is on screen; the actions cover nothing`, async ({
    env,
  }) => {
    const page = await adminPage(env, 1280, 800, locale);
    const table = await openTable(page, 'file-management', 4);
    const { count, hidden } = await columnsOutOfSight(page);
    assert.ok(count >= 8, `the file table has its columns (${count})`);
    assert.equal(hidden, [], 'no column out of sight');
    assert.is(await page.getByText(HINT).count(), 0, 'no scroll hint when all fits');
    await expectNoCellOverlaps(table);
    // English at 1280 and 390 px: adminLayout.browser.test.ts.
    if (lang === 'zh') await screenshot(page, 'admin-file-management-1280-zh');
    await page.context().close();
  });

  test(`700 px (${lang}): a file table wider than its place says it scrolls, and scrolling shows the rest`, async ({
    env,
  }) => {
    const page = await adminPage(env, 700, 800, locale);
    const table = await openTable(page, 'file-management', 4);
    const { headers, count, hidden } = await columnsOutOfSight(page);
    assert.ok(hidden.length > 0, 'at 700 px the file table is wider than its container');
    await page.getByText(HINT).waitFor();
    const frame = page.locator('[data-module="file-management"] .table-frame');
    assert.is(await frame.getAttribute('data-scroll-end'), 'true', 'a shadow on the side with more');
    await expectNoCellOverlaps(table);
    // The scroller takes the keyboard focus and scrolls with the arrow keys, as a person would.
    const scroller = page.locator('[data-module="file-management"] .table-wrap');
    await scroller.focus();
    for (let i = 0; i < 40 && (await frame.getAttribute('data-scroll-end')); i++)
      await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        !document
          .querySelector('[data-module="file-management"] .table-frame')
          ?.hasAttribute('data-scroll-end'),
    );
    assert.is(await frame.getAttribute('data-scroll-start'), 'true', 'the shadow moves to the other side');
    const wrap = await boxOf(scroller);
    const last = await boxOf(headers.nth(count - 1));
    assert.ok(inside({ ...last, y: wrap.y, height: 1 }, wrap), 'scrolled, the last column is on screen');
    await page.context().close();
  });

  test(`390x844 (${lang}): names, mount rows and masked keys are never broken mid-word; text rows show their state`, async ({
    env,
  }) => {
    const page = await adminPage(env, 390, 844, locale);
    const viewport = { x: 0, y: 0, width: 390, height: 1_000_000 };

    await openTable(page, 'storage-config', 3);
    const names = await expectWholeWords(
      page.locator('[data-module="storage-config"] tbody tr[data-row] .cell-main'),
      'storage name',
    );
    assert.is(names, 3);
    await expectWholeWords(
      page.locator('[data-module="storage-config"] tbody tr[data-row] .cell-sub'),
      'storage folder',
    );
    const archive = page.getByRole('row', { name: /Team archive storage/ });
    assert.ok(inside(await boxOf(archive), viewport), 'the storage row fits the screen');
    await screenshot(page, `admin-storage-config-390-${lang}`);

    await openTable(page, 'mount-management', 2);
    const mountCells = page.locator(
      '[data-module="mount-management"] tbody tr[data-row] td:not(.row-actions)',
    );
    assert.ok((await expectWholeWords(mountCells, 'mount cell')) >= 10, 'every cell of both mounts');
    for (const name of ['Team files', 'Archive']) {
      const row = page.getByRole('row', { name: new RegExp(name) });
      assert.ok(inside(await boxOf(row), viewport), `${name}: the whole row is on screen`);
      // Each cell of the row lies inside it, none over another: nothing is scrolled away or covered.
      const cells = row.getByRole('cell');
      for (let c = 0; c < (await cells.count()); c++)
        assert.ok(inside(await boxOf(cells.nth(c)), viewport), `${name}: cell ${c} on screen`);
    }
    // English: explorerScreenshots.browser.test.ts.
    if (lang === 'zh') await screenshot(page, 'admin-mount-management-390-zh');

    await openTable(page, 'key-management', 2);
    const masks = page.locator('[data-module="key-management"] tbody tr[data-row] .cell-sub.mono');
    assert.is(await expectWholeWords(masks, 'masked key'), 2);
    await expectWholeWords(
      page.locator('[data-module="key-management"] tbody tr[data-row] .cell-main'),
      'key name',
    );
    for (let i = 0; i < 2; i++) {
      const mask = masks.nth(i);
      const lineHeight = await mask.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      assert.ok((await boxOf(mask)).height <= lineHeight + 1, 'a masked key is one line');
    }
    await screenshot(page, `admin-key-management-390-${lang}`);

    const texts = await openTable(page, 'text-management', 3);
    const states = { en: /^(Active|Used up|Expired)$/, zh: /^(有效|已用完|已过期)$/ }[lang];
    const textRows = rows(page, 'text-management');
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const badge = textRows.nth(i).locator('.badge').filter({ hasText: states }).first();
      assert.ok(inside(await boxOf(badge), viewport), `text row ${i}: its state is on screen`);
      assert.ok(
        inside(await boxOf(badge), await boxOf(texts)),
        `text row ${i}: its state lies inside the table`,
      );
      seen.push((await badge.textContent()) ?? '');
    }
    assert.equal(
      seen.sort(),
      (lang === 'en' ? ['Active', 'Active', 'Used up'] : ['已用完', '有效', '有效']).sort(),
      'two active shares and the one read once',
    );
    if (lang === 'zh') await screenshot(page, 'admin-text-management-390-zh');
    await page.context().close();
  });
}

if (chromiumAvailable()) test.run();
