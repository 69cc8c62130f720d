/** Markdown to safe HTML: marked renders, DOMPurify removes anything that could run or track. */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true });
let purifierReady = false;

function purifier(): typeof DOMPurify {
  if (!purifierReady) {
    // Links leave the page in a new tab without handing it a reference to this one.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
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
    FORBID_TAGS: ['style', 'form'],
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
