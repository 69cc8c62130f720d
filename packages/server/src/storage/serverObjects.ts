/**
 * Where the server keeps its own objects inside a storage (ADR 0040): below `.clip/` at the root of the
 * storage (the local directory or the S3 config's folder), never where a mount can show them. File-share
 * objects live in `.clip/shares/`, a local storage's resumable uploads in `.clip/uploads/`. The name
 * `.clip` is reserved at every depth and in any letter case, so a mount over a parent of another
 * storage's root (two configs on one bucket or directory) cannot reach that storage's objects either.
 */

/** The folder holding what the server owns. */
export const SERVER_ROOT = '.clip';
/** File-share objects: `.clip/shares/<share folder>/<yyyy>/<mm>/<random>-<name>`. */
export const SHARES_PREFIX = `${SERVER_ROOT}/shares`;
/** A local storage's resumable uploads in progress. */
export const UPLOADS_PREFIX = `${SERVER_ROOT}/uploads`;
/** Files arriving through upload requests, whole but not yet under their name: `.clip/requests/<upload id>`. */
export const REQUESTS_PREFIX = `${SERVER_ROOT}/requests`;

/** True for the reserved name, however it is cased (a case-insensitive disk treats `.CLIP` as `.clip`). */
export const isReservedName = (name: string): boolean => name.toLowerCase() === SERVER_ROOT;

/** True when a driver path (clean, '/'-separated) names a reserved folder or something below one. */
export const isServerObjectPath = (path: string): boolean => path.split('/').some(isReservedName);
