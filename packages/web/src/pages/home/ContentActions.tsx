import { isMarkdownFilename, MAX_TEXT_BYTES_DEFAULT } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { copyHtml, copyText } from '../../lib/clipboard.ts';
import { downloadFile, fileStem } from '../../lib/download.ts';

interface Props {
  content: string;
  format: 'markdown' | 'text';
  onImport: (text: string, format: 'markdown' | 'text' | null) => void;
  onClear: () => void;
}

/** Copy as Markdown/HTML/plain text, export to Word or PNG, import a file, clear. */
export function ContentActions({ content, format, onImport, onClear }: Props) {
  const { t } = useLingui();
  const { toasts } = useServices();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const empty = content.trim() === '';

  async function run(name: string, action: () => Promise<void>, done: string) {
    setBusy(name);
    try {
      await action();
      toasts.show(done, { kind: 'success' });
    } catch {
      toasts.show(t`That did not work, try again`, { kind: 'error' });
    } finally {
      setBusy(null);
    }
  }

  // The Markdown renderer is a chunk of its own: loaded when a copy or export needs it.
  const html = async () =>
    format === 'markdown'
      ? (await import('../../lib/markdown.ts')).renderMarkdown(content)
      : `<pre>${escapeHtml(content)}</pre>`;
  const plain = async () =>
    format === 'markdown' ? (await import('../../lib/markdown.ts')).markdownToPlainText(content) : content;

  // Copies and exports: one at a time, each says when it is done; the slow exports say they are running.
  const actions: { name: string; label: string; busyLabel?: string; act(): Promise<void>; done: string }[] = [
    { name: 'md', label: t`Copy Markdown`, act: () => copyText(content), done: t`Copied as Markdown` },
    {
      name: 'html',
      label: t`Copy HTML`,
      act: async () => copyHtml(await html(), await plain()),
      done: t`Copied as HTML`,
    },
    {
      name: 'plain',
      label: t`Copy plain text`,
      act: async () => copyText(await plain()),
      done: t`Copied as plain text`,
    },
    {
      name: 'docx',
      label: t`Export Word`,
      busyLabel: t`Exporting…`,
      act: async () => {
        const { contentToDocx } = await import('../../lib/exportDocx.ts');
        downloadFile(await contentToDocx(content, format), `${fileStem(content)}.docx`);
      },
      done: t`Word document saved`,
    },
    {
      name: 'png',
      label: t`Export PNG`,
      busyLabel: t`Exporting…`,
      act: async () => {
        const { htmlToPng } = await import('../../lib/exportPng.ts');
        const png = await htmlToPng(await html(), format === 'markdown' ? 'markdown-body' : 'plain-export');
        downloadFile(png, `${fileStem(content)}.png`);
      },
      done: t`Image saved`,
    },
  ];

  async function importFile(file: File) {
    if (file.size > MAX_TEXT_BYTES_DEFAULT) {
      toasts.show(t`That file is too large to edit here`, { kind: 'error' });
      return;
    }
    const text = await file.text();
    onImport(text, isMarkdownFilename(file.name) ? 'markdown' : null);
    const name = file.name;
    toasts.show(t`Imported ${name}`, { kind: 'success' });
  }

  return (
    <fieldset className="content-actions plain-fieldset">
      <legend className="visually-hidden">{t`Content actions`}</legend>
      {actions.map((action) => (
        <button
          key={action.name}
          type="button"
          className="button small"
          disabled={empty || !!busy}
          onClick={() => run(action.name, action.act, action.done)}
        >
          {busy === action.name && action.busyLabel ? action.busyLabel : action.label}
        </button>
      ))}
      <button type="button" className="button small" onClick={() => fileInput.current?.click()}>
        {t`Import file`}
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".md,.markdown,.mdown,.mkd,.mdwn,.mdtxt,.mdtext,.rmd,.txt,.text,.log,.csv,.json,.yaml,.yml,.xml,.html,text/*"
        aria-label={t`Import file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <button type="button" className="button small danger" disabled={empty} onClick={onClear}>
        {t`Clear`}
      </button>
    </fieldset>
  );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
