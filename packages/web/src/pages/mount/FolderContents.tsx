/** The folder's body: its error, loading, empty (or nothing matches the filter) state, or its entries. */
import type { FsListResult } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { EntryList, type EntryListProps } from './EntryList.tsx';

export function FolderContents({
  listing,
  error,
  filter,
  atRoot,
  canWrite,
  onRetry,
  list,
}: {
  listing: FsListResult | null;
  error: string | null;
  filter: string;
  atRoot: boolean;
  canWrite: boolean;
  onRetry(): void;
  list: EntryListProps;
}) {
  const { t } = useLingui();
  if (error)
    return (
      <div className="state error" role="alert" data-testid="explorer-error">
        <p>{t`This folder could not be loaded: ${error}`}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t`Try again`}
        </button>
      </div>
    );
  if (listing === null)
    return (
      <p className="state muted" aria-busy="true">
        {t`Loading…`}
      </p>
    );
  if (list.items.length === 0)
    return (
      <p className="state muted" data-testid="explorer-empty">
        {filter
          ? t`Nothing here matches "${filter}".`
          : atRoot
            ? t`No mounts yet. An administrator adds them under Admin > Mount management.`
            : canWrite
              ? t`This folder is empty. Drop files here or use Upload.`
              : t`This folder is empty.`}
      </p>
    );
  return <EntryList {...list} />;
}
