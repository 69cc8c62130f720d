/**
 * The mount explorer (spec section 2): browse mounts and folders, act on files, preview them, and
 * follow transfers in the task manager. The route's guard (app/guards.ts) already keeps an API key
 * inside its basic path; here actions a key may not do are hidden, not just refused by the server.
 */
import { isPathWithin } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { useConfirm } from '../admin/shared/confirm.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { droppedFiles } from './dropFiles.ts';
import type { EntryListProps, ViewMode } from './EntryList.tsx';
import { ExplorerDialogs, type OpenDialog } from './ExplorerDialogs.tsx';
import { ExplorerToolbar } from './ExplorerToolbar.tsx';
import {
  folderForRelativePath,
  hasThumbnail,
  joinPath,
  parentPath,
  pathFromSplat,
  type SortSpec,
} from './explorerModel.ts';
import { FolderContents } from './FolderContents.tsx';
import { NoBrowsing } from './NoBrowsing.tsx';
import { RowActions } from './RowActions.tsx';
import { SelectionBar } from './SelectionBar.tsx';
import { TaskPanel } from './TaskPanel.tsx';
import { useFolderActions } from './useFolderActions.ts';
import { useFolderListing } from './useFolderListing.ts';
import { useSelection } from './useSelection.ts';
import { useStoredChoice } from './useStoredChoice.ts';
import { useThumbnails } from './useThumbnails.ts';
import '../admin/admin.css';
import './explorer.css';

const VIEWS = ['list', 'grid'] as const;
const FLAGS = ['0', '1'] as const;

