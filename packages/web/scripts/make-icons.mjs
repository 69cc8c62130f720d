// Renders the SVG icons to the PNG sizes the manifest lists, with Debian's Chromium.
// Run by hand when the icon changes (node packages/web/scripts/make-icons.mjs); the PNGs are committed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [svg, sizes] of [
  ['icon.svg', [192, 512, 180]],
  ['maskable.svg', [512]],
]) {
  const markup = readFileSync(dir + svg, 'utf8');
  for (const size of sizes) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:transparent">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
    );
    const name =
      svg === 'maskable.svg'
        ? `maskable-${size}.png`
        : size === 180
          ? 'apple-touch-icon.png'
          : `icon-${size}.png`;
    await page.screenshot({
      path: dir + name,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  }
}
await browser.close();
