import { ClipError, formatBytes, type UploadRequestInfo } from '@clip/sdk';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { ShareGate } from '../share/ShareGate.tsx';
import { useShare } from '../share/useShare.ts';
import { RequestDropZone } from './RequestDropZone.tsx';
import { RequestFileList } from './RequestFileList.tsx';
import { unfinishedUploads } from './requestMemory.ts';
import { useRequestUploads } from './useRequestUploads.ts';
import '../upload/upload.css';
import './request.css';

interface OpenRequest {
  info: UploadRequestInfo;
  token?: string;
}

/** An upload request as the person asked for files sees it (links.md, /r/{slug}): no account needed. */
export default function UploadRequestPage() {
  const { t } = useLingui();
  const { client } = useServices();
  const slug = useParams().slug ?? '';
  const gate = useShare<OpenRequest>({
    slug,
    load: async () => {
      try {
        return { info: await client.uploadRequests.info(slug) };
      } catch (err) {
        if (
          err instanceof ClipError &&
          (err.data as { requires_password?: boolean } | null)?.requires_password
        )
          return { requires_password: true as const };
        throw err;
      }
    },
    unlock: async (password) => {
      const { token } = await client.uploadRequests.verify(slug, password);
      return { info: await client.uploadRequests.info(slug, token), token };
    },
    deps: [client],
  });
  if (gate.state.kind !== 'ready')
    return (
      <ShareGate
        gate={gate}
        lockedText={t`This upload request is protected. Enter its password to send files.`}
        newShare={{ to: pathFor('home'), label: t`Go to the home page` }}
      />
    );
  return <OpenRequestView slug={slug} opened={gate.state.share} />;
}

function OpenRequestView({ slug, opened }: { slug: string; opened: OpenRequest }) {
  const { t, i18n } = useLingui();
  const { client } = useServices();
  const [info, setInfo] = useState(opened.info);
  const [uploader, setUploader] = useState('');
  const [unfinished, setUnfinished] = useState<{ name: string; size: number }[]>([]);
  const base = client.transport.baseUrl || window.location.origin;
  const link = new URL(`${base.replace(/\/+$/, '')}/r/${slug}`, window.location.href).href;
  const uploads = useRequestUploads({
    link,
    slug,
    info,
    shareToken: opened.token,
    uploader,
    onLanded: () => {
      void client.uploadRequests.info(slug, opened.token).then(setInfo, () => undefined);
      void unfinishedUploads(slug).then(setUnfinished);
    },
  });
  useEffect(() => {
    void unfinishedUploads(slug).then(setUnfinished);
  }, [slug]);

  const { limits, remaining } = info;
  const full = remaining.files === 0 || remaining.bytes === 0;
  const rules: string[] = [];
  if (limits.max_files !== null)
    rules.push(plural(limits.max_files, { one: 'up to # file', other: 'up to # files' }));
  if (limits.max_file_bytes !== null) rules.push(t`${formatBytes(limits.max_file_bytes)} per file`);
  if (limits.max_total_bytes !== null) rules.push(t`${formatBytes(limits.max_total_bytes)} in all`);
  if (limits.allowed_types.length > 0) rules.push(t`only ${limits.allowed_types.join(', ')}`);
  const left: string[] = [];
  if (remaining.files !== null)
    left.push(plural(remaining.files, { one: '# more file', other: '# more files' }));
  if (remaining.bytes !== null) left.push(t`${formatBytes(remaining.bytes)} more`);
  const pending = unfinished.filter(
    (u) => !uploads.items.some((i) => i.file.name === u.name && i.status === 'uploading'),
  );

  return (
    <section className="page narrow upload-request">
      <h1 data-testid="request-title">{info.title || t`Send files`}</h1>
      {info.message && <p className="request-message">{info.message}</p>}
      <section className="card request-rules" aria-label={t`What this request takes`}>
        <p>
          {rules.length > 0 ? t`This request takes ${rules.join(' · ')}.` : t`This request takes any files.`}
        </p>
        {left.length > 0 && (
          <p data-testid="request-remaining">
            <strong>{t`Still allowed: ${left.join(', ')}`}</strong>
          </p>
        )}
        {info.expires_at && (
          <p className="muted">
            {t`Open until ${i18n.date(new Date(info.expires_at), { dateStyle: 'medium', timeStyle: 'short' })}`}
          </p>
        )}
      </section>
      <label className="field">
        <span>{t`Your name (optional, shown to the person who asked)`}</span>
        <input
          value={uploader}
          maxLength={200}
          onChange={(e) => setUploader(e.target.value)}
          autoComplete="name"
        />
      </label>
      {full ? (
        <p className="card field-error" role="status">
          {t`This request has received all it takes.`}
        </p>
      ) : (
        <RequestDropZone onFiles={uploads.add} />
      )}
      {pending.length > 0 && (
        <div className="card request-unfinished" role="status">
          <p>{t`Unfinished uploads from before: add the same files again and they continue where they stopped.`}</p>
          <ul>
            {pending.map((u) => (
              <li key={`${u.name}-${u.size}`}>
                {u.name} <span className="muted">({formatBytes(u.size)})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RequestFileList items={uploads.items} onRetry={uploads.retry} onRemove={uploads.remove} />
    </section>
  );
}
