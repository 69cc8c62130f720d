/**
 * A tree node's folders in name order while a folder's pages arrive (issue 34, item 3): each page's
 * folders are sorted and merged into those shown, so a folder of 100,000 files shows the subfolders of
 * its first page at once and the later ones take their places, with no re-sort of the whole.
 */
export interface TreeFolder {
  name: string;
  path: string;
}

// The order `localeCompare` gave when the tree sorted a whole folder at once.
const collator = new Intl.Collator();

/** `page`'s folders merged into `shown` (in name order); `shown` itself when the page adds none. */
export function mergeFolders(shown: TreeFolder[], page: readonly TreeFolder[]): TreeFolder[] {
  if (page.length === 0) return shown;
  const fresh = [...page].sort((a, b) => collator.compare(a.name, b.name));
  const out: TreeFolder[] = [];
  let i = 0;
  for (const folder of fresh) {
    // Equal names keep the folder already shown first.
    while (i < shown.length && collator.compare(shown[i].name, folder.name) <= 0) out.push(shown[i++]);
    out.push(folder);
  }
  while (i < shown.length) out.push(shown[i++]);
  return out;
}
