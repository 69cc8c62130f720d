/** A plain CodeMirror 6 editor (the home page's editor family), its own chunk loaded on first edit. */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { lineEndingOf } from './explorerModel.ts';

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg)', color: 'var(--text)', height: '100%' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--surface)', color: 'var(--muted)', border: 'none' },
  '.cm-scroller': { overflow: 'auto' },
  '&.cm-focused': { outline: '2px solid var(--focus)' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
});

export default function CodeEditor({
  initial,
  label,
  onChange,
  onSave,
}: {
  initial: string;
  label: string;
  onChange(value: string): void;
  onSave(): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onSave });
  handlers.current = { onChange, onSave };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor owns its text after the first render.
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial,
        extensions: [
          // A CRLF file stays CRLF: the document joins its lines as the file did.
          EditorState.lineSeparator.of(lineEndingOf(initial)),
          lineNumbers(),
          history(),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                handlers.current.onSave();
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorView.lineWrapping,
          theme,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            // sliceDoc joins lines with the state's line separator (doc.toString() always uses \n).
            if (u.docChanged) handlers.current.onChange(u.state.sliceDoc());
          }),
        ],
      }),
    });
    return () => view.destroy();
  }, []);
  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
