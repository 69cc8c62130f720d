// @clip-databases sqlite postgres
/**
 * Wording (issue 33 item 21): a share read once says "1 view"; in Chinese the expiry unit for one day
 * is 天 and the explorer's list view is 列表, also after the admin's catalog was loaded (its "Day" is a
 * chart's date column, its "List" a storage test step); the admin file list says when a used-up
 * share will be removed (item 10).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; once: string; twice: string }>('wording');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  ctx.once = (await admin.pastes.create({ content: 'read once' })).slug;
  ctx.twice = (await admin.pastes.create({ content: 'read twice' })).slug;
  const read = (slug: string) => fetch(`${ctx.env.server.url}/api/paste/${slug}`).then((r) => r.text());
  await read(ctx.once);
  await read(ctx.twice);
  await read(ctx.twice);
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

test('the admin text view counts views in words that agree: 1 view, 2 views', async ({
  env,
  once,
  twice,
}) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/text-management');
  for (const [slug, words] of [
    [once, '1 view'],
    [twice, '2 views'],
  ]) {
    await page.getByRole('button', { name: `View ${slug}` }).click();
    const dialog = page.locator('dialog[data-dialog="paste-view"]');
    const line = dialog.getByText(/^Created .* · \d+ views?$/);
    await line.waitFor();
    assert.match((await line.textContent()) ?? '', new RegExp(` · ${words}$`));
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  }
  await context.close();
});

test('in Chinese, after the admin pages: one day is 天, the list view 列表', async ({ env }) => {
  const context = await env.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.getByRole('link', { name: '首页' }).first().click();
  // New shares default to never (ADR 0065): pick a unit to type an amount.
  await page.locator('select[name="expiryUnit"]').selectOption('days');
  await page.locator('input[name="expiryAmount"]').fill('1');
  assert.is(await page.locator('select[name="expiryUnit"] option[value="days"]').textContent(), '天');
  await page.getByRole('link', { name: '挂载浏览', exact: true }).first().click();
  await page.getByRole('button', { name: '列表', exact: true }).waitFor();
  assert.is(await page.getByRole('button', { name: '列出' }).count(), 0);
  await context.close();
});

test('the admin file list says when a used-up share will be removed (an hour after its last view)', async ({
  env,
}) => {
  const admin = await env.server.adminClient();
  const once = await admin.files.upload(new Blob(['one read']), { max_views: 1 }, { filename: 'once.txt' });
  await admin.files.upload(new Blob(['kept']), {}, { filename: 'kept.txt' });
  const viewed = await fetch(`${env.server.url}/api/public/files/${once.slug}`);
  assert.is(viewed.status, 200);
  const record = (await admin.files.list({})).items.find((f) => f.slug === once.slug);
  assert.ok(record?.removed_after, 'the API answers when');
  const fromNow = Date.parse(record.removed_after) - Date.now();
  assert.ok(fromNow > 3_500_000 && fromNow <= 3_600_000, `an hour after the last view (${fromNow} ms)`);
  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/file-management');
  const row = page.locator('[data-module="file-management"] tbody tr[data-row]', { hasText: 'once.txt' });
  await row.getByText('Used up').waitFor();
  assert.match(
    (await row.getByTestId('removed-after').textContent()) ?? '',
    /^removed after \d{4}-\d\d-\d\d \d\d:\d\d$/,
  );
  const kept = page.locator('[data-module="file-management"] tbody tr[data-row]', { hasText: 'kept.txt' });
  assert.is(await kept.getByTestId('removed-after').count(), 0);
  await context.close();
});

if (chromiumAvailable()) test.run();
