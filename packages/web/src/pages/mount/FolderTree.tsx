/**
 * A lazy tree of folders: a folder's children load when it is expanded. By default the tree of mounts
 * and their folders (the batch copy target picker, the key form's basic path tab); with `load` and
 * `root`, any other tree of folders (the mount form's folder inside a storage).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../components/Icon.tsx';
import './folderTree.css';

export interface TreeFolder {
  name: string;
  path: string;
}
/** The folders directly inside `path`. */
export type LoadFolders = (path: string) => Promise<TreeFolder[]>;

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
    async (path) =>
      (await client.fs.listAll(path)).items
        .filter((i) => i.type === 'folder')
        .map((i) => ({ name: i.name, path: i.path })),
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
  const [children, setChildren] = useState<{ name: string; path: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || children) return;
    let live = true;
    load(path).then(
      (folders) => live && setChildren([...folders].sort((a, b) => a.name.localeCompare(b.name))),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load, open, children, path]);
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
          {failed && <li className="muted">{t`Could not load this folder.`}</li>}
          {!failed && children === null && <li className="muted">{t`Loading…`}</li>}
          {children?.map((c) => (
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
        </ul>
      )}
    </li>
  );
}
