/**
 * The mount explorer (spec section 2): browse mounts and folders, act on files, preview them, and
 * follow transfers in the task manager. The route's guard (app/guards.ts) already keeps an API key
 * inside its basic path; here actions a key may not do are hidden, not just refused by the server.
 */
import { type FsGetResult, type FsItem, type FsListResult, isPathWithin } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../components/Icon.tsx';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { useConfirm } from '../admin/shared/confirm.tsx';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';
import { CopyDialog, LinkDialog, NameDialog } from './dialogs.tsx';
import { droppedFiles } from './dropFiles.ts';
import { EntryList, type EntryListProps, type ViewMode } from './EntryList.tsx';
import {
  crumbs,
  filterItems,
  isEditable,
  joinPath,
  parentPath,
  type SortKey,
  type SortSpec,
  selectWithClick,
  sortItems,
} from './explorerModel.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { TaskPanel } from './TaskPanel.tsx';
import { TextEditDialog } from './TextEditDialog.tsx';
import { uploadFiles } from './transfers.ts';
import '../admin/admin.css';
import './explorer.css';

const VIEW_KEY = 'clip-explorer-view';
const TASKS_KEY = 'clip-explorer-tasks-open';

type Open =
  | { kind: 'mkdir' }
  | { kind: 'rename'; item: FsItem }
  | { kind: 'link'; item: FsItem }
  | { kind: 'copy'; names: string[] }
  | { kind: 'edit'; item: FsItem }
  | null;

function pathFromSplat(splat: string | undefined): string {
  try {
    return `/${decodeURIComponent(splat ?? '')}`.replace(/\/+$/, '') || '/';
  } catch {
    return '/';
  }
}

