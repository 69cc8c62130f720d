/**
 * How many entries the explorer asks for in a folder's first page (the route loader's prefetch and
 * `useFolderListing`; the folder tree and a path share's view too): what a screen shows, so a folder
 * too large for the server's cache pays a `stat` per entry of it on local disk, not of 1,000 (the
 * later pages are the server's largest, 1,000).
 */
export const FIRST_PAGE_LIMIT = 200;
