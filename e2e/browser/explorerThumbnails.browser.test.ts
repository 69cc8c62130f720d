// @clip-databases sqlite postgres
/**
 * Grid thumbnails and the PDF preview's title in Chromium (issue 33 item 5), as a person meets them: the
 * grid of a folder of pictures shows each picture small (a WebP thumbnail, loaded lazily, never the
 * original), SVG and damaged pictures their type icon, the list no pictures at all; a path share's
 * visitor sees the same grid; a PDF's preview is titled with the file's name. Screenshots of the grid at
 * 1280 and 390 px, light and dark, go to a temp folder (`CLIP_SCREENSHOTS_DIR` to keep them).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localMount } from '@clip/server/testing';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv, waitUntil } from './harness.ts';

const OUT = process.env.CLIP_SCREENSHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'clip-thumbnails-'));
const test = suite<{ env: BrowserEnv; token: string; slug: string }>('explorer thumbnails');

/** Twelve pictures: more than one row of tiles at 1280 px and at 390 px. */
const PICTURES = Array.from({ length: 12 }, (_, i) => `photo-${String(i + 1).padStart(2, '0')}.png`);
const HUES = ['#d1495b', '#edae49', '#00798c', '#30638e', '#003d5b', '#66a182'];

function picture(i: number): Promise<Buffer> {
  const [w, h] = i % 3 === 0 ? [1200, 1600] : [1600, 1000];
  return sharp({ create: { width: w, height: h, channels: 3, background: HUES[i % HUES.length] } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="#fff" fill-opacity="0.7"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** A one-page PDF, offsets counted, that Chromium's viewer opens. */
function pdf(text: string): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 30 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 30 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.token = await ctx.env.server.adminToken();
  await localMount(ctx.env.server, { path: '/team' });
  const admin = await ctx.env.server.adminClient();
  await admin.fs.mkdir('/team/album', { create_parents: true });
  for (const [i, name] of PICTURES.entries())
    await admin.fs.upload('/team/album', new Blob([await picture(i)], { type: 'image/png' }), {
      filename: name,
    });
  await admin.fs.upload(
    '/team/album',
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'], { type: 'image/svg+xml' }),
    { filename: 'logo.svg' },
  );
  await admin.fs.upload('/team/album', new Blob(['not a picture'], { type: 'image/png' }), {
    filename: 'damaged.png',
  });
  await admin.fs.upload('/team/album', new Blob([pdf('Quarterly report')], { type: 'application/pdf' }), {
    filename: 'report.pdf',
  });
  ctx.slug = (await admin.pathShares.create({ path: '/team/album', slug: 'album' })).slug;
});
test.after(async (ctx) => ctx.env?.close());

/** The explorer in grid view, signed in as the admin, with every response the page received. */
async function grid(
  ctx: { env: BrowserEnv; token: string },
  options: Parameters<BrowserEnv['newContext']>[0],
) {
  const context = await ctx.env.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('admin_token', token);
    localStorage.setItem('clip-explorer-view', 'list');
    localStorage.setItem('clip-explorer-tasks-open', '0');
  }, ctx.token);
  await page.goto('/mount-explorer/team/album');
  await page.getByRole('link', { name: 'photo-01.png', exact: true }).waitFor();
  return { context, page, responses };
}

/** Waits until the picture has been decoded, and answers its natural size. */
async function loaded(page: Page, name: string): Promise<{ width: number; height: number }> {
  const img = page.getByRole('img', { name: `Thumbnail of ${name}` });
  await img.waitFor();
  const handle = await img.elementHandle();
  await page.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    handle,
  );
  return img.evaluate((el) => ({
    width: (el as HTMLImageElement).naturalWidth,
    height: (el as HTMLImageElement).naturalHeight,
  }));
}

