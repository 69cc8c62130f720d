/**
 * A lazy tree of folders: a folder's children load when it is expanded. By default the tree of mounts
 * and their folders (the batch copy target picker, the key form's basic path tab), read a page at a
 * time so a huge folder's subfolders show from its first page on; with `load` and `root`, any other
 * tree of folders (the mount form's folder inside a storage).
 */
import type { ClipClient, FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { FIRST_PAGE_LIMIT } from '../../app/folderFirstPage.ts';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../components/Icon.tsx';
import type { TreeFolder } from './treeFolders.ts';
import { type LoadFolders, useTreeFolders } from './useTreeFolders.ts';
import './folderTree.css';

export type { LoadFolders, TreeFolder };

const foldersOf = (items: FsItem[]): TreeFolder[] =>
  items.filter((i) => i.type === 'folder').map((i) => ({ name: i.name, path: i.path }));

/** A mount folder's subfolders, a page at a time: a small first page, then the server's largest. */
async function* mountedFolders(client: ClipClient, path: string, signal: AbortSignal) {
  let page = await client.fs.list(path, { limit: FIRST_PAGE_LIMIT, signal });
  yield foldersOf(page.items);
  while (page.next_cursor) {
    page = await client.fs.list(path, { cursor: page.next_cursor, signal });
    yield foldersOf(page.items);
  }
}

export function FolderTree({
  selected,
  onSelect,
  label,
  load,
  root = { path: '/', name: '/' },
}: {
  selected: string;
  onSelect(path: string): void;
  label: string;
  load?: LoadFolders;
  root?: TreeFolder;
}) {
  const { client } = useServices();
  const loadMounted = useCallback<LoadFolders>(
    (path, signal) => mountedFolders(client, path, signal),
    [client],
  );
  return (
    <ul className="folder-tree" aria-label={label}>
      <FolderNode
        path={root.path}
        name={root.name}
        depth={0}
        selected={selected}
        onSelect={onSelect}
        load={load ?? loadMounted}
        initiallyOpen
      />
    </ul>
  );
}

function FolderNode({
  path,
  name,
  depth,
  selected,
  onSelect,
  load,
  initiallyOpen = false,
}: {
  path: string;
  name: string;
  depth: number;
  selected: string;
  onSelect(path: string): void;
  load: LoadFolders;
  initiallyOpen?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  const { folders, complete, failed } = useTreeFolders(path, open, load);
  const isSelected = selected === path;
  return (
    <li data-folder={path}>
      <div className="tree-row" style={{ paddingInlineStart: `${depth * 1.1}rem` }}>
        <button
          type="button"
          className="tree-toggle"
          aria-label={open ? t`Collapse ${name}` : t`Expand ${name}`}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <button
          type="button"
          className={`tree-label${isSelected ? ' selected' : ''}`}
          onClick={() => onSelect(path)}
          aria-pressed={isSelected}
        >
          <Icon name="folder" size={16} /> {name}
        </button>
      </div>
      {open && (
        <ul>
          {folders?.map((c) => (
            <FolderNode
              key={c.path}
              path={c.path}
              name={c.name}
              depth={depth + 1}
              selected={selected}
              onSelect={onSelect}
              load={load}
            />
          ))}
          {(failed || !complete) && (
            // Under the folder's children, where the next of them would go.
            <li className="muted tree-note" style={{ paddingInlineStart: `${(depth + 1) * 1.1 + 0.35}rem` }}>
              {failed ? t`Could not load this folder.` : folders === null ? t`Loading…` : t`Loading more…`}
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
