// @clip-databases sqlite postgres
/**
 * Small things a new user meets (issue 15 item 12): unit names agree with their number, empty tables
 * say what to do, the admin reads Markdown rendered, QR codes keep a 4-module quiet zone, share pages
 * carry the share's name, the header does not shift between pages.
 */
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; fileKey: string; slug: string }>('everyday details');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.fileKey = (await ctx.env.server.keyClient({ file: true })).key;
  const admin = await ctx.env.server.adminClient();
  ctx.slug = (
    await admin.pastes.create({
      content: '# Big heading\n\nSome **bold** text.',
      format: 'markdown',
      title: 'Release notes',
    })
  ).slug;
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

test('an empty table offers what to do instead of "0–0 of 0"', async ({ env, fileKey }) => {
  const page = await env.open('/admin');
  await signInWithKey(page, fileKey);
  await page.goto('/admin/file-management');
  const cta = page.locator('[data-module="file-management"] [data-testid="empty-cta"]');
  await cta.waitFor();
  assert.is(await cta.textContent(), 'Upload a file');
  assert.is(await page.locator('.pagination').count(), 0, 'no pagination for nothing');
  assert.not.match((await page.locator('[data-module="file-management"]').textContent()) ?? '', /0–0 of 0/);
  await cta.click();
  await page.getByTestId('drop-zone').waitFor();
  await page.context().close();
});

test('the admin text view renders Markdown; the share page is titled with the share title', async ({
  env,
  slug,
}) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/text-management');
  await page.getByRole('button', { name: `View ${slug}` }).click();
  const content = page.locator('dialog[data-dialog="paste-view"] [data-testid="paste-content"]');
  await content.locator('h1', { hasText: 'Big heading' }).waitFor();
  assert.is(await content.locator('strong').textContent(), 'bold');
  assert.not.match((await content.textContent()) ?? '', /# Big heading|\*\*bold\*\*/);
  await context.close();

  const reader = await (await env.newContext()).newPage();
  await reader.goto(`/paste/${slug}`);
  await reader.waitForFunction(() => document.title.startsWith('Release notes'));
  await reader.context().close();
});

/** The quiet zone of a drawn QR code, in modules: blank pixels before the finder pattern over its module size. */
async function quietZoneModules(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const img = document.querySelector('img.qr-code') as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    const { data, width } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const dark = (x: number, y: number) => data[(y * width + x) * 4] < 128;
    // The first dark pixel on the diagonal is the finder pattern's corner; its row holds 7 dark modules.
    let start = 0;
    while (!dark(start, start)) start++;
    let run = 0;
    while (dark(start + run, start)) run++;
    return start / (run / 7);
  });
}

test('QR codes keep a quiet zone of 4 modules', async ({ env, slug }) => {
  const page = await env.open(`/paste/${slug}`);
  await page.getByRole('button', { name: 'QR code' }).click();
  await page.locator('img.qr-code').waitFor();
  const zone = await quietZoneModules(page);
  assert.ok(Math.abs(zone - 4) < 0.5, `quiet zone of ${zone} modules`);
  await page.context().close();
});

test('the header nav items stay in place from page to page', async ({ env }) => {
  const page = await env.open('/', { viewport: { width: 1280, height: 800 } });
  const positions = async () =>
    page
      .locator('.main-nav .nav-link')
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().x)));
  const home = await positions();
  for (const path of ['/upload', '/admin']) {
    await page.goto(path);
    await page.waitForSelector('.main-nav .nav-link.active');
    assert.equal(await positions(), home, `nav items on ${path} sit where they do on /`);
  }
  await page.context().close();
});

test('the expiry unit follows its number: 1 Day, 2 Days', async ({ env }) => {
  const page = await env.open('/admin');
  await signInAdmin(page);
  await page.goto('/');
  const unit = page.locator('select[name="expiryUnit"] option[value="days"]');
  // New shares default to never (ADR 0065): pick a unit to type an amount.
  await page.locator('select[name="expiryUnit"]').selectOption('days');
  await page.locator('input[name="expiryAmount"]').fill('1');
  assert.is(await unit.textContent(), 'Day');
  await page.locator('input[name="expiryAmount"]').fill('2');
  assert.is(await unit.textContent(), 'Days');
  await page.context().close();
});

if (chromiumAvailable()) test.run();
