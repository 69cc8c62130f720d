import type { PublicFileView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { type PreviewKind, previewKind } from './previewKind.ts';
import './filePreview.css';

const MarkdownView = lazy(() =>
  import('../../components/MarkdownView.tsx').then((m) => ({ default: m.MarkdownView })),
);

/** The file shown in the page as its type allows; everything can still be downloaded. */
export function FilePreview({ file }: { file: PublicFileView }) {
  const { t } = useLingui();
  const kind: PreviewKind = previewKind(file.mimetype, file.filename, file.size);
  const name = file.filename;
  switch (kind) {
    case 'image':
      return <img className="file-preview-image" src={file.preview_url} alt={name} />;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: shared files carry no caption track
      return <video className="file-preview-media" src={file.preview_url} controls preload="metadata" />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: shared files carry no caption track
      return <audio src={file.preview_url} controls preload="metadata" />;
    case 'pdf':
      return <iframe className="file-preview-frame" src={file.preview_url} title={t`Preview of ${name}`} />;
    case 'markdown':
    case 'text':
      return <TextPreview url={file.preview_url} markdown={kind === 'markdown'} />;
    case 'office':
      return <OfficeLinks file={file} />;
    default:
      return <p className="muted">{t`No preview for this type of file. Download it to open it.`}</p>;
  }
}

function TextPreview({ url, markdown }: { url: string; markdown: boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // The signed preview link serves the bytes themselves, not an API envelope.
    fetch(url)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((body) => live && setText(body))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <p className="muted">{t`The preview could not be loaded.`}</p>;
  if (text === null) return <p className="muted">{t`Loading…`}</p>;
  if (!markdown)
    return (
      <pre className="plain-text file-preview-text" data-testid="file-text">
        {text}
      </pre>
    );
  return (
    <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
      <MarkdownView source={text} />
    </Suspense>
  );
}

function OfficeLinks({ file }: { file: PublicFileView }) {
  const { t } = useLingui();
  const { client } = useServices();
  const [links, setLinks] = useState<{ microsoft_url: string; google_url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // The office preview call carries the signature of the link the share view handed out.
    // (`by=owner` included: the owner's links are signed as the owner's.)
    const params = new URL(file.office_preview_url, window.location.href).searchParams;
    const by = params.get('by');
    const signature = { exp: params.get('exp') ?? '', sig: params.get('sig') ?? '', ...(by ? { by } : {}) };
    client.files.officePreview(file.slug, signature).then(
      (r) => live && setLinks(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, file]);
  if (failed) return <p className="muted">{t`Office preview is not available for this file.`}</p>;
  if (!links) return <p className="muted">{t`Loading…`}</p>;
  return (
    <div className="actions">
      <span className="muted">{t`Open in an online viewer:`}</span>
      <a className="button" href={links.microsoft_url} target="_blank" rel="noopener noreferrer">
        {t`Microsoft Office viewer`}
      </a>
      <a className="button" href={links.google_url} target="_blank" rel="noopener noreferrer">
        {t`Google Docs viewer`}
      </a>
    </div>
  );
}
