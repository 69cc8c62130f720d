/**
 * A shared folder's listing for its visitor, read a page at a time like the mount explorer's
 * (useFolderListing, ADR 0079): the first page shows on arrival and each later page is merged into the
 * same FolderIndex as it comes, so a folder of 100,000 entries shows its first rows without waiting
 * for the last page. `attempt` (the retry button) reads the folder again.
 */
import { useEffect, useState } from 'react';
import { FIRST_PAGE_LIMIT } from '../../app/folderFirstPage.ts';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { FolderIndex } from '../mount/folderIndex.ts';
import type { LoadedFolder } from '../mount/useFolderListing.ts';

export function useShareListing(
  slug: string,
  path: string,
  token: string,
  attempt: number,
): { listing: LoadedFolder | null; error: string | null } {
  const { client } = useServices();
  const [listing, setListing] = useState<LoadedFolder | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to list again
  useEffect(() => {
    let live = true;
    setListing(null);
    setError(null);
    (async () => {
      const index = new FolderIndex();
      const access = { token };
      let page = await client.pathShares.listInside(slug, path, access, { limit: FIRST_PAGE_LIMIT });
      for (;;) {
        if (!live) return;
        index.append(page.items);
        // A new object per page: the view follows it.
        setListing({ isVirtual: false, index, count: index.size, complete: !page.next_cursor });
        if (!page.next_cursor) return;
        page = await client.pathShares.listInside(slug, path, access, { cursor: page.next_cursor });
      }
    })().catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [client, slug, path, token, attempt]);

  return { listing, error };
}
