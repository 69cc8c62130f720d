/**
 * PNG export: the content is laid out as the reader would see it, then drawn by html-to-image.
 *
 * html-to-image clones the node it draws, with its computed position: the surface itself must sit at
 * the origin of its own box (static), so it is wrapped in an off-screen holder instead of being moved
 * off screen itself (a moved surface is drawn outside the picture, which came out blank).
 */
import { toPng } from 'html-to-image';
import { highlightCodeBlocks } from './highlight.ts';

/** A transparent 1x1 GIF: what an image that cannot be fetched is drawn as. */
const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export async function htmlToPng(html: string, className: string): Promise<string> {
  const holder = document.createElement('div');
  holder.className = 'export-holder';
  const surface = document.createElement('div');
  surface.className = `export-surface ${className}`;
  // Sanitised by the caller (renderMarkdown, or escaped plain text).
  surface.innerHTML = html;
  holder.append(surface);
  document.body.append(holder);
  try {
    await highlightCodeBlocks(surface);
    await dropBrokenImages(surface);
    const background = getComputedStyle(document.body).backgroundColor || '#ffffff';
    return await toPng(surface, {
      backgroundColor: background,
      pixelRatio: 2,
      imagePlaceholder: EMPTY_IMAGE,
      // An image that still fails while being embedded is left out, never the whole export.
      onImageErrorHandler: () => undefined,
    });
  } finally {
    holder.remove();
  }
}

/** Waits for the surface's images; one that cannot load is replaced by its alt text. */
async function dropBrokenImages(surface: HTMLElement): Promise<void> {
  const images = [...surface.querySelectorAll('img')];
  await Promise.all(
    images.map(async (img) => {
      const loaded = img.complete
        ? img.naturalWidth > 0
        : await new Promise<boolean>((resolve) => {
            img.addEventListener('load', () => resolve(true), { once: true });
            img.addEventListener('error', () => resolve(false), { once: true });
            setTimeout(() => resolve(img.naturalWidth > 0), 10_000);
          });
      if (!loaded) img.replaceWith(document.createTextNode(img.alt ? `[${img.alt}]` : ''));
    }),
  );
}
