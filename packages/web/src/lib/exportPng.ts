/** PNG export: the content is laid out off screen as the reader would see it, then drawn by html-to-image. */
import { toPng } from 'html-to-image';
import { highlightCodeBlocks } from './highlight.ts';

export async function htmlToPng(html: string, className: string): Promise<string> {
  const surface = document.createElement('div');
  surface.className = `export-surface ${className}`;
  // Sanitised by the caller (renderMarkdown, or escaped plain text).
  surface.innerHTML = html;
  document.body.append(surface);
  try {
    await highlightCodeBlocks(surface);
    const background = getComputedStyle(document.body).backgroundColor || '#ffffff';
    return await toPng(surface, { backgroundColor: background, pixelRatio: 2 });
  } finally {
    surface.remove();
  }
}
