// @clip-databases sqlite postgres
/**
 * The admin modules fit the window: at a laptop width (1280 px) and a phone width (390 px) the page
 * never scrolls sideways; a wide table scrolls inside its own container. With CLIP_SCREENSHOTS=1 the
 * file and text tables are saved to docs/screenshots at both widths.
 */

import { ADMIN_MODULES } from '@clip/web/navigation';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { screenshot, signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('admin layout');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  // Long names, remarks and MIME types: what made the tables overflow.
  for (const [name, type] of [
    [
      'quarterly-financial-report-final-version-approved-by-the-board.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['presentation.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['notes.txt', 'text/plain'],
  ] as const)
    await admin.files.upload(
      new Blob(['x'.repeat(2048)], { type }),
      { remark: 'a remark that is rather long for a table cell' },
      { filename: name },
    );
  for (let i = 0; i < 3; i++)
    await admin.pastes.create({
      content: `# Heading ${i}\n\nA paragraph with a long unbroken word: ${'abcdefghij'.repeat(12)}`,
      format: 'markdown',
      remark: 'a remark that is rather long for a table cell',
    });
  await admin.apiKeys.create({
    name: 'a key with a fairly long descriptive name',
    text_permission: true,
    file_permission: true,
    mount_permission: false,
    basic_path: '/',
  });
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const overflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));

for (const width of [1280, 390]) {
  test(`at ${width} px no admin module scrolls the page sideways`, async ({ env }) => {
    const context = await env.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAdmin(page);
    for (const module of ADMIN_MODULES) {
      await page.goto(`/admin/${module}`);
      // Every module names itself in a heading (mount management has no data-module until it is built).
      await page.waitForSelector('.admin-module h1');
      if (module === 'file-management' || module === 'text-management' || module === 'key-management')
        await page.waitForSelector(`[data-module="${module}"] tbody tr[data-row]`);
      const { scrollWidth, innerWidth } = await overflow(page);
      assert.ok(
        scrollWidth <= innerWidth,
        `${module} at ${width} px: page is ${scrollWidth} px wide in ${innerWidth}`,
      );
      if (module === 'file-management' || module === 'text-management') {
        // Every row's actions stay reachable: inside the table's own scroller.
        const wrap = page.locator(`[data-module="${module}"] .table-wrap`);
        const box = await wrap.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= innerWidth + 0.5,
          `${module}: the table container fits`,
        );
        // The row actions stay on screen (sticky at the container's right edge).
        const action = page
          .locator(`[data-module="${module}"] tbody tr[data-row] td.row-actions button`)
          .last();
        const actionBox = await action.boundingBox();
        assert.ok(
          actionBox && actionBox.x + actionBox.width <= innerWidth,
          `${module}: row actions on screen`,
        );
        await screenshot(page, `admin-${module}-${width}`);
      }
    }
    await context.close();
  });
}

test('MIME types do not wrap letter by letter at 1280 px', async ({ env }) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/file-management');
  const mime = page.locator('[data-module="file-management"] tbody tr[data-row] .cell-sub', {
    hasText: 'presentationml',
  });
  await mime.first().waitFor();
  const box = await mime.first().boundingBox();
  assert.ok(box && box.width > 120, `the MIME type keeps a readable width (${box?.width} px)`);
  // One size formatter, binary units labelled as such (the file page says the same).
  const size = page.locator('[data-module="file-management"] tbody tr[data-row] td.num').first();
  assert.is((await size.textContent())?.trim(), '2.00 KiB');
  await context.close();
});

test('field hints and errors describe their control instead of sitting in its label', async ({ env }) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/key-management');
  await page.getByRole('button', { name: 'New API key' }).click();
  const d = page.locator('dialog[data-dialog="key-form"]');
  await d.getByRole('button', { name: 'Create key' }).click();
  await d.getByText('The key needs a name').waitFor();
  const name = d.locator('input[name="name"]');
  // The accessible name is the label alone; the error is its description.
  assert.is(await d.getByRole('textbox', { name: 'Name', exact: true }).count(), 1, 'named "Name" only');
  const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
  assert.ok(describedBy, 'the input is described');
  const description = await page.evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  assert.match(description, /The key needs a name/);
  assert.is(
    await d.locator('label .field-error, label .field-hint').count(),
    0,
    'no hint or error inside a label',
  );
  await context.close();
});

if (chromiumAvailable()) test.run();