test('the grid shows each picture as a small thumbnail, never the original', async (ctx) => {
  const { context, page, responses } = await grid(ctx, { viewport: { width: 1280, height: 800 } });
  // The list shows no pictures.
  assert.is(await page.getByRole('img', { name: /^Thumbnail of/ }).count(), 0);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  for (const name of ['photo-01.png', 'photo-02.png', 'photo-10.png', 'photo-12.png']) {
    const size = await loaded(page, name);
    assert.ok(Math.max(size.width, size.height) <= 256, `${name} is ${size.width}x${size.height}`);
    assert.is(await page.getByRole('img', { name: `Thumbnail of ${name}` }).getAttribute('loading'), 'lazy');
  }
  // The tiles are on more than one row, and each still opens its file by its name.
  const first = await page.getByRole('link', { name: 'photo-01.png', exact: true }).boundingBox();
  const last = await page.getByRole('link', { name: 'photo-12.png', exact: true }).boundingBox();
  assert.ok(first && last && last.y > first.y, 'the pictures fill more than one row');
  // What reached the browser: small WebPs from the thumbnail route, and no original picture at all.
  const thumbs = responses.filter((r) => new URL(r.url()).pathname === '/api/fs/thumbnail');
  assert.ok(thumbs.length >= 4, `${thumbs.length} thumbnails fetched`);
  for (const r of thumbs) {
    // The damaged picture is refused (and its tile falls back to the icon); every other is a picture.
    if (new URL(r.url()).searchParams.get('name') === 'damaged.png') {
      assert.is(r.status(), 415);
      continue;
    }
    assert.is(r.status(), 200);
    assert.is(r.headers()['content-type'], 'image/webp');
    assert.ok((await r.body()).length < 16 * 1024, `${r.url()} is small`);
  }
  assert.not.ok(
    responses.some((r) => /\/fs\/(download|preview)/.test(r.url())),
    'no original was downloaded for the grid',
  );
  // SVG and a damaged picture show their type icon, not a broken picture.
  await page.locator('[data-entry="damaged.png"] .file-icon').waitFor();
  assert.is(await page.getByRole('img', { name: 'Thumbnail of damaged.png' }).count(), 0);
  assert.is(await page.getByRole('img', { name: 'Thumbnail of logo.svg' }).count(), 0);
  assert.ok(await page.locator('[data-entry="logo.svg"] .file-icon').isVisible());
  // A thumbnail opens its picture's preview like the name does.
  await page.getByRole('img', { name: 'Thumbnail of photo-02.png' }).click();
  await dialog(page, 'preview').getByRole('heading', { name: 'photo-02.png' }).waitFor();
  await context.close();
});

for (const theme of ['light', 'dark'] as const)
  for (const width of [1280, 390])
    test(`the grid of pictures at ${width} px, ${theme}: a screenshot to look at`, async (ctx) => {
      const { context, page } = await grid(ctx, { viewport: { width, height: 800 }, colorScheme: theme });
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      for (const name of PICTURES.slice(0, width === 1280 ? 12 : 6)) await loaded(page, name);
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'fits the width',
      );
      await page.screenshot({ path: join(OUT, `explorer-grid-${width}-${theme}.png`) });
      await context.close();
    });

test("a path share's visitor sees the same thumbnails through the share", async (ctx) => {
  const page = await ctx.env.open(`/s/${ctx.slug}`, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('link', { name: 'photo-01.png', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  const size = await loaded(page, 'photo-03.png');
  assert.ok(Math.max(size.width, size.height) <= 256);
  const src = await page.getByRole('img', { name: 'Thumbnail of photo-03.png' }).getAttribute('src');
  assert.match(src ?? '', /\/api\/public\/s\/album\/thumbnail\?/);
  await loaded(page, 'photo-12.png');
  await page.screenshot({ path: join(OUT, 'path-share-grid-1280-light.png') });
  await page.context().close();
});

/** The PDF's preview: the dialog's heading, the frame's title and the viewer's own title name the file. */
async function assertPdfTitled(page: Page, name: string) {
  const preview = dialog(page, 'preview');
  await preview.getByRole('heading', { name, exact: true }).waitFor();
  const frame = preview.getByTitle(name, { exact: true });
  await frame.waitFor();
  assert.is(await frame.evaluate((el) => el.tagName), 'IFRAME');
  // Chromium's viewer shows the name the server gave the file (Content-Disposition) in its toolbar.
  await waitUntil(
    async () => {
      for (const f of page.frames())
        if (f.url().startsWith('chrome-extension://') && (await f.title().catch(() => '')) === name)
          return true;
      return false;
    },
    `the PDF viewer titled ${name}`,
    90_000,
  );
}

test('a PDF preview is titled with the file name, in the explorer and in a path share', async (ctx) => {
  const { context, page } = await grid(ctx, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('link', { name: 'report.pdf', exact: true }).click();
  await assertPdfTitled(page, 'report.pdf');
  await page.screenshot({ path: join(OUT, 'pdf-preview-1280.png') });
  await context.close();

  const visitor = await ctx.env.open(`/s/${ctx.slug}`, { viewport: { width: 390, height: 800 } });
  await visitor.getByRole('link', { name: 'report.pdf', exact: true }).click();
  await assertPdfTitled(visitor, 'report.pdf');
  await visitor.screenshot({ path: join(OUT, 'pdf-preview-share-390.png') });
  await visitor.context().close();
});

if (chromiumAvailable()) test.run();
