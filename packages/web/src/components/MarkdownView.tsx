import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import { highlightCodeBlocks } from '../lib/highlight.ts';
import { REMOTE_SRC_ATTR, renderMarkdown } from '../lib/markdown.ts';

function hostOf(src: string): string {
  try {
    return new URL(src, window.location.href).host;
  } catch {
    return src;
  }
}

/** Rendered, sanitised Markdown with highlighted code; remote images load only when the reader asks. */
export function MarkdownView({ source, id }: { source: string; id?: string }) {
  const { t } = useLingui();
  const html = useMemo(() => renderMarkdown(source), [source]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current || !html) return;
    void highlightCodeBlocks(ref.current);
    for (const img of ref.current.querySelectorAll<HTMLImageElement>(`img[${REMOTE_SRC_ATTR}]`)) {
      const src = img.getAttribute(REMOTE_SRC_ATTR) ?? '';
      const host = hostOf(src);
      const alt = img.alt;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'button small remote-image';
      button.textContent = alt
        ? t`Load remote image “${alt}” from ${host}`
        : t`Load remote image from ${host}`;
      button.addEventListener('click', () => {
        img.removeAttribute(REMOTE_SRC_ATTR);
        img.src = src;
        button.replaceWith(img);
      });
      img.replaceWith(button);
    }
  }, [html, t]);
  return (
    <div
      ref={ref}
      id={id}
      className="markdown-body"
      // Sanitised by DOMPurify in renderMarkdown.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised just above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
