/**
 * The ⋯ menu of one entry. What it offers is one list (`rowActionsFor`): a new action is one more
 * entry there. The menu itself is a RowMenu, drawn in the top layer above the list's rows.
 */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { isEditable } from './explorerModel.ts';
import { type MenuAction, RowMenu } from './RowMenu.tsx';

export interface RowActionHandlers {
  canWrite: boolean;
  onDownload(item: FsItem): void;
  onLink(item: FsItem): void;
  onEdit(item: FsItem): void;
  onRename(item: FsItem): void;
  onDelete(item: FsItem): void;
}

type Translate = ReturnType<typeof useLingui>['t'];

/** The actions the entry's menu offers, in order; those the entry or the session cannot do are left out. */
export function rowActionsFor(item: FsItem, h: RowActionHandlers, t: Translate): MenuAction[] {
  const isFile = item.type !== 'folder';
  const mayChange = h.canWrite && !item.is_mount;
  const all: (MenuAction & { shown: boolean })[] = [
    { id: 'download', label: t`Download`, shown: isFile, run: () => h.onDownload(item) },
    { id: 'link', label: t`Direct link`, shown: isFile, run: () => h.onLink(item) },
    { id: 'edit', label: t`Edit`, shown: h.canWrite && isEditable(item), run: () => h.onEdit(item) },
    { id: 'rename', label: t`Rename`, shown: mayChange, run: () => h.onRename(item) },
    { id: 'delete', label: t`Delete`, shown: mayChange, danger: true, run: () => h.onDelete(item) },
  ];
  return all.filter((a) => a.shown);
}

export function RowActions({ item, ...h }: RowActionHandlers & { item: FsItem }) {
  const { t } = useLingui();
  return <RowMenu label={t`Actions for ${item.name}`} actions={rowActionsFor(item, h, t)} />;
}
