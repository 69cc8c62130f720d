/**
 * The folders of an open tree node, read when it opens: a loader may answer them all at once or batch
 * by batch (a mount folder's pages, read one after the other), and each batch shows as it comes, so a
 * folder of 100,000 files never holds its subfolders back until the last page. Closing the node stops
 * the reading; one not finished starts again when it opens.
 */
import { useEffect, useState } from 'react';
import { mergeFolders, type TreeFolder } from './treeFolders.ts';

/** The folders directly inside `path`: all of them, or one batch per page as they are read. */
export type LoadFolders = (
  path: string,
  signal: AbortSignal,
) => Promise<TreeFolder[]> | AsyncIterable<TreeFolder[]>;

export interface TreeChildren {
  /** In name order; null until the first batch has come. */
  folders: TreeFolder[] | null;
  /** Every batch has come. */
  complete: boolean;
  failed: boolean;
}

const NOTHING_YET: TreeChildren = { folders: null, complete: false, failed: false };

async function* batchesOf(answer: Promise<TreeFolder[]> | AsyncIterable<TreeFolder[]>) {
  if (Symbol.asyncIterator in answer) yield* answer;
  else yield await answer;
}

export function useTreeFolders(path: string, open: boolean, load: LoadFolders): TreeChildren {
  const [children, setChildren] = useState<TreeChildren>(NOTHING_YET);
  const complete = children.complete;
  useEffect(() => {
    if (!open || complete) return;
    const controller = new AbortController();
    const { signal } = controller;
    setChildren(NOTHING_YET);
    (async () => {
      let folders: TreeFolder[] | null = null;
      for await (const batch of batchesOf(load(path, signal))) {
        if (signal.aborted) return;
        const next = mergeFolders(folders ?? [], batch);
        // A page of files only changes nothing on screen.
        if (next !== folders) setChildren({ folders: next, complete: false, failed: false });
        folders = next;
      }
      if (!signal.aborted) setChildren({ folders: folders ?? [], complete: true, failed: false });
    })().catch(() => {
      if (!signal.aborted) setChildren((c) => ({ ...c, failed: true }));
    });
    return () => controller.abort();
  }, [path, open, load, complete]);
  return children;
}
