/**
 * Spec section 6, enforced by the server: the one module that decides what an actor may do.
 * Routes declare a policy; services call these checks for ownership and path scope.
 */
import {
  DEFAULT_MESSAGES,
  isAtOrBelow,
  isPathWithin,
  normalizeScopePath,
  parseVirtualPath,
  type VirtualPathOptions,
} from '@clip/sdk/contract';
import { badRequest, forbidden, unauthorized } from '../http/appError.ts';
import { type Actor, creatorId } from './actor.ts';

export type Capability = 'text' | 'file' | 'mount';

/** What a route requires of its caller. */
export type Policy = 'public' | 'admin' | 'authenticated' | Capability;

export function requirePolicy(actor: Actor, policy: Policy): void {
  if (policy === 'public') return;
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  if (policy === 'authenticated' || actor.kind === 'admin') return;
  if (policy === 'admin') throw forbidden('this action needs the administrator');
  if (!actor.permissions[policy]) throw forbidden(`this API key has no ${policy} permission`);
}

/** The admin counts as creator of everything; a key owns what it created. */
export function ownsRecord(actor: Actor, createdBy: string): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind === 'apikey') return createdBy === creatorId(actor) || createdBy === actor.id;
  return false;
}

/** The `created_by` filter a listing applies: null = everything (admin). */
export function ownerFilter(actor: Actor): string[] | null {
  if (actor.kind === 'admin') return null;
  if (actor.kind === 'apikey') return [creatorId(actor), actor.id];
  return [];
}

// ---- Paths (spec sections 5 and 6, mounts.md "Paths and permission") ----------------------------
// Every decision takes a path already normalised by the SDK's parseVirtualPath (contract/virtualPaths.ts,
// the one implementation the web app and CLI use too); helpers that take raw input normalise it first,
// so no caller can skip that step.

/**
 * A path from a request body (a key's basic path, a share's folder): parseVirtualPath, percent-decoding
 * once, throwing 400 with `field` named in the message. File-system paths use fs/paths.ts instead, which
 * also applies what storage can hold.
 */
export function requireBodyPath(raw: string, options: VirtualPathOptions & { field?: string } = {}): string {
  const result = parseVirtualPath(raw, options);
  if (!result.ok) throw badRequest(`${options.field ?? 'path'} ${result.problem}`);
  return result.path;
}

/** Share folders end up inside storage keys (1024 characters at most), after the month and the file name. */
const SHARE_FOLDER_MAX = 512;

/**
 * The folder a file share is stored under (`path` of `/upload`, `/s3/presign`, multipart init and URL
 * uploads), decided for the actor: normalised like any virtual path (a leading `/` may be left out,
 * "" or absent means the default), and for an API key at or below its basic path, which is also its
 * default. Shares are governed by the file permission, which the route's policy already checked.
 */
export function shareFolderFor(actor: Actor, raw: string | null | undefined): string {
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  const base = actor.kind === 'apikey' ? actor.basicPath : '/';
  const path =
    raw === undefined || raw === null || raw === ''
      ? base
      : requireBodyPath(raw.startsWith('/') ? raw : `/${raw}`, { field: 'path' });
  if (path.length > SHARE_FOLDER_MAX) throw badRequest(`path must be at most ${SHARE_FOLDER_MAX} characters`);
  if (!isAtOrBelow(base, path))
    throw forbidden(`path "${path}" is outside this API key's basic path "${base}"`);
  return path;
}

// ---- Storage configs (spec section 6) ----------------------------------------------------------------

/** The admin sees and uses every storage config; a key only the public ones. */
export function storageConfigUsableBy(actor: Actor, config: { is_public: boolean | number }): boolean {
  return actor.kind === 'admin' || Boolean(config.is_public);
}

/** Only the admin sees a config's connection details; everyone else gets the summary. */
export const seesStorageConfigDetails = (actor: Actor): boolean => actor.kind === 'admin';

// ---- Mounts and the virtual file system (mounts.md "Paths and permission") ----
// Every decision takes a path already normalised by fs/paths.ts (`normalizeVirtualPath`), so `..`,
// `\`, NUL and empty segments never reach these checks.

/** What an actor may do at a virtual path: nothing, look at the way to its scope, or read and write. */
export type FsAccess = 'none' | 'navigate' | 'full';

/** The actor's file-system scope root: '/' for the admin, the key's basic path for a key, null for none. */
export function fsScopeRoot(actor: Actor): string | null {
  if (actor.kind === 'admin') return '/';
  if (actor.kind !== 'apikey' || !actor.permissions.mount) return null;
  return normalizeScopePath(actor.basicPath) ?? null;
}

/**
 * `full` at or below the scope root, `navigate` on `/` and the ancestors of the scope root, `none`
 * elsewhere (a key without mount permission has `none` everywhere). `/foo` never grants `/foobar`.
 */
export function fsAccessAt(actor: Actor, normalizedPath: string): FsAccess {
  const root = fsScopeRoot(actor);
  if (root === null) return 'none';
  if (root === '/' || normalizedPath === root || normalizedPath.startsWith(`${root}/`)) return 'full';
  if (normalizedPath === '/' || root.startsWith(`${normalizedPath}/`)) return 'navigate';
  return 'none';
}

function fsDenied(actor: Actor, path: string): never {
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  if (actor.kind === 'apikey' && !actor.permissions.mount)
    throw forbidden('this API key has no mount permission');
  throw forbidden(`no access to "${path}" for this API key`);
}

/** Listing and stat: allowed where the actor may at least navigate. Answers the access level. */
export function requireFsNavigate(actor: Actor, normalizedPath: string): FsAccess {
  const access = fsAccessAt(actor, normalizedPath);
  if (access === 'none') fsDenied(actor, normalizedPath);
  return access;
}

/** Reading bytes and every write: only at or below the actor's scope root. */
export function requireFsReadWrite(actor: Actor, normalizedPath: string): void {
  if (fsAccessAt(actor, normalizedPath) !== 'full') fsDenied(actor, normalizedPath);
}

/**
 * Whether a navigate-only actor may see `childPath` when listing its parent: only the branch that leads
 * to the scope root (the child is an ancestor of the root, or the root itself).
 */
export function fsChildVisible(actor: Actor, childPath: string): boolean {
  return fsAccessAt(actor, childPath) !== 'none';
}

/** A key sees the mounts at, under or above its basic path; the admin sees all. */
export function mountVisibleTo(actor: Actor, mountPath: string): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind !== 'apikey') return false;
  const root = normalizeScopePath(actor.basicPath);
  if (root === null) return false;
  return isPathWithin(root, mountPath) || isPathWithin(mountPath, root);
}

/** Spec section 6: keys cannot create, change, enable/disable or delete mounts. */
export function requireMountManagement(
  actor: Actor,
  action: 'create' | 'update' | 'delete' | 'toggle',
): void {
  if (actor.kind === 'admin') return;
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  const messages = {
    create: 'API keys cannot create mounts',
    update: 'API keys cannot change mounts',
    delete: 'API keys cannot delete mounts',
    toggle: 'API keys cannot enable or disable mounts',
  } as const;
  throw forbidden(messages[action]);
}
