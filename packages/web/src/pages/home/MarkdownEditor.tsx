/**
 * The Markdown editor: CodeMirror 6 with a toolbar and a live preview (marked + DOMPurify).
 * This module is its own chunk, loaded when the editor is first shown.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownLanguage } from '@codemirror/lang-markdown';
import { syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExt } from '@codemirror/view';
import { tagHighlighter, tags } from '@lezer/highlight';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { MarkdownView } from '../../components/MarkdownView.tsx';
import {
  insertBlock,
  linkEdit,
  prefixLines,
  type TextEdit,
  wrapSelection,
} from '../../lib/markdownActions.ts';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}

type Layout = 'split' | 'edit' | 'preview';

const editorTheme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg)', color: 'var(--text)', height: '100%' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--text)', padding: '0.6rem 0' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-scroller': { overflow: 'auto' },
  '&.cm-focused': { outline: 'none' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 30%, transparent) !important',
  },
  '.cm-placeholder': { color: 'var(--muted)' },
});

const markdownHighlighter = tagHighlighter([
  { tag: tags.heading, class: 'tok-heading' },
  { tag: tags.strong, class: 'tok-strong' },
  { tag: tags.emphasis, class: 'tok-emphasis' },
  { tag: tags.strikethrough, class: 'tok-strikethrough' },
  { tag: [tags.link, tags.url], class: 'tok-link' },
  { tag: tags.monospace, class: 'tok-monospace' },
  { tag: tags.quote, class: 'tok-quote' },
  {
    tag: [tags.processingInstruction, tags.meta, tags.punctuation, tags.contentSeparator],
    class: 'tok-mark',
  },
]);

export default function MarkdownEditor({ value, onChange, label, placeholder }: MarkdownEditorProps) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [layout, setLayout] = useState<Layout>('split');
  const preview = useDeferredValue(value);

  // Created once; later value changes from outside (import, clear, restore) are dispatched below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once with the first value
  useEffect(() => {
    if (!host.current) return;
    view.current = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdownLanguage,
          // Token classes styled in home.css with the theme's colours, so both themes keep contrast.
          syntaxHighlighting(markdownHighlighter),
          EditorView.lineWrapping,
          placeholderExt(placeholder),
          editorTheme,
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            'data-testid': 'markdown-input',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => view.current?.destroy();
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  function apply(edit: (text: string, from: number, to: number) => TextEdit) {
    const v = view.current;
    if (!v) return;
    const { from, to } = v.state.selection.main;
    const e = edit(v.state.doc.toString(), from, to);
    v.dispatch({
      changes: { from: e.from, to: e.to, insert: e.insert },
      selection: { anchor: e.anchor, head: e.head },
    });
    v.focus();
  }

  const tools: { label: string; text: ReactNode; run: () => void }[] = [
    {
      label: t`Bold`,
      text: 'B',
      run: () => apply((s, f, e) => wrapSelection(s, f, e, '**', '**', t`bold text`)),
    },
    {
      label: t`Italic`,
      text: 'I',
      run: () => apply((s, f, e) => wrapSelection(s, f, e, '*', '*', t`italic text`)),
    },
    {
      label: t`Strikethrough`,
      text: 'S',
      run: () => apply((s, f, e) => wrapSelection(s, f, e, '~~', '~~', t`text`)),
    },
    { label: t`Heading`, text: 'H', run: () => apply((s, f, e) => prefixLines(s, f, e, () => '## ')) },
    {
      label: t`Link`,
      text: <Icon name="link" size={16} />,
      run: () => apply((s, f, e) => linkEdit(s, f, e, t`link text`)),
    },
    {
      label: t`Inline code`,
      text: '`',
      run: () => apply((s, f, e) => wrapSelection(s, f, e, '`', '`', 'code')),
    },
    {
      label: t`Code block`,
      text: '{}',
      run: () =>
        apply((s, f, e) =>
          insertBlock(
            s,
            f,
            e,
            `\`\`\`\n${s.slice(f, e) || 'code'}\n\`\`\`\n`,
            4,
            (s.slice(f, e) || 'code').length,
          ),
        ),
    },
    { label: t`Quote`, text: '❝', run: () => apply((s, f, e) => prefixLines(s, f, e, () => '> ')) },
    { label: t`Bulleted list`, text: '•', run: () => apply((s, f, e) => prefixLines(s, f, e, () => '- ')) },
    {
      label: t`Numbered list`,
      text: '1.',
      run: () => apply((s, f, e) => prefixLines(s, f, e, (i) => `${i + 1}. `)),
    },
    { label: t`Task list`, text: '☐', run: () => apply((s, f, e) => prefixLines(s, f, e, () => '- [ ] ')) },
    {
      label: t`Table`,
      text: '▦',
      run: () =>
        apply((s, f, e) =>
          insertBlock(s, f, e, '| Column | Column |\n| --- | --- |\n| Cell | Cell |\n', 2, 6),
        ),
    },
    {
      label: t`Horizontal rule`,
      text: '―',
      run: () => apply((s, f, e) => insertBlock(s, f, e, '\n---\n', 5, 0)),
    },
  ];
  const layouts: { value: Layout; label: string }[] = [
    { value: 'edit', label: t`Write` },
    { value: 'split', label: t`Split` },
    { value: 'preview', label: t`Preview` },
  ];

  return (
    <div className={`md-editor layout-${layout}`}>
      <div className="md-toolbar" role="toolbar" aria-label={t`Formatting`}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="tool-button"
            onClick={tool.run}
            aria-label={tool.label}
            title={tool.label}
            disabled={layout === 'preview'}
          >
            <span aria-hidden="true">{tool.text}</span>
          </button>
        ))}
        <span className="toolbar-spacer" />
        <fieldset className="segmented">
          <legend className="visually-hidden">{t`Layout`}</legend>
          {layouts.map((l) => (
            <label key={l.value} className={layout === l.value ? 'active' : ''}>
              <input
                type="radio"
                name="md-layout"
                value={l.value}
                checked={layout === l.value}
                onChange={() => setLayout(l.value)}
              />
              {l.label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="md-panes">
        <div className="md-input" ref={host} hidden={layout === 'preview'} />
        {layout !== 'edit' && (
          <section className="md-preview" aria-label={t`Preview`} aria-live="off">
            {preview.trim() ? (
              <MarkdownView source={preview} />
            ) : (
              <p className="muted">{t`Nothing to preview yet.`}</p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