export default function MountExplorerPage() {
  useSignals();
  const { t } = useLingui();
  const { auth } = useServices();
  const { confirm, confirmHost } = useConfirm();
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const path = pathFromSplat(params['*']);
  const previewName = search.get('preview');
  const authType = auth.state.value.authType;
  const basicPath = auth.userInfo.value.basicPath;
  const mayBrowse = authType === 'admin' || (authType === 'apikey' && auth.permissions.value.mount);

  const { listing, error, loading, reload } = useFolderListing(path, mayBrowse);
  const [view, setView] = useStoredChoice<ViewMode>('clip-explorer-view', VIEWS, 'list');
  const [tasksFlag, setTasksFlag] = useStoredChoice('clip-explorer-tasks-open', FLAGS, '0');
  const [sort, setSort] = useState<SortSpec>({ key: 'name', order: 'asc' });
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<OpenDialog>(null);
  const [taskRefresh, setTaskRefresh] = useState(0);
  const [dragging, setDragging] = useState(false);

  // Known from the session alone, so the toolbar keeps its shape while the folder loads.
  const mayWriteHere = mayBrowse && path !== '/' && (authType === 'admin' || isPathWithin(basicPath, path));
  const showWriteTools = mayWriteHere && !listing?.isVirtual;
  const canWrite = mayWriteHere && listing !== null && !listing.isVirtual;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new folder starts without a filter.
  useEffect(() => setFilter(''), [path]);

  // A new listing snapshot (a page arrived) is a new object: the view follows it.
  const items = useMemo(() => (listing ? listing.index.view(sort, filter) : []), [listing, filter, sort]);
  const order = useMemo(() => items.map((i) => i.name), [items]);
  const selection = useSelection(order, path);
  const actions = useFolderActions({
    path,
    confirm,
    reload: () => reload(),
    clearSelection: selection.clear,
    showTasks: () => {
      setTasksFlag('1');
      setTaskRefresh((k) => k + 1);
    },
  });
  // "Share link" in the selection bar: a link is to one file or folder.
  const selectedOne =
    selection.selected.size === 1 ? (items.find((i) => selection.selected.has(i.name)) ?? null) : null;
  const hasPictures = useMemo(() => items.some(hasThumbnail), [items]);
  const thumbnailOf = useThumbnails(
    path,
    view === 'grid' && listing !== null && !listing.isVirtual && hasPictures,
  );
  const previewItem = previewName ? (listing?.index.get(previewName) ?? null) : null;

  const goTo = (target: string) => navigate(pathFor('mount-explorer', { path: target }));

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!canWrite) return;
    const files = await droppedFiles(e.dataTransfer);
    await actions.upload(files.map(({ file, dir }) => ({ file, folder: dir ? joinPath(path, dir) : path })));
  };

  if (!mayBrowse) return <NoBrowsing path={path} signedIn={authType !== 'none'} />;

  const list: EntryListProps = {
    items,
    view,
    thumbnailOf,
    selected: selection.selected,
    selectable: canWrite,
    label: t`Contents of ${path}`,
    onToggle: selection.toggle,
    onSelectAll: selection.selectAll,
    onOpen: (item) => {
      if (item.type === 'folder') goTo(joinPath(path, item.name));
      else setSearch({ preview: item.name });
    },
    onDeleteSelection: () => void actions.remove([...selection.selected]),
    rowActions: (item) => (
      <RowActions
        item={item}
        canWrite={canWrite}
        onDownload={(i) => void actions.download(i)}
        onLink={(i) => setOpen({ kind: 'link', item: i })}
        onRequestFiles={(i) => setOpen({ kind: 'request', item: i })}
        onShare={(i) => setOpen({ kind: 'share', item: i })}
        onEdit={(i) => setOpen({ kind: 'edit', item: i })}
        onRename={(i) => setOpen({ kind: 'rename', item: i })}
        onDelete={(i) => void actions.remove([i.name])}
      />
    ),
  };

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
        <Breadcrumbs path={path} />
        <ExplorerToolbar
          atRoot={path === '/'}
          showWriteTools={showWriteTools}
          canWrite={canWrite}
          loading={loading}
          filter={filter}
          sort={sort}
          view={view}
          tasksOpen={tasksFlag === '1'}
          onUp={() => goTo(parentPath(path))}
          onUpload={(files, fromFolder) =>
            void actions.upload(
              files.map((file) => ({
                file,
                folder: fromFolder ? folderForRelativePath(path, file.webkitRelativePath || file.name) : path,
              })),
            )
          }
          onNewFolder={() => setOpen({ kind: 'mkdir' })}
          onRefresh={() => reload(true)}
          onFilter={setFilter}
          onSort={setSort}
          onView={setView}
          onToggleTasks={() => setTasksFlag(tasksFlag === '1' ? '0' : '1')}
        />
        {showWriteTools && (
          <SelectionBar
            count={selection.selected.size}
            empty={items.length === 0}
            allSelected={selection.allSelected}
            onToggleAll={selection.allSelected ? selection.clear : selection.selectAll}
            onCopy={() => setOpen({ kind: 'copy', names: [...selection.selected] })}
            onShare={selectedOne ? () => setOpen({ kind: 'share', item: selectedOne }) : undefined}
            onDelete={() => void actions.remove([...selection.selected])}
            onClear={selection.clear}
          />
        )}
      </div>
      <div className="explorer-body">
        <div className="explorer-main">
          <FolderContents
            listing={listing}
            error={error}
            filter={filter}
            atRoot={path === '/'}
            canWrite={canWrite}
            onRetry={() => reload(true)}
            list={list}
          />
          {dragging && <div className="drop-hint">{t`Drop files or folders to upload them here`}</div>}
        </div>
        {tasksFlag === '1' && (
          <TaskPanel refreshKey={taskRefresh} onClose={() => setTasksFlag('0')} onCopied={() => reload()} />
        )}
      </div>
      <ExplorerDialogs
        open={open}
        onClose={() => setOpen(null)}
        preview={
          previewName
            ? {
                name: previewName,
                item: previewItem,
                // A file of a page still to come is not missing yet.
                loading: previewItem === null && !error && !listing?.complete,
                onClose: () => setSearch({}, { replace: false }),
              }
            : null
        }
        canWrite={canWrite}
        actions={actions}
        onOpen={setOpen}
        onSaved={() => reload()}
      />
      {confirmHost}
    </section>
  );
}
