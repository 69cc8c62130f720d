import { formatBytes, type PublicFileView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { useEncryptedFile } from '../../lib/e2e/useEncryptedFile.ts';
import { useCopyToast } from '../../shell/useCopyToast.ts';
import { EncryptedBadge } from '../share/EncryptedBadge.tsx';
import { ShareView } from '../share/ShareView.tsx';
import { useShare } from '../share/useShare.ts';
import { FilePreview } from './FilePreview.tsx';
import { useEncryptedFileView } from './useEncryptedFileView.tsx';

// Only the share's owner sees its activity: loaded when needed.
const ShareActivity = lazy(() =>
  import('../../components/activity/ShareActivity.tsx').then((m) => ({ default: m.ShareActivity })),
);

/** A file share as its reader sees it (spec section 2, /file/{slug}). */
export default function FileViewPage() {
  const { t } = useLingui();
  const { client, sharePrefetch } = useServices();
  const copy = useCopyToast();
  const slug = useParams().slug ?? '';
  const gate = useShare<PublicFileView>({
    slug,
    // Every read counts a view: the route's loader started the first read; a retry reads again.
    load: () => sharePrefetch.file.take(slug) ?? client.files.getPublic(slug),
    unlock: (pw) => client.files.verify(slug, pw),
    deps: [client, sharePrefetch],
  });
  const { hash } = useLocation();
  const shown = gate.state.kind === 'ready' ? gate.state.share : null;
  const encrypted = useEncryptedFile(shown, hash);
  const sealed = useEncryptedFileView(encrypted ?? { kind: 'checking' }, shown?.download_url ?? '');
  const copyLink = (
    <button type="button" className="button" onClick={() => copy(window.location.href, t`Link copied`)}>
      {t`Copy link`}
    </button>
  );
  // The server names the share's id only to its owner.
  const activity = shown?.id ? (
    <Suspense fallback={null}>
      <ShareActivity kind="file" shareId={shown.id} />
    </Suspense>
  ) : null;

  return (
    <ShareView
      gate={gate}
      lockedText={t`This file is protected. Enter its password to open it.`}
      newShare={{ to: pathFor('upload'), label: t`Upload a file` }}
      open={(file) =>
        encrypted
          ? {
              ...sealed,
              headingTestId: 'file-name',
              details: (
                <>
                  <EncryptedBadge />
                  {sealed.details}
                </>
              ),
              actions: (
                <>
                  {sealed.actions}
                  {copyLink}
                </>
              ),
              body: (
                <>
                  {sealed.body}
                  {activity}
                </>
              ),
            }
          : {
              title: file.filename,
              headingTestId: 'file-name',
              details: (
                <p className="muted share-remark">
                  {formatBytes(file.size)} · {file.mimetype}
                </p>
              ),
              actions: (
                <>
                  <a className="button primary" href={file.download_url} download={file.filename}>
                    {t`Download`}
                  </a>
                  {copyLink}
                </>
              ),
              body: (
                <>
                  <div className="card share-content file-preview" data-testid="file-preview">
                    <FilePreview file={file} />
                  </div>
                  {activity}
                </>
              ),
            }
      }
    />
  );
}
