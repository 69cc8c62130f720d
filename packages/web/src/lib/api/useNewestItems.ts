import type { ClipClient } from '@clip/sdk';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';

/**
 * The first page of a list (the newest shares or uploads), read again whenever `key` changes; a failed
 * read shows as an empty list, since these lists are a convenience beside the page's main task.
 */
export function useNewestItems<T>(
  load: (client: ClipClient) => Promise<{ items: T[] }>,
  key: string,
): [T[] | null, Dispatch<SetStateAction<T[] | null>>] {
  const { client } = useServices();
  const [items, setItems] = useState<T[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names what else the read depends on
  useEffect(() => {
    let live = true;
    load(client).then(
      (r) => live && setItems(r.items),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [client, key]);
  return [items, setItems];
}
