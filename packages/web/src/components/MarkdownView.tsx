import { useEffect, useMemo, useRef } from 'react';
import { highlightCodeBlocks } from '../lib/highlight.ts';
import { renderMarkdown } from '../lib/markdown.ts';

/** Rendered, sanitised Markdown with highlighted code. */
export function MarkdownView({ source, id }: { source: string; id?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && html) void highlightCodeBlocks(ref.current);
  }, [html]);
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
