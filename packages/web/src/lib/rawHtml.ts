/**
 * The raw HTML a Markdown text carries, filtered as a string before any parser sees it. DOMPurify
 * sanitises by parsing into a document, and a browser wires an inline handler (`onerror=`) to the
 * page's window as it parses one, whatever the document: so hostile markup must not get that far.
 * Only allowlisted tags with allowlisted attributes are rebuilt; every other tag is dropped (with
 * the content of script-like elements), every other `<` becomes text. DOMPurify still runs after.
 */

const ATTRIBUTES_ANYWHERE = ['title', 'lang', 'dir', 'class'];
const TAGS: Record<string, string[]> = {
  a: ['href', 'name'],
  abbr: [],
  b: [],
  bdi: [],
  bdo: [],
  blockquote: ['cite'],
  br: [],
  caption: [],
  cite: [],
  code: [],
  col: ['span'],
  colgroup: ['span'],
  dd: [],
  del: ['cite', 'datetime'],
  details: ['open'],
  dfn: [],
  div: ['align'],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: ['align'],
  h2: ['align'],
  h3: ['align'],
  h4: ['align'],
  h5: ['align'],
  h6: ['align'],
  hr: [],
  i: [],
  img: ['src', 'alt', 'width', 'height', 'align'],
  ins: ['cite', 'datetime'],
  kbd: [],
  li: ['value'],
  mark: [],
  ol: ['start', 'reversed', 'type'],
  p: ['align'],
  pre: [],
  q: ['cite'],
  rp: [],
  rt: [],
  ruby: [],
  s: [],
  samp: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colspan', 'rowspan', 'align'],
  tfoot: [],
  th: ['colspan', 'rowspan', 'align', 'scope'],
  thead: [],
  time: ['datetime'],
  tr: [],
  u: [],
  ul: [],
  var: [],
  wbr: [],
};
/** Elements whose content is no text for the reader: dropped whole with their tags. */
const DROPPED_WITH_CONTENT =
  /<(script|style|template|textarea|title|noscript|noembed|noframes|iframe|object|xmp|select)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
/** Links and images may point at the web, mail, a relative address or an anchor; images also at data: images. */
const SAFE_URL = /^(https?:|mailto:|[^:]*$|[^:]*[/?#])/i;
const SAFE_IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|avif);/i;

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

/** Escapes markup; entities the author wrote (`&amp;`, `&#169;`) stay as they were. */
const escapeMarkup = (s: string) =>
  s
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]*;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const codePoint = (n: number) => (n <= 0x10ffff ? String.fromCodePoint(n) : '');

/** Decodes the entities a scheme could hide behind (`jav&#x61;script:`) before the URL is judged. */
function decodedForCheck(value: string): string {
  return (
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => codePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec) => codePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip control characters in a scheme
      .replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  );
}

function safeUrl(tag: string, value: string): boolean {
  const plain = decodedForCheck(value);
  return SAFE_URL.test(plain) || (tag === 'img' && SAFE_IMAGE_DATA.test(plain));
}

function rebuiltTag(closing: boolean, tag: string, attributes: string, selfClosing: boolean): string {
  if (closing) return `</${tag}>`;
  const allowed = TAGS[tag] ?? [];
  let out = `<${tag}`;
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!allowed.includes(name) && !ATTRIBUTES_ANYWHERE.includes(name)) continue;
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (URL_ATTRIBUTES.has(name) && !safeUrl(tag, value)) continue;
    out +=
      m[2] === undefined && m[3] === undefined && m[4] === undefined
        ? ` ${name}`
        : ` ${name}="${escapeMarkup(value)}"`;
  }
  return `${out}${selfClosing ? ' /' : ''}>`;
}

export function filterRawHtml(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    out += escapeMarkup(source.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = m[2].toLowerCase();
    if (Object.hasOwn(TAGS, tag)) out += rebuiltTag(m[1] === '/', tag, m[3], m[4] === '/');
  }
  return out + escapeMarkup(source.slice(last));
}
