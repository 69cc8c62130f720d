// @clip-databases sqlite postgres
/**
 * The mount explorer as a new user meets it (issue 33 items 1–4): it shows its entries on a phone
 * and at 720 px, in list and grid; each row's menu draws above the rows below it, stays on screen
 * near the edges and works from the keyboard; the selection boxes, the row highlight, the count and
 * what "Delete selected" deletes are one state; the new-mount dialog picks the folder in the storage;
 * the text editor keeps CRLF (item 5); a deep link uses the styles it preloads (item 17).
 */
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, signInAdmin, toast } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; token: string }>('explorer everyday use');

const FILES = ['alpha.txt', 'bravo.txt', 'charlie.txt', 'delta.txt', 'echo.txt'];

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  ctx.token = await ctx.env.server.adminToken();
  const disk = await admin.storageConfigs.create({
    name: 'Team disk',
    provider_type: 'local',
    root_path: 'team',
  });
  await admin.mounts.create({
    name: 'Team files',
    mount_path: '/team',
    storage_type: 'local',
    storage_config_id: disk.id,
  });
  await admin.fs.mkdir('/team/photos');
  for (const name of FILES)
    await admin.fs.upload('/team', new Blob([`${name}\n`], { type: 'text/plain' }), { filename: name });
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

async function explorer(
  ctx: { env: BrowserEnv; token: string },
  options: Parameters<BrowserEnv['newContext']>[0],
) {
  const context = await ctx.env.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('admin_token', token);
    localStorage.setItem('clip-explorer-view', 'list');
  }, ctx.token);
  await page.goto('/mount-explorer/team');
  await page.getByRole('link', { name: 'echo.txt' }).waitFor();
  return { context, page };
}

const box = async (page: Page, name: string) => {
  const b = await page.getByRole('link', { name, exact: true }).boundingBox();
  assert.ok(b, `${name} is laid out`);
  return b;
};

for (const width of [390, 720]) {
  test(`at ${width} px the entries fill the width, in list and in grid`, async (ctx) => {
    const { context, page } = await explorer(ctx, { viewport: { width, height: 800 } });
    const list = page.getByRole('region', { name: 'Contents of /team' });
    const listBox = await list.boundingBox();
    assert.ok(listBox && listBox.width > width * 0.8, `the list is ${listBox?.width} px wide at ${width} px`);
    for (const name of ['alpha.txt', 'bravo.txt', 'echo.txt']) {
      const b = await box(page, name);
      assert.ok(b.width > 60, `${name} is readable (${b.width} px)`);
    }
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await page.locator('.entry.grid[data-entry="alpha.txt"]').waitFor();
    // The first two entries (the folder first) share the first row of tiles.
    const tiles = await Promise.all(['photos', 'alpha.txt'].map((n) => box(page, n)));
    assert.ok(tiles[1].x > tiles[0].x && tiles[1].y === tiles[0].y, 'tiles sit side by side');
    assert.ok(
      tiles.every((b) => b.x + b.width <= width),
      'tiles stay on screen',
    );
    await context.close();
  });
}

