/**
 * The folder's body: its error, loading, empty (or nothing matches the filter) state, or its entries,
 * with a line under them while the folder's later pages are still arriving.
 */
import { useLingui } from '@lingui/react/macro';
import { EntryList, type EntryListProps } from './EntryList.tsx';
import type { LoadedFolder } from './useFolderListing.ts';

export function FolderContents({
  listing,
  error,
  filter,
  atRoot,
  canWrite,
  onRetry,
  list,
}: {
  listing: LoadedFolder | null;
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
  const count = listing.count.toLocaleString();
  const more = listing.complete ? null : (
    <p className="entries-more muted" data-testid="explorer-more">
      {t`Loading more entries… ${count} so far`}
    </p>
  );
  if (list.items.length === 0)
    return listing.complete ? (
      <p className="state muted" data-testid="explorer-empty">
        {filter
          ? t`Nothing here matches "${filter}".`
          : atRoot
            ? t`No mounts yet. An administrator adds them under Admin > Mount management.`
            : canWrite
              ? t`This folder is empty. Drop files here or use Upload.`
              : t`This folder is empty.`}
      </p>
    ) : (
      <>
        {filter && <p className="state muted">{t`Nothing matches "${filter}" yet.`}</p>}
        {more}
      </>
    );
  return (
    <>
      <EntryList {...list} />
      {more}
    </>
  );
}
