/**
 * Turns batch-copy pairs into copy units: one per file (and one per folder, so empty folders come
 * along), with every source checked for reading and every target for writing by the permission module
 * (through the file-system service's `resolve`). Problems with the request itself (a folder into
 * itself, a missing source, a missing target folder, no permission) answer 4xx before anything is copied.
 */
import type { CopyPair } from '@clip/sdk';
import { badRequest, conflict, notFound, upstreamFailed } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { childPath } from '../../storage/paths.ts';
import { onStorage } from '../errors.ts';
import { isAtOrBelow, joinVirtual, parentPath } from '../paths.ts';
import type { FsService, ResolvedMountPath } from '../types.ts';

/** The most units one batch may expand to (a bigger tree is copied in several batches). */
export const MAX_COPY_UNITS = 200_000;

export interface CopyUnit {
  kind: 'file' | 'folder';
  /** Virtual paths. */
  source: string;
  target: string;
  /** Bytes (0 for folders). */
  size: number;
  /** The source's ETag and content type, when the listing gave them (client-side copy items). */
  etag?: string | null;
  contentType?: string | null;
}

export interface CopyPlan {
  units: CopyUnit[];
  files: number;
  bytes: number;
  /** Every unit stays inside one storage config (a server-side copy is possible). */
  sameStorage: boolean;
  /** The resolved pairs, in request order. */
  pairs: { from: ResolvedMountPath; to: ResolvedMountPath }[];
}

/**
 * `unreachable`: storage configs this server cannot reach (reachability.ts). A source there cannot be
 * planned (502); a target there is planned without looking at it (its folder is not checked).
 */
export async function planCopy(
  fs: FsService,
  actor: Actor,
  pairs: CopyPair[],
  unreachable: ReadonlyMap<string, string> = new Map(),
): Promise<CopyPlan> {
  const plan: CopyPlan = { units: [], files: 0, bytes: 0, sameStorage: true, pairs: [] };
  for (const pair of pairs) {
    const from = await fs.resolve(actor, pair.sourcePath, 'read');
    const to = await fs.resolve(actor, pair.targetPath, 'write');
    if (to.subPath === '') throw badRequest(`"${to.path}" is a mount's root: copy into a folder inside it`);
    const cannotReach = unreachable.get(from.mount.storageConfigId);
    if (cannotReach)
      throw upstreamFailed(
        `the server cannot reach the storage of "${from.path}" to list what to copy (${cannotReach})`,
        null,
      );
    const source =
      from.subPath === ''
        ? { isDirectory: true, size: 0, etag: null, contentType: null }
        : await onStorage(from.path, () => from.driver.stat(from.storagePath));
    if (!source) throw notFound(`"${from.path}" not found`);
    if (from.path === to.path) throw badRequest(`"${from.path}" cannot be copied onto itself`);
    if (source.isDirectory && isAtOrBelow(from.path, to.path))
      throw badRequest(`cannot copy the folder "${from.path}" into itself ("${to.path}")`);
    const parent = parentPath(to.path);
    if (to.subPath.includes('/') && !unreachable.has(to.mount.storageConfigId)) {
      const parentStorage = to.storagePath.slice(0, to.storagePath.lastIndexOf('/'));
      const p = await onStorage(parent, () => to.driver.stat(parentStorage));
      if (!p?.isDirectory) throw conflict(`target folder "${parent}" does not exist`);
    }
    if (from.mount.storageConfigId !== to.mount.storageConfigId) plan.sameStorage = false;
    plan.pairs.push({ from, to });
    if (!source.isDirectory) {
      add(plan, {
        kind: 'file',
        source: from.path,
        target: to.path,
        size: source.size,
        etag: source.etag,
        contentType: source.contentType,
      });
      continue;
    }
    add(plan, { kind: 'folder', source: from.path, target: to.path, size: 0 });
    await walk(plan, from, from.storagePath, from.path, to.path);
  }
  return plan;
}

function add(plan: CopyPlan, unit: CopyUnit): void {
  if (plan.units.length >= MAX_COPY_UNITS)
    throw badRequest(
      `the copy holds more than ${MAX_COPY_UNITS} objects: copy its folders one batch at a time`,
    );
  plan.units.push(unit);
  if (unit.kind === 'file') {
    plan.files++;
    plan.bytes += unit.size;
  }
}

/** Depth first, folders before what they hold, so a target folder exists before its files are written. */
async function walk(
  plan: CopyPlan,
  from: ResolvedMountPath,
  storagePath: string,
  sourceDir: string,
  targetDir: string,
): Promise<void> {
  let cursor: string | null = null;
  const folders: { storagePath: string; source: string; target: string }[] = [];
  do {
    const page = await onStorage(sourceDir, () => from.driver.list(storagePath, { cursor, limit: 1000 }));
    for (const e of page.entries) {
      const source = joinVirtual(sourceDir, e.name);
      const target = joinVirtual(targetDir, e.name);
      if (e.isDirectory) {
        add(plan, { kind: 'folder', source, target, size: 0 });
        folders.push({ storagePath: e.path || childPath(storagePath, e.name), source, target });
      } else
        add(plan, { kind: 'file', source, target, size: e.size, etag: e.etag, contentType: e.contentType });
    }
    cursor = page.cursor;
  } while (cursor);
  for (const f of folders) await walk(plan, from, f.storagePath, f.source, f.target);
}
