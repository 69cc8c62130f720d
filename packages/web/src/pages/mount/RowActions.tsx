/**
 * The ⋯ menu of one entry: download and direct link for files, a share link, a request for files on
 * folders, edit, rename and delete where allowed, those the entry or the session cannot do left out.
 * The menu itself is a RowMenu, drawn in the top layer above the list's rows.
 */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { isEditable } from './explorerModel.ts';
import { type MenuAction, RowMenu } from './RowMenu.tsx';

export interface RowActionHandlers {
  canWrite: boolean;
  onDownload(item: FsItem): void;
  onLink(item: FsItem): void;
  /** A link to the file or folder for people without an account (path shares). */
  onShare(item: FsItem): void;
  onRequestFiles(item: FsItem): void;
  onEdit(item: FsItem): void;
  onRename(item: FsItem): void;
  onDelete(item: FsItem): void;
}

export function RowActions({ item, ...h }: RowActionHandlers & { item: FsItem }) {
  const { t } = useLingui();
  const isFile = item.type !== 'folder';
  const mayChange = h.canWrite && !item.is_mount;
  // The one list of what the menu offers, in order: a new action is one more line here.
  const actions: (MenuAction & { shown: boolean })[] = [
    { id: 'download', label: t`Download`, shown: isFile, run: () => h.onDownload(item) },
    { id: 'link', label: t`Direct link`, shown: isFile, run: () => h.onLink(item) },
    {
      id: 'request',
      label: t`Request files here`,
      shown: h.canWrite && !isFile,
      run: () => h.onRequestFiles(item),
    },
    { id: 'share', label: t`Share link`, shown: true, run: () => h.onShare(item) },
    { id: 'edit', label: t`Edit`, shown: h.canWrite && isEditable(item), run: () => h.onEdit(item) },
    { id: 'rename', label: t`Rename`, shown: mayChange, run: () => h.onRename(item) },
    { id: 'delete', label: t`Delete`, shown: mayChange, danger: true, run: () => h.onDelete(item) },
  ];
  return <RowMenu label={t`Actions for ${item.name}`} actions={actions.filter((a) => a.shown)} />;
}
