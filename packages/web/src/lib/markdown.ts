/**
 * Markdown to safe HTML: marked renders, its raw HTML filtered as a string first (rawHtml.ts: no parser
 * ever meets an inline handler), then DOMPurify removes anything that could run or track.
 * A share must not learn who reads it: no `style` attributes (CSS can fetch), no media that loads
 * by itself, and images from other origins arrive as placeholders (`img[data-remote-src]`, no `src`)
 * that MarkdownView turns into a "load" button: the reader opts in.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { filterRawHtml } from './rawHtml.ts';

// Raw HTML is filtered as text before DOMPurify parses anything (rawHtml.ts).
const marked = new Marked(
  { gfm: true, breaks: true },
  { renderer: { html: ({ text }) => filterRawHtml(text) } },
);
let purifierReady = false;

/** The attribute that holds a remote image's address until the reader asks for it. */
export const REMOTE_SRC_ATTR = 'data-remote-src';

/** True for an address on another origin (http, https or protocol-relative); data: and relative ones are local. */
export function isRemoteAddress(
  src: string,
  base = globalThis.location?.href ?? 'http://localhost/',
): boolean {
  try {
    const url = new URL(src.trim(), base);
    if (url.protocol === 'data:' || url.protocol === 'blob:') return false;
    return url.origin !== new URL(base).origin;
  } catch {
    return true;
  }
}

function purifier(): typeof DOMPurify {
  if (!purifierReady) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      // Links leave the page in a new tab without handing it a reference to this one.
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      // Only our own placeholders carry the attribute, never an author's.
      if (node.tagName !== 'IMG') node.removeAttribute(REMOTE_SRC_ATTR);
      const src = node.getAttribute('src');
      if (src === null) return;
      if (!isRemoteAddress(src)) return;
      node.removeAttribute('src');
      if (node.tagName === 'IMG') node.setAttribute(REMOTE_SRC_ATTR, src);
    });
    purifierReady = true;
  }
  return DOMPurify;
}

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'video', 'audio', 'source', 'track', 'picture'],
    FORBID_ATTR: ['style', 'srcset', 'background', 'poster', 'ping'],
  });
}

/** The text a reader sees, without markup (for "copy as plain text"). */
export function markdownToPlainText(source: string): string {
  const doc = new DOMParser().parseFromString(renderMarkdown(source), 'text/html');
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of doc.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr'))
    block.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** Lexes without rendering, for exporters that build their own document. */
export function markdownTokens(source: string) {
  return marked.lexer(source);
}
