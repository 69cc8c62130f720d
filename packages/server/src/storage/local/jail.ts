/**
 * Keeps a local driver inside its root: every path is cleaned, then the deepest part of it that exists is
 * resolved with realpath, so a symlink anywhere on the way cannot lead outside the (real) root.
 */
import { mkdir, realpath } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { StoragePathError, StorageUnavailableError } from '../driver.ts';
import { cleanPath, isSameOrBelow } from '../paths.ts';

export interface Located {
  /** The clean driver path. */
  path: string;
  /** The absolute file-system path below the real root. */
  full: string;
}

export class Jail {
  readonly root: string;
  #realRoot: Promise<string> | null = null;

  /** Folders kept for the driver's own use: no caller's path may name them or anything below them. */
  readonly #reserved: readonly string[];

  constructor(root: string, reserved: string[] = []) {
    this.root = resolve(root);
    this.#reserved = reserved;
  }

  /** Whether a clean path names a reserved folder or something below it. */
  isReserved(path: string): boolean {
    return path !== '' && this.#reserved.some((dir) => isSameOrBelow(dir, path));
  }

  #clean(rawPath: string): string {
    const path = cleanPath(rawPath);
    if (this.isReserved(path))
      throw new StoragePathError(`storage path "${rawPath}" is reserved for uploads in progress`);
    return path;
  }

  /** The root's real path; the root is created on first use. */
  realRoot(): Promise<string> {
    this.#realRoot ??= mkdir(this.root, { recursive: true })
      .then(() => realpath(this.root))
      .catch((err) => {
        // The errno text names the server's path: the cause is logged, the caller learns the storage is unusable.
        throw new StorageUnavailableError('the storage root folder cannot be used', { cause: err });
      });
    // A failed creation is retried on the next call rather than cached forever.
    this.#realRoot.catch(() => {
      this.#realRoot = null;
    });
    return this.#realRoot;
  }

  async locate(rawPath: string): Promise<Located> {
    const path = this.#clean(rawPath);
    const root = await this.realRoot();
    const full = path === '' ? root : join(root, ...path.split('/'));
    await this.#assertInside(root, full, rawPath);
    return { path, full };
  }

  /**
   * Like locate, but only the parent is resolved: for operations on the entry itself (removing a symlink
   * removes the link, never what it points to).
   */
  async locateEntry(rawPath: string): Promise<Located> {
    const path = this.#clean(rawPath);
    const root = await this.realRoot();
    const full = path === '' ? root : join(root, ...path.split('/'));
    await this.#assertInside(root, path === '' ? root : dirname(full), rawPath);
    return { path, full };
  }

  async #assertInside(root: string, full: string, shown: string): Promise<void> {
    let probe = full;
    for (;;) {
      try {
        const real = await realpath(probe);
        if (real !== root && !real.startsWith(root + sep))
          throw new StoragePathError(`storage path "${shown}" leads outside the storage root`);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') throw new StoragePathError(`storage path "${shown}" is a symlink loop`);
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
        // Not there yet (a write or mkdir will create it): check what does exist above it.
        if (probe === root) return;
        probe = dirname(probe);
      }
    }
  }
}
