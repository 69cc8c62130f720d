/** The explorer's dialogs: preview, new folder, rename, direct link, share link, copy to a folder, text edit, file requests. */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { CopyDialog, LinkDialog, NameDialog } from './dialogs.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { RequestFilesDialog } from './RequestFilesDialog.tsx';
import { ShareLinkDialog } from './ShareLinkDialog.tsx';
import { TextEditDialog } from './TextEditDialog.tsx';
import type { useFolderActions } from './useFolderActions.ts';

export type OpenDialog =
  | { kind: 'mkdir' }
  | { kind: 'rename'; item: FsItem }
  | { kind: 'link'; item: FsItem }
  | { kind: 'share'; item: FsItem }
  | { kind: 'copy'; names: string[] }
  | { kind: 'edit'; item: FsItem }
  | { kind: 'request'; item: FsItem }
  | null;

export function ExplorerDialogs({
  open,
  onOpen,
  onClose,
  preview,
  canWrite,
  actions,
  onSaved,
}: {
  open: OpenDialog;
  onOpen(dialog: OpenDialog): void;
  onClose(): void;
  /** The `?preview=` file: its entry once the folder is read. */
  preview: { name: string; item: FsItem | null; loading: boolean; onClose(): void } | null;
  canWrite: boolean;
  actions: ReturnType<typeof useFolderActions>;
  onSaved(): void;
}) {
  const { t } = useLingui();
  return (
    <>
      {preview && (
        <PreviewDialog
          name={preview.name}
          item={preview.item}
          loading={preview.loading}
          onClose={preview.onClose}
          onDownload={(item) => void actions.download(item)}
          onLink={(item) => onOpen({ kind: 'link', item })}
          onEdit={canWrite ? (item) => onOpen({ kind: 'edit', item }) : undefined}
        />
      )}
      {open?.kind === 'mkdir' && (
        <NameDialog
          title={t`New folder`}
          initial=""
          submitLabel={t`Create`}
          onClose={onClose}
          onSubmit={actions.mkdir}
        />
      )}
      {open?.kind === 'rename' && (
        <NameDialog
          title={t`Rename ${open.item.name}`}
          initial={open.item.name}
          submitLabel={t`Rename`}
          onClose={onClose}
          onSubmit={(name) => actions.rename(open.item, name)}
        />
      )}
      {open?.kind === 'link' && <LinkDialog path={open.item.path} name={open.item.name} onClose={onClose} />}
      {open?.kind === 'share' && <ShareLinkDialog item={open.item} onClose={onClose} />}
      {open?.kind === 'copy' && (
        <CopyDialog
          count={open.names.length}
          onClose={onClose}
          onCopy={async (target, options) => {
            if (await actions.copy(open.names, target, options)) onClose();
          }}
        />
      )}
      {open?.kind === 'request' && (
        <RequestFilesDialog path={open.item.path} name={open.item.name} onClose={onClose} />
      )}
      {open?.kind === 'edit' && <TextEditDialog item={open.item} onClose={onClose} onSaved={onSaved} />}
    </>
  );
}
