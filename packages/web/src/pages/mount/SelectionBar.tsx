/**
 * Select all, and what to do with the selection: copy to another folder, a share link (one entry: a link
 * is to one file or folder), delete, or let go.
 */
import { useLingui } from '@lingui/react/macro';
import { DeleteOrClearSelection } from '../../components/DeleteOrClearSelection.tsx';

export function SelectionBar({
  count,
  empty,
  allSelected,
  onToggleAll,
  onCopy,
  onShare,
  onDelete,
  onClear,
}: {
  count: number;
  /** The folder shows nothing to select. */
  empty: boolean;
  allSelected: boolean;
  onToggleAll(): void;
  onCopy(): void;
  /** Given when exactly one entry is selected. */
  onShare?(): void;
  onDelete(): void;
  onClear(): void;
}) {
  const { t } = useLingui();
  return (
    <div className="bulk-bar explorer-bulk" aria-live="polite">
      <label className="check-field">
        <input type="checkbox" disabled={empty} checked={allSelected} onChange={onToggleAll} />
        {t`Select all`}
      </label>
      {count > 0 && (
        <>
          <span data-testid="selection-count">{t`${count} selected`}</span>
          <button type="button" className="button small" onClick={onCopy}>
            {t`Copy to…`}
          </button>
          {onShare && (
            <button type="button" className="button small" onClick={onShare}>
              {t`Share link`}
            </button>
          )}
          <DeleteOrClearSelection onDelete={onDelete} onClear={onClear} />
        </>
      )}
    </div>
  );
}
