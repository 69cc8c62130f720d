/**
 * A path share as its visitor sees it (`/s/{slug}` and `/s/{slug}/{sub path}`): the gate (loading,
 * missing, gone, password), then a shared file (preview and download) or a read-only explorer of the
 * shared folder.
 */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { useDocumentTitle } from '../../shell/documentTitle.ts';
import { useCopyToast } from '../../shell/useCopyToast.ts';
import { PreviewPane } from '../mount/PreviewPane.tsx';
import { ShareGate } from '../share/ShareGate.tsx';
import { useShare } from '../share/useShare.ts';
import '../mount/explorer.css';
import '../share/share.css';
import './pathShare.css';
import { SharedFolder } from './SharedFolder.tsx';
import { type OpenedPathShare, openPathShare, unlockPathShare } from './shareAccess.ts';
import { shareLinks } from './shareLinks.ts';

/** The sub path after `/s/{slug}/`, decoded once; `/` for the share's root or an undecodable one. */
function pathInShare(splat: string | undefined): string {
  try {
    return `/${decodeURIComponent(splat ?? '')}`.replace(/\/+$/, '') || '/';
  } catch {
    return '/';
  }
}

export default function PathSharePage() {
  const { t } = useLingui();
  const { client } = useServices();
  const copy = useCopyToast();
  const params = useParams();
  const slug = params.slug ?? '';
  const path = pathInShare(params['*']);
  const gate = useShare<OpenedPathShare>({
    slug,
    load: () => openPathShare(client, slug),
    unlock: (password) => unlockPathShare(client, slug, password),
    deps: [client],
  });
  const opened = gate.state.kind === 'ready' ? gate.state.share : null;
  const links = useMemo(() => opened && shareLinks(client, slug, opened.token), [client, slug, opened]);
  useDocumentTitle(opened?.visit.name);

  if (!opened || !links)
    return (
      <ShareGate
        gate={gate}
        lockedText={t`This link is protected. Enter its password to open it.`}
        newShare={{ to: pathFor('home'), label: t`Go to the home page` }}
      />
    );
  const { visit } = opened;
  const file: FsItem = {
    name: visit.name,
    path: '/',
    type: 'file',
    size: null,
    modified: null,
    etag: null,
    mimetype: null,
    is_mount: false,
  };
  return (
    <article className="page share-view path-share" data-kind={visit.kind}>
      <header className="share-header">
        <div>
          <h1 data-testid="path-share-name">{visit.name}</h1>
          <p className="muted">
            {visit.kind === 'folder' ? t`A shared folder` : t`A shared file`}
            {visit.expires_at && ` · ${t`Available until ${new Date(visit.expires_at).toLocaleString()}`}`}
          </p>
        </div>
        <div className="actions">
          {visit.kind === 'file' && (
            <a className="button primary" href={links.link('download', '/')} download={visit.name}>
              {t`Download`}
            </a>
          )}
          <button type="button" className="button" onClick={() => copy(window.location.href, t`Link copied`)}>
            {t`Copy link`}
          </button>
        </div>
      </header>
      {visit.kind === 'folder' ? (
        <SharedFolder slug={slug} rootName={visit.name} path={path} token={opened.token} links={links} />
      ) : (
        <div className="card share-content">
          <PreviewPane
            item={file}
            meta={links.meta(file)}
            source={links.source}
            onDownload={() => window.location.assign(links.link('download', '/'))}
          />
        </div>
      )}
    </article>
  );
}
