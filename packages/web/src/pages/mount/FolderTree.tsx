/**
 * A lazy tree of mounts and folders: a folder's children load when it is expanded. Used by the batch
 * copy target picker and by the key form's basic path tab.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../components/Icon.tsx';
import './folderTree.css';

export function FolderTree({
  selected,
  onSelect,
  label,
}: {
  selected: string;
  onSelect(path: string): void;
  label: string;
}) {
  return (
    <ul className="folder-tree" aria-label={label}>
      <FolderNode path="/" name="/" depth={0} selected={selected} onSelect={onSelect} initiallyOpen />
    </ul>
  );
}

function FolderNode({
  path,
  name,
  depth,
  selected,
  onSelect,
  initiallyOpen = false,
}: {
  path: string;
  name: string;
  depth: number;
  selected: string;
  onSelect(path: string): void;
  initiallyOpen?: boolean;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const [open, setOpen] = useState(initiallyOpen);
  const [children, setChildren] = useState<{ name: string; path: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || children) return;
    let live = true;
    client.fs.listAll(path).then(
      (r) =>
        live &&
        setChildren(
          r.items
            .filter((i) => i.type === 'folder')
            .map((i) => ({ name: i.name, path: i.path }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        ),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, open, children, path]);
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
            />
          ))}
        </ul>
      )}
    </li>
  );
}
