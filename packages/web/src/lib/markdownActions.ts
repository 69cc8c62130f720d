/**
 * The Markdown toolbar's edits as pure functions over (text, selection): each answers the change to
 * apply and where the selection goes, so the editor only dispatches it.
 */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  /** Selection after the edit, in the new text. */
  anchor: number;
  head: number;
}

/** Wraps the selection (or a placeholder) in markers; unwraps when it is already wrapped. */
export function wrapSelection(
  text: string,
  from: number,
  to: number,
  before: string,
  after: string,
  placeholder: string,
): TextEdit {
  const selected = text.slice(from, to);
  if (
    from >= before.length &&
    text.slice(from - before.length, from) === before &&
    text.slice(to, to + after.length) === after
  )
    return {
      from: from - before.length,
      to: to + after.length,
      insert: selected,
      anchor: from - before.length,
      head: to - before.length,
    };
  const inner = selected || placeholder;
  return {
    from,
    to,
    insert: `${before}${inner}${after}`,
    anchor: from + before.length,
    head: from + before.length + inner.length,
  };
}

/** Prefixes every line the selection touches; `prefix` may depend on the line's index (numbered lists). */
export function prefixLines(
  text: string,
  from: number,
  to: number,
  prefix: (index: number) => string,
): TextEdit {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  let end = text.indexOf('\n', to);
  if (end === -1) end = text.length;
  const lines = text.slice(start, end).split('\n');
  const allPrefixed = lines.every((line, i) => line.startsWith(prefix(i)));
  const insert = lines
    .map((line, i) => (allPrefixed ? line.slice(prefix(i).length) : `${prefix(i)}${line}`))
    .join('\n');
  return { from: start, to: end, insert, anchor: start, head: start + insert.length };
}

/** Inserts a block (code fence, table, rule) on lines of its own. */
export function insertBlock(
  text: string,
  from: number,
  to: number,
  block: string,
  selectStart = 0,
  selectLength = 0,
): TextEdit {
  const needsLeadingBreak = from > 0 && text[from - 1] !== '\n';
  const needsTrailingBreak = to < text.length && text[to] !== '\n';
  const insert = `${needsLeadingBreak ? '\n' : ''}${block}${needsTrailingBreak ? '\n' : ''}`;
  const base = from + (needsLeadingBreak ? 1 : 0) + selectStart;
  return { from, to, insert, anchor: base, head: base + selectLength };
}

export function linkEdit(text: string, from: number, to: number, placeholder: string): TextEdit {
  const label = text.slice(from, to) || placeholder;
  const insert = `[${label}](https://)`;
  const urlStart = from + label.length + 3;
  return { from, to, insert, anchor: urlStart, head: urlStart + 'https://'.length };
}
