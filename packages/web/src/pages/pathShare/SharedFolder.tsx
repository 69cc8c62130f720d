/**
 * A shared folder as its visitor browses it: breadcrumbs inside the share only, list or grid (the mount
 * explorer's EntryList), a preview of a file (`?preview=name`, the explorer's PreviewPane), a download per
 * file and the whole folder as a ZIP. Read-only: nothing here selects, edits or deletes.
 */
import type { FsItem, FsListResult } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { EntryList, type ViewMode } from '../mount/EntryList.tsx';
import { joinPath, sortItems } from '../mount/explorerModel.ts';
import { PreviewPane } from '../mount/PreviewPane.tsx';
import { ShareBreadcrumbs } from './ShareBreadcrumbs.tsx';
import type { ShareLinks } from './shareLinks.ts';
import { ZipDownload } from './ZipDownload.tsx';

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
  const { client } = useServices();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [listing, setListing] = useState<FsListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<ViewMode>('list');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to list again
  useEffect(() => {
    let live = true;
    setListing(null);
    setError(null);
    (async () => {
      const first = await client.pathShares.listInside(slug, path, { token });
      const items = [...first.items];
      for (let cursor = first.next_cursor; cursor; ) {
        const page = await client.pathShares.listInside(slug, path, { token }, { cursor });
        items.push(...page.items);
        cursor = page.next_cursor;
      }
      return { ...first, items: sortItems(items, { key: 'name', order: 'asc' }), next_cursor: null };
    })().then(
      (l) => live && setListing(l),
      (err) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [client, slug, path, token, attempt]);

  const previewName = params.get('preview');
  const previewed = previewName ? (listing?.items.find((i) => i.name === previewName) ?? null) : null;
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
      {error ? (
        <div className="state error" role="alert">
          <p>{t`This folder could not be loaded: ${error}`}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t`Try again`}
          </button>
        </div>
      ) : listing === null ? (
        <p className="state muted" aria-busy="true">
          {t`Loading…`}
        </p>
      ) : listing.items.length === 0 ? (
        <p className="state muted">{t`This folder is empty.`}</p>
      ) : (
        <EntryList
          items={listing.items}
          view={view}
          thumbnailOf={links.thumbnailOf}
          selected={new Set()}
          selectable={false}
          onToggle={() => undefined}
          onSelectAll={() => undefined}
          onOpen={open}
          onDeleteSelection={() => undefined}
          label={t`Files in ${path === '/' ? rootName : path}`}
          rowActions={(item) =>
            item.type === 'folder' ? null : (
              <a
                className="button small"
                href={links.link('download', item.path)}
                download={item.name}
                aria-label={t`Download ${item.name}`}
              >
                {t`Download`}
              </a>
            )
          }
        />
      )}
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
            ) : listing === null ? (
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
