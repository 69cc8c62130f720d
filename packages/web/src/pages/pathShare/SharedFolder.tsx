/**
 * A shared folder as its visitor browses it: breadcrumbs inside the share only, list or grid (the mount
 * explorer's EntryList), a preview of a file (`?preview=name`, the explorer's PreviewPane), a download per
 * file and the whole folder as a ZIP. Read-only: nothing here selects, edits or deletes. A large folder
 * shows its first page at once and the rest as it arrives (useShareListing).
 */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { Dialog } from '../admin/shared/Dialog.tsx';
import type { ViewMode } from '../mount/EntryList.tsx';
import { joinPath, type SortSpec } from '../mount/explorerModel.ts';
import { FolderContents } from '../mount/FolderContents.tsx';
import { PreviewPane } from '../mount/PreviewPane.tsx';
import { ShareBreadcrumbs } from './ShareBreadcrumbs.tsx';
import type { ShareLinks } from './shareLinks.ts';
import { useShareListing } from './useShareListing.ts';
import { ZipDownload } from './ZipDownload.tsx';

/** Folders first, then names, as the folder has always been shown to a visitor. */
const BY_NAME: SortSpec = { key: 'name', order: 'asc' };

export function SharedFolder({
  slug,
  rootName,
  path,
  token,
  links,
}: {
  slug: string;
  rootName: string;
  path: string;
  token: string;
  links: ShareLinks;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<ViewMode>('list');
  const { listing, error } = useShareListing(slug, path, token, attempt);
  // A new listing snapshot (a page arrived) is a new object: the view follows it.
  const items = useMemo(() => (listing ? listing.index.view(BY_NAME, '') : []), [listing]);

  const previewName = params.get('preview');
  const previewed = previewName ? (listing?.index.get(previewName) ?? null) : null;
  const open = (item: FsItem) => {
    if (item.type === 'folder') navigate(pathFor('path-share', { slug, path: joinPath(path, item.name) }));
    else setParams({ preview: item.name });
  };
  const zipName = `${path === '/' ? rootName : (path.split('/').pop() ?? rootName)}.zip`;

  return (
    <section className="shared-folder" aria-label={t`Shared folder`}>
      <ShareBreadcrumbs slug={slug} rootName={rootName} path={path} />
      <div className="toolbar">
        <ZipDownload url={links.link('zip', path)} filename={zipName} />
        {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form group */}
        <div className="segmented" role="group" aria-label={t`View`}>
          {(['list', 'grid'] as ViewMode[]).map((v) => (
            <button
              key={v}
              type="button"
              className="button small"
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {v === 'list' ? t`List` : t`Grid`}
            </button>
          ))}
        </div>
      </div>
      <FolderContents
        listing={listing}
        error={error}
        filter=""
        atRoot={false}
        canWrite={false}
        onRetry={() => setAttempt((n) => n + 1)}
        list={{
          items,
          view,
          thumbnailOf: links.thumbnailOf,
          selected: new Set(),
          selectable: false,
          onToggle: () => undefined,
          onSelectAll: () => undefined,
          onOpen: open,
          onDeleteSelection: () => undefined,
          label: t`Files in ${path === '/' ? rootName : path}`,
          rowActions: (item) =>
            item.type === 'folder' ? null : (
              <a
                className="button small"
                href={links.link('download', item.path)}
                download={item.name}
                aria-label={t`Download ${item.name}`}
              >
                {t`Download`}
              </a>
            ),
        }}
      />
      {previewName && (
        <Dialog
          title={previewName}
          name="preview"
          wide
          onClose={() => setParams({})}
          footer={
            previewed && (
              <a
                className="button primary"
                href={links.link('download', previewed.path)}
                download={previewed.name}
              >
                {t`Download`}
              </a>
            )
          }
        >
          <div className="preview-body">
            {previewed ? (
              <PreviewPane
                item={previewed}
                meta={links.meta(previewed)}
                source={links.source}
                onDownload={() => window.location.assign(links.link('download', previewed.path))}
              />
            ) : !listing?.complete ? (
              // A file of a page still to come is not missing yet.
              <p className="muted">{t`Loading…`}</p>
            ) : (
              <p className="muted" role="alert">{t`${previewName} is not in this folder.`}</p>
            )}
          </div>
        </Dialog>
      )}
    </section>
  );
}