export default function MountExplorerPage() {
  useSignals();
  const { t } = useLingui();
  const { client, auth, listingPrefetch } = useServices();
  const feedback = useFeedback();
  const { confirm, confirmHost } = useConfirm();
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const path = pathFromSplat(params['*']);
  const previewName = search.get('preview');
  const authType = auth.state.value.authType;
  const permissions = auth.permissions.value;
  const basicPath = auth.userInfo.value.basicPath;
  const mayBrowse = authType === 'admin' || (authType === 'apikey' && permissions.mount);

  const [listing, setListing] = useState<FsListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const refreshNext = useRef(false);
  const loadedPath = useRef<string | null>(null);
  const [view, setView] = useState<ViewMode>(() =>
    localStorage.getItem(VIEW_KEY) === 'grid' ? 'grid' : 'list',
  );
  const [sort, setSort] = useState<SortSpec>({ key: 'name', order: 'asc' });
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [tasksOpen, setTasksOpen] = useState(() => localStorage.getItem(TASKS_KEY) === '1');
  const [taskRefresh, setTaskRefresh] = useState(0);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const api = client.fs;
  // Known from the session alone, so the toolbar keeps its shape while the folder loads.
  const mayWriteHere = mayBrowse && path !== '/' && (authType === 'admin' || isPathWithin(basicPath, path));
  const showWriteTools = mayWriteHere && !listing?.is_virtual;
  const canWrite = mayWriteHere && listing !== null && !listing.is_virtual;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a new read.
  useEffect(() => {
    if (!mayBrowse) return;
    const controller = new AbortController();
    const refresh = refreshNext.current;
    refreshNext.current = false;
    setLoading(true);
    // The route's loader may have started this folder's listing: take it on arrival only (a reload
    // after a change must read again).
    const arriving = loadedPath.current !== path;
    loadedPath.current = path;
    const started = arriving && !refresh ? listingPrefetch.take(path) : undefined;
    (started ?? api.listAll(path, { refresh, signal: controller.signal })).then(
      (r) => {
        setListing(r);
        setError(null);
        setLoading(false);
      },
      (err) => {
        if (controller.signal.aborted) return;
        setListing(null);
        setError(errorMessage(err));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [api, path, reloadKey, mayBrowse]);

  // A new folder starts with nothing selected and no filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the folder matters.
  useEffect(() => {
    setSelected(new Set());
    setAnchor(null);
    setFilter('');
  }, [path]);

  const reload = (refresh = false) => {
    refreshNext.current = refresh;
    setReloadKey((k) => k + 1);
  };

  const items = useMemo(
    () => (listing ? sortItems(filterItems(listing.items, filter), sort) : []),
    [listing, filter, sort],
  );
  const order = useMemo(() => items.map((i) => i.name), [items]);
  const previewItem = previewName ? (listing?.items.find((i) => i.name === previewName) ?? null) : null;

  const goTo = (target: string) => navigate(pathFor('mount-explorer', { path: target }));
  const openItem = (item: FsItem) => {
    if (item.type === 'folder') goTo(joinPath(path, item.name));
    else setSearch({ preview: item.name });
  };
  const closePreview = () => setSearch({}, { replace: false });

  async function download(item: FsItem) {
    try {
      const meta = await api.get(item.path);
      const link = document.createElement('a');
      link.href = meta.download_url ?? '';
      link.download = item.name;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (err) {
      feedback.fail(t`Could not download ${item.name}`, err);
    }
  }

  async function removeItems(names: string[]) {
    if (names.length === 0) return;
    const first = names[0];
    const count = names.length;
    const ok = await confirm({
      title: count === 1 ? t`Delete ${first}?` : t`Delete ${count} items?`,
      body: t`Folders are deleted with everything inside them. This cannot be undone.`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!ok) return;
    try {
      if (count === 1) await api.remove(joinPath(path, first));
      else {
        const result = await api.batchRemove(names.map((n) => joinPath(path, n)));
        if (result.failed.length > 0) {
          const failedCount = result.failed.length;
          feedback.fail(t`${failedCount} items could not be deleted`, new Error(result.failed[0].error));
        }
      }
      feedback.ok(count === 1 ? t`Deleted ${first}` : t`Deleted ${count} items`);
      setSelected(new Set());
    } catch (err) {
      feedback.fail(t`Could not delete`, err);
    }
    reload();
  }

  async function mkdir(name: string): Promise<boolean> {
    try {
      await api.mkdir(joinPath(path, name));
      feedback.ok(t`Folder ${name} created`);
      reload();
      return true;
    } catch (err) {
      feedback.fail(t`Could not create the folder`, err);
      return false;
    }
  }

  async function rename(item: FsItem, name: string): Promise<boolean> {
    if (name === item.name) return true;
    try {
      await api.rename(item.path, joinPath(path, name));
      feedback.ok(t`Renamed to ${name}`);
      reload();
      return true;
    } catch (err) {
      feedback.fail(t`Could not rename ${item.name}`, err);
      return false;
    }
  }

  async function copy(names: string[], target: string, skipExisting: boolean) {
    try {
      const items = names.map((n) => ({ sourcePath: joinPath(path, n), targetPath: joinPath(target, n) }));
      const result = await api.batchCopy({ items, skipExisting });
      if ('task_id' in result) {
        feedback.ok(t`Copy started; follow it in the task manager`);
        setTasksOpen(true);
        localStorage.setItem(TASKS_KEY, '1');
        setTaskRefresh((k) => k + 1);
      } else if ('copied' in result) {
        const copied = result.copied;
        feedback.ok(t`Copied ${copied} items`);
      } else {
        // The server cannot reach a storage: this browser moves the bytes (the spec's client-side copy).
        const report = await api.copy(items, { clientSide: true, skipExisting });
        const copied = report.copied;
        if (report.failed.length) feedback.fail(t`Could not copy`, new Error(report.failed[0].error));
        else feedback.ok(t`Copied ${copied} items`);
      }
      setOpen(null);
      setSelected(new Set());
      reload();
    } catch (err) {
      feedback.fail(t`Could not copy`, err);
    }
  }

  async function upload(entries: { folder: string; file: File }[]) {
    if (entries.length === 0) return;
    setTasksOpen(true);
    localStorage.setItem(TASKS_KEY, '1');
    await uploadFiles(client, entries, () => reload());
    reload();
  }

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!canWrite) return;
    const files = await droppedFiles(e.dataTransfer);
    await upload(files.map(({ file, dir }) => ({ file, folder: dir ? joinPath(path, dir) : path })));
  };

  const rowActions = (item: FsItem) => (
    <details className="row-menu">
      <summary className="icon-button" aria-label={t`Actions for ${item.name}`}>
        ⋯
      </summary>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: closes the menu once one of its buttons ran */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keyboard */}
      <div
        className="row-menu-items"
        onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}
      >
        {item.type !== 'folder' && (
          <>
            <button type="button" onClick={() => void download(item)}>
              {t`Download`}
            </button>
            <button type="button" onClick={() => setOpen({ kind: 'link', item })}>
              {t`Direct link`}
            </button>
          </>
        )}
        {canWrite && isEditable(item) && (
          <button type="button" onClick={() => setOpen({ kind: 'edit', item })}>
            {t`Edit`}
          </button>
        )}
        {canWrite && !item.is_mount && (
          <>
            <button type="button" onClick={() => setOpen({ kind: 'rename', item })}>
              {t`Rename`}
            </button>
            <button type="button" className="danger" onClick={() => void removeItems([item.name])}>
              {t`Delete`}
            </button>
          </>
        )}
      </div>
    </details>
  );

  const listProps: EntryListProps = {
    items,
    view,
    selected,
    selectable: canWrite,
    label: t`Contents of ${path}`,
    onToggle: (name, shift) => {
      setSelected((s) => selectWithClick(order, s, anchor, name, shift));
      setAnchor(name);
    },
    onSelectAll: () => setSelected(new Set(order)),
    onOpen: openItem,
    onDeleteSelection: () => void removeItems([...selected]),
    rowActions,
  };

  if (!mayBrowse)
    return (
      <section className="page explorer" data-testid="explorer" data-path={path}>
        <h1>{t`Mount explorer`}</h1>
        <p className="muted" data-testid="explorer-signin">
          {authType === 'none'
            ? t`Sign in with an admin account or an API key with mount permission to browse storage.`
            : t`This API key has no mount permission.`}
        </p>
        {authType === 'none' && (
          <Link className="button primary" to={pathFor('admin')}>
            {t`Sign in`}
          </Link>
        )}
      </section>
    );

  const sortLabels: Record<SortKey, string> = { name: t`Name`, size: t`Size`, modified: t`Modified` };
  const allSelected = order.length > 0 && order.every((n) => selected.has(n));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole page is the drop target; Upload is the keyboard way.
    <section
      className={`page explorer${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        if (!canWrite) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => void onDrop(e)}
      data-testid="explorer"
      data-path={path}
    >
      <h1 className="visually-hidden">{t`Mount explorer`}</h1>
      <div className="explorer-head">
        <nav aria-label={t`Breadcrumbs`} className="breadcrumbs">
          <ol>
            {crumbs(path).map((c, i, all) => (
              <li key={c.path}>
                {i === all.length - 1 ? (
                  <span aria-current="page">{c.path === '/' ? t`All mounts` : c.name}</span>
                ) : (
                  <Link to={pathFor('mount-explorer', { path: c.path })}>
                    {c.path === '/' ? t`All mounts` : c.name}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="toolbar explorer-toolbar">
          {path !== '/' && (
            <button type="button" className="button" onClick={() => goTo(parentPath(path))}>
              {t`Up`}
            </button>
          )}
          {showWriteTools && (
            <>
              <button
                type="button"
                className="button primary"
                disabled={!canWrite}
                onClick={() => fileInput.current?.click()}
              >
                <Icon name="upload" size={16} />
                {t`Upload`}
              </button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                data-testid="upload-input"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  void upload(files.map((file) => ({ file, folder: path })));
                }}
              />
              <button
                type="button"
                className="button"
                disabled={!canWrite}
                onClick={() => setOpen({ kind: 'mkdir' })}
              >
                <Icon name="plus" size={16} />
                {t`New folder`}
              </button>
            </>
          )}
          <button type="button" className="button" onClick={() => reload(true)} disabled={loading}>
            <Icon name="refresh" size={16} />
            {t`Refresh`}
          </button>
          <span className="spacer" />
          <input
            type="search"
            className="explorer-filter"
            placeholder={t`Filter this folder`}
            aria-label={t`Filter this folder`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <select
            aria-label={t`Sort by`}
            value={`${sort.key}:${sort.order}`}
            onChange={(e) => {
              const [key, ord] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
              setSort({ key, order: ord });
            }}
          >
            {(['name', 'size', 'modified'] as SortKey[]).flatMap((k) => [
              <option key={`${k}:asc`} value={`${k}:asc`}>
                {sortLabels[k]} ↑
              </option>,
              <option key={`${k}:desc`} value={`${k}:desc`}>
                {sortLabels[k]} ↓
              </option>,
            ])}
          </select>
          {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form group */}
          <div className="segmented" role="group" aria-label={t`View`}>
            {(['list', 'grid'] as ViewMode[]).map((v) => (
              <button
                key={v}
                type="button"
                className="button small"
                aria-pressed={view === v}
                onClick={() => {
                  setView(v);
                  localStorage.setItem(VIEW_KEY, v);
                }}
              >
                {v === 'list' ? t`List` : t`Grid`}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="button"
            aria-pressed={tasksOpen}
            onClick={() => {
              setTasksOpen(!tasksOpen);
              localStorage.setItem(TASKS_KEY, tasksOpen ? '0' : '1');
            }}
          >
            {t`Tasks`}
          </button>
        </div>
        {showWriteTools && (
          <div className="bulk-bar explorer-bulk" aria-live="polite">
            <label className="check-field">
              <input
                type="checkbox"
                disabled={items.length === 0}
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(order))}
              />
              {t`Select all`}
            </label>
            {selected.size > 0 && (
              <>
                <span data-testid="selection-count">{t`${selected.size} selected`}</span>
                <button
                  type="button"
                  className="button small"
                  onClick={() => setOpen({ kind: 'copy', names: [...selected] })}
                >
                  {t`Copy to…`}
                </button>
                <button
                  type="button"
                  className="button small danger"
                  onClick={() => void removeItems([...selected])}
                >
                  {t`Delete selected`}
                </button>
                <button type="button" className="button small" onClick={() => setSelected(new Set())}>
                  {t`Clear selection`}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <div className="explorer-body">
        <div className="explorer-main">
          {error ? (
            <div className="state error" role="alert" data-testid="explorer-error">
              <p>{t`This folder could not be loaded: ${error}`}</p>
              <button type="button" className="button" onClick={() => reload(true)}>
                {t`Try again`}
              </button>
            </div>
          ) : listing === null ? (
            <p className="state muted" aria-busy="true">
              {t`Loading…`}
            </p>
          ) : items.length === 0 ? (
            <p className="state muted" data-testid="explorer-empty">
              {filter
                ? t`Nothing here matches "${filter}".`
                : path === '/'
                  ? t`No mounts yet. An administrator adds them under Admin > Mount management.`
                  : canWrite
                    ? t`This folder is empty. Drop files here or use Upload.`
                    : t`This folder is empty.`}
            </p>
          ) : (
            <EntryList {...listProps} />
          )}
          {dragging && <div className="drop-hint">{t`Drop files or folders to upload them here`}</div>}
        </div>
        {tasksOpen && (
          <TaskPanel
            refreshKey={taskRefresh}
            onClose={() => {
              setTasksOpen(false);
              localStorage.setItem(TASKS_KEY, '0');
            }}
          />
        )}
      </div>
      {previewName && (
        <PreviewDialog
          name={previewName}
          item={previewItem}
          loading={listing === null && !error}
          onClose={closePreview}
          onDownload={(item) => void download(item)}
          onLink={(item) => setOpen({ kind: 'link', item })}
          onEdit={canWrite ? (item) => setOpen({ kind: 'edit', item }) : undefined}
        />
      )}
      {open?.kind === 'mkdir' && (
        <NameDialog
          title={t`New folder`}
          initial=""
          submitLabel={t`Create`}
          onClose={() => setOpen(null)}
          onSubmit={mkdir}
        />
      )}
      {open?.kind === 'rename' && (
        <NameDialog
          title={t`Rename ${open.item.name}`}
          initial={open.item.name}
          submitLabel={t`Rename`}
          onClose={() => setOpen(null)}
          onSubmit={(name) => rename(open.item, name)}
        />
      )}
      {open?.kind === 'link' && (
        <LinkDialog path={open.item.path} name={open.item.name} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'copy' && (
        <CopyDialog
          count={open.names.length}
          onClose={() => setOpen(null)}
          onCopy={(target, skip) => copy(open.names, target, skip)}
        />
      )}
      {open?.kind === 'edit' && (
        <TextEditDialog item={open.item} onClose={() => setOpen(null)} onSaved={() => reload()} />
      )}
      {confirmHost}
    </section>
  );
}

function PreviewDialog({
  name,
  item,
  loading,
  onClose,
  onDownload,
  onLink,
  onEdit,
}: {
  name: string;
  item: FsItem | null;
  loading: boolean;
  onClose(): void;
  onDownload(item: FsItem): void;
  onLink(item: FsItem): void;
  onEdit?(item: FsItem): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const [meta, setMeta] = useState<FsGetResult | null>(null);
  useEffect(() => {
    if (!item) return;
    let live = true;
    setMeta(null);
    client.fs.get(item.path).then(
      (m) => live && setMeta(m),
      () => live && setMeta({ ...item, download_url: null, preview_url: null }),
    );
    return () => {
      live = false;
    };
  }, [client, item]);
  return (
    <Dialog
      title={name}
      name="preview"
      wide
      onClose={onClose}
      footer={
        item && (
          <>
            {onEdit && isEditable(item) && (
              <button type="button" className="button" onClick={() => onEdit(item)}>
                {t`Edit`}
              </button>
            )}
            <button type="button" className="button" onClick={() => onLink(item)}>
              {t`Direct link`}
            </button>
            <button type="button" className="button primary" onClick={() => onDownload(item)}>
              {t`Download`}
            </button>
          </>
        )
      }
    >
      <div className="preview-body">
        {item ? (
          <PreviewPane item={item} meta={meta} onDownload={() => onDownload(item)} />
        ) : loading ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <p className="muted" role="alert">{t`${name} is not in this folder.`}</p>
        )}
      </div>
    </Dialog>
  );
}