test('a row menu draws above the rows below it: its actions work on every row', async (ctx) => {
  const { context, page } = await explorer(ctx, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('button', { name: 'Actions for alpha.txt' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click({ timeout: 10_000 });
  const rename = dialog(page, 'name');
  assert.is(await rename.locator('input[name="name"]').inputValue(), 'alpha.txt');
  await rename.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Actions for bravo.txt' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click({ timeout: 10_000 });
  await dialog(page, 'confirm').getByRole('heading', { name: 'Delete bravo.txt?' }).waitFor();
  await dialog(page, 'confirm').getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

test('a row menu stays on screen at the bottom and right edges, and works from the keyboard', async (ctx) => {
  // A short phone screen, the last row scrolled to its bottom edge: the menu cannot open downwards.
  const { context, page } = await explorer(ctx, { viewport: { width: 390, height: 480 } });
  const opener = page.getByRole('button', { name: 'Actions for echo.txt' });
  await opener.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const b = await opener.boundingBox();
  assert.ok(b && b.y + b.height > 480 - 60, `the button is at the bottom of the screen (${b?.y})`);
  await opener.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions for echo.txt' });
  await menu.waitFor();
  const m = await menu.boundingBox();
  assert.ok(m, 'the menu is laid out');
  assert.ok(m.y + m.height <= b.y + 1, 'it opens above its button');
  assert.ok(m.y >= 0 && m.y + m.height <= 480, `the menu is on screen vertically (${m.y}+${m.height})`);
  assert.ok(m.x >= 0 && m.x + m.width <= 390, `the menu is on screen horizontally (${m.x}+${m.width})`);
  // The first item has the focus; arrows move, Escape closes and gives the focus back.
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Download');
  await page.keyboard.press('ArrowDown');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Direct link');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.is(
    await page.evaluate(() => document.activeElement?.textContent),
    'Delete',
    'up from the first wraps',
  );
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  assert.is(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    'Actions for echo.txt',
  );
  // Enter on an item runs it.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await dialog(page, 'file-link').waitFor();
  await context.close();
});

test('the boxes, the highlight, the count and what gets deleted are one state', async (ctx) => {
  const { context, page } = await explorer(ctx, { viewport: { width: 1280, height: 800 } });
  const box = (name: string) => page.getByRole('checkbox', { name: `Select ${name}` });
  const row = (name: string) => page.locator(`[data-entry="${name}"]`);
  const count = page.getByTestId('selection-count');
  const expectState = async (ticked: string[]) => {
    for (const name of FILES) {
      const on = ticked.includes(name);
      assert.is(await box(name).isChecked(), on, `${name}'s box is ${on ? 'ticked' : 'empty'}`);
      assert.is((await row(name).getAttribute('class'))?.includes('selected'), on, `${name}'s highlight`);
    }
    if (ticked.length > 0) assert.is(await count.textContent(), `${ticked.length} selected`);
  };
  // The bar above the list keeps its height when the selection's buttons appear: the rows do not
  // move under the pointer.
  const bar = page.locator('.explorer-bulk');
  const before = (await bar.boundingBox())?.height;
  const rowBefore = (await row('charlie.txt').boundingBox())?.y;
  await box('alpha.txt').click();
  await expectState(['alpha.txt']);
  assert.is((await bar.boundingBox())?.height, before, 'the bar keeps its height');
  assert.is((await row('charlie.txt').boundingBox())?.y, rowBefore, 'the rows stay where they were');
  await box('charlie.txt').click();
  await expectState(['alpha.txt', 'charlie.txt']);
  await box('delta.txt').click();
  await expectState(['alpha.txt', 'charlie.txt', 'delta.txt']);
  await box('alpha.txt').click();
  await expectState(['charlie.txt', 'delta.txt']);

  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = dialog(page, 'confirm');
  await confirm.getByRole('heading', { name: 'Delete 2 items?' }).waitFor();
  const body = (await confirm.textContent()) ?? '';
  assert.match(body, /charlie\.txt/);
  assert.match(body, /delta\.txt/);
  assert.not.match(body, /alpha\.txt/);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, /Deleted 2 items/);
  await row('charlie.txt').waitFor({ state: 'detached' });
  await row('delta.txt').waitFor({ state: 'detached' });
  assert.is(await row('alpha.txt').count(), 1, 'alpha.txt was not deleted');
  assert.is(await count.count(), 0, 'nothing is selected afterwards');
  await context.close();
});

test('a long selection is named in the confirmation by its first few and a count', async (ctx) => {
  const { context, page } = await explorer(ctx, { viewport: { width: 1280, height: 800 } });
  const admin = await ctx.env.server.adminClient();
  for (const name of ['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt', 'f5.txt', 'f6.txt'])
    await admin.fs.upload('/team', new Blob(['x'], { type: 'text/plain' }), { filename: name });
  await page.reload();
  await page.getByRole('link', { name: 'f6.txt' }).waitFor();
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = dialog(page, 'confirm');
  await confirm.waitFor();
  const body = (await confirm.textContent()) ?? '';
  assert.match(body, /alpha\.txt/);
  assert.match(body, /and \d+ more/);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

test('the new-mount dialog picks the folder inside the storage from a tree', async (ctx) => {
  const admin = await ctx.env.server.adminClient();
  const context = await ctx.env.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/mount-management');
  await page.getByRole('button', { name: 'New mount' }).click();
  const form = dialog(page, 'mount-form');
  await form.getByLabel('Name', { exact: true }).fill('Photos only');
  await form.getByLabel('Mount path').fill('/photos');
  await form.getByLabel('Storage config').selectOption({ label: 'Team disk' });
  const tree = form.getByRole('list', { name: 'Folders in the storage' });
  await tree.getByRole('button', { name: 'photos', exact: true }).click();
  assert.is(await form.getByLabel('Folder in the storage').inputValue(), 'photos');
  await form.getByRole('button', { name: 'Create' }).click();
  await toast(page, /Mount created/);
  const created = (await admin.mounts.list()).items.find((m) => m.mount_path === '/photos');
  assert.is(created?.root_prefix, 'photos');
  await context.close();
});

test('the text editor keeps a CRLF file CRLF', async (ctx) => {
  const admin = await ctx.env.server.adminClient();
  await admin.fs.upload('/team', new Blob(['one\r\ntwo\r\n'], { type: 'text/plain' }), {
    filename: 'windows.txt',
  });
  const { context, page } = await explorer(ctx, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('link', { name: 'windows.txt' }).waitFor();
  await page.getByRole('button', { name: 'Actions for windows.txt' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = dialog(page, 'text-edit');
  await editor.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('three');
  await page.keyboard.press('Enter');
  await page.keyboard.type('four');
  await editor.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Saved windows.txt/);
  const res = await fetch(`${ctx.env.server.url}/api/admin/fs/download?path=/team/windows.txt`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  assert.is(await res.text(), 'one\r\ntwo\r\nthree\r\nfour');
  await context.close();
});

test('a deep link uses what it preloads: no preload warnings in the console', async (ctx) => {
  const context = await ctx.env.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('admin_token', token), ctx.token);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/mount-explorer/team');
  await page.getByRole('link', { name: 'echo.txt' }).waitFor();
  // Every stylesheet the page asked for has loaded: a preload it did not use was warned about by then.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null),
  );
  const preloaded = await page.locator('link[rel="preload"][as="style"]').count();
  assert.ok(preloaded > 0, 'the deep link preloads its page styles');
  assert.equal(warnings, []);
  await context.close();
});

if (chromiumAvailable()) test.run();
