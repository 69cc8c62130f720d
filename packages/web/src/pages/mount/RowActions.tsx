/** The ⋯ menu of one entry: download and direct link for files, a share link for anything, edit, rename and delete where allowed. */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { isEditable } from './explorerModel.ts';

export interface RowActionHandlers {
  canWrite: boolean;
  onDownload(item: FsItem): void;
  onLink(item: FsItem): void;
  onRequestFiles(item: FsItem): void;
  /** A link to the file or folder for people without an account (path shares). */
  onShare(item: FsItem): void;
  onEdit(item: FsItem): void;
  onRename(item: FsItem): void;
  onDelete(item: FsItem): void;
}

export function RowActions({ item, ...h }: RowActionHandlers & { item: FsItem }) {
  const { t } = useLingui();
  return (
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
            <button type="button" onClick={() => h.onDownload(item)}>
              {t`Download`}
            </button>
            <button type="button" onClick={() => h.onLink(item)}>
              {t`Direct link`}
            </button>
          </>
        )}
        {h.canWrite && item.type === 'folder' && (
          <button type="button" onClick={() => h.onRequestFiles(item)}>
            {t`Request files here`}
          </button>
        )}
        <button type="button" onClick={() => h.onShare(item)}>
          {t`Share link`}
        </button>
        {h.canWrite && isEditable(item) && (
          <button type="button" onClick={() => h.onEdit(item)}>
            {t`Edit`}
          </button>
        )}
        {h.canWrite && !item.is_mount && (
          <>
            <button type="button" onClick={() => h.onRename(item)}>
              {t`Rename`}
            </button>
            <button type="button" className="danger" onClick={() => h.onDelete(item)}>
              {t`Delete`}
            </button>
          </>
        )}
      </div>
    </details>
  );
}
