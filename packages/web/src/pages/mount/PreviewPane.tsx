/**
 * The preview of one file (also opened by the `?preview=name` deep link): image, video, audio, PDF,
 * text and code (highlighted), Markdown (sanitised), HTML in a sandboxed frame with an opaque origin
 * (no allow-same-origin: it cannot read our storage or cookies), Office through the third-party
 * viewers with a note, and "no preview" with a download for the rest.
 */
import type { FsGetResult, FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { readText } from '../../lib/api/mounts.ts';
import { highlightCodeBlocks } from '../../lib/highlight.ts';
import { previewKindOf } from './explorerModel.ts';

const MarkdownView = lazy(() =>
  import('../../components/MarkdownView.tsx').then((m) => ({ default: m.MarkdownView })),
);

const OFFICE_VIEWERS = {
  microsoft: (url: string) => `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(url)}`,
  google: (url: string) => `https://docs.google.com/viewer?url=${encodeURIComponent(url)}`,
};

/** Where a preview reads a text file and finds a link for the Office viewers: the mount's by default. */
export interface PreviewSource {
  readText(path: string, signal: AbortSignal): Promise<string>;
  officeUrl(path: string): Promise<string>;
}

function useMountSource(): PreviewSource {
  const { client } = useServices();
  return useMemo(
    () => ({
      readText: (path, signal) => readText(client, path, signal),
      officeUrl: async (path) =>
        new URL((await client.fs.fileLink(path, { expires_in: 3600 })).url, window.location.href).href,
    }),
    [client],
  );
}

export function PreviewPane({
  item,
  meta,
  onDownload,
  source,
}: {
  item: FsItem;
  meta: FsGetResult | null;
  onDownload(): void;
  /** A path share's reader reads through the share instead (pages/pathShare). */
  source?: PreviewSource;
}) {
  const { t } = useLingui();
  const mountSource = useMountSource();
  const from = source ?? mountSource;
  const kind = previewKindOf(item);
  const name = item.name;
  if (!meta) return <p className="muted">{t`Loading…`}</p>;
  const src = meta.preview_url ?? meta.download_url ?? '';
  switch (kind) {
    case 'image':
      return <img className="preview-image" src={src} alt={name} data-testid="preview-image" />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: stored files carry no caption track
        <video className="preview-media" src={src} controls preload="metadata" data-testid="preview-video" />
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: stored files carry no caption track
      return <audio src={src} controls preload="metadata" data-testid="preview-audio" />;
    case 'pdf':
      // Titled with the file's name (the frame is what a screen reader announces for the document).
      return <iframe className="preview-frame" src={src} title={name} data-testid="preview-pdf" />;
    case 'html':
      // The server renders it under a script-only CSP sandbox (an opaque origin); the frame's own sandbox
      // says the same. A srcdoc frame would inherit this page's CSP, where no inline script may run.
      if (meta.render_url)
        return (
          <iframe
            className="preview-frame"
            title={t`Preview of ${name}`}
            sandbox="allow-scripts"
            src={meta.render_url}
            data-testid="preview-html"
          />
        );
      return <TextualPreview path={item.path} kind="text" name={name} source={from} />;
    case 'text':
    case 'markdown':
      return <TextualPreview path={item.path} kind={kind} name={name} source={from} />;
    case 'office':
      return <OfficePreview path={item.path} source={from} />;
    default:
      return (
        <div className="preview-none" data-testid="preview-none">
          <p>{t`No preview for this type of file.`}</p>
          <button type="button" className="button primary" onClick={onDownload}>
            {t`Download`}
          </button>
        </div>
      );
  }
}

function TextualPreview({
  path,
  kind,
  name,
  source,
}: {
  path: string;
  kind: 'text' | 'markdown';
  name: string;
  source: PreviewSource;
}) {
  const { t } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    source
      .readText(path, controller.signal)
      .then(setText, (err) => !controller.signal.aborted && setFailed(errorMessage(err)));
    return () => controller.abort();
  }, [source, path]);
  if (failed) return <p className="muted" role="alert">{t`The preview could not be loaded: ${failed}`}</p>;
  if (text === null) return <p className="muted">{t`Loading…`}</p>;
  if (kind === 'markdown')
    return (
      <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
        <div data-testid="preview-markdown">
          <MarkdownView source={text} />
        </div>
      </Suspense>
    );
  return <CodePreview text={text} name={name} />;
}

function CodePreview({ text, name }: { text: string; name: string }) {
  const ref = useRef<HTMLElement>(null);
  const lang = useMemo(() => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? 'plaintext', [name]);
  useEffect(() => {
    const code = ref.current;
    if (!code) return;
    code.textContent = text;
    delete code.dataset.highlighted;
    if (code.parentElement) void highlightCodeBlocks(code.parentElement);
  }, [text]);
  return (
    <pre className="plain-text preview-text" data-testid="preview-text">
      <code ref={ref} className={`language-${lang}`} />
    </pre>
  );
}

function OfficePreview({ path, source }: { path: string; source: PreviewSource }) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    source.officeUrl(path).then(
      (url) => live && setUrl(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, path]);
  if (failed) return <p className="muted">{t`Office preview is not available for this file.`}</p>;
  if (!url) return <p className="muted">{t`Loading…`}</p>;
  return (
    <div className="preview-office" data-testid="preview-office">
      <p className="muted">
        {t`Office files open in a third-party viewer: a link to this file (valid for one hour) leaves this server.`}
      </p>
      <div className="actions">
        <a className="button" href={OFFICE_VIEWERS.microsoft(url)} target="_blank" rel="noopener noreferrer">
          {t`Microsoft Office viewer`}
        </a>
        <a className="button" href={OFFICE_VIEWERS.google(url)} target="_blank" rel="noopener noreferrer">
          {t`Google Docs viewer`}
        </a>
      </div>
    </div>
  );
}
