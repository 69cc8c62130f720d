/**
 * The gates every public call of an upload request passes: the request live by its slug, its password,
 * its owner as it stands now with the folder writable, and an upload bound to the token that began it.
 * Each failure is the answer a stranger may see (404 for anything about the owner, never a 403).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, gone, notFound, unauthorized } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import type { StorageDriver } from '../../storage/driver.ts';
import type { UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import type { RequestAccess, RequestUploadDeps } from './requestUploads.ts';
import type { RequestFileRow, UploadRequestRow } from './uploadRequestStore.ts';

export const hashUploadToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createRequestGates(deps: RequestUploadDeps) {
  const { store, sessions, host, fs, clock } = deps;
  const missing = (slug: string) => notFound(`upload request "${slug}" not found`);
  const passwordNeeded = () =>
    new AppError(401, 'UNAUTHORIZED', 'this upload request needs its password', {
      data: { requires_password: true },
    });

  /** The request by slug, live (404 unknown, 410 expired). */
  async function live(slug: string, access: RequestAccess): Promise<UploadRequestRow> {
    const row = await store.bySlug(slug);
    if (!row) throw missing(slug);
    access.share = { id: row.id, owner: row.created_by };
    if (row.expires_at !== null && row.expires_at <= clock.now())
      throw gone(`upload request "${slug}" has expired`);
    return row;
  }

  /** 401 unless the request is open or `token` is a share-access token issued for it as it stands. */
  function requireAccess(row: UploadRequestRow, token: string | undefined): void {
    if (row.password_hash === null) return;
    if (!token || !deps.tokens.valid({ ...row, password_hash: row.password_hash }, token, clock.now()))
      throw passwordNeeded();
  }

  /**
   * The owner as it stands now, with the folder resolved for writing: a key gone or without access, or a
   * folder gone, make the link unknown (404), never a 403 that tells a stranger about the owner.
   */
  async function ownerFolder(
    row: UploadRequestRow,
  ): Promise<{ owner: Actor; configId: string; driver: StorageDriver }> {
    const issuer = row.created_by.startsWith('apikey:') ? row.created_by : `admin:${row.created_by}`;
    const owner = await deps.issuers.actorFor(issuer);
    if (!owner) throw missing(row.slug);
    try {
      const resolved = await fs.resolve(owner, row.path, 'write');
      const folder = await fs.stat(owner, row.path);
      if (folder?.type !== 'folder') throw missing(row.slug);
      const configId = resolved.mount.storageConfigId;
      // The storage itself, not the mount's view of it: the staging object lives in its reserved folder.
      const driver = await host.driver(configId);
      if (!driver) throw missing(row.slug);
      return { owner, configId, driver };
    } catch (err) {
      if (err instanceof AppError && [401, 403, 404, 409].includes(err.status)) throw missing(row.slug);
      throw err;
    }
  }

  /** The upload `id` of this request, held by whoever sent `uploadToken` (401 none, 403 another's). */
  async function bound(
    row: UploadRequestRow,
    id: string,
    uploadToken: string | undefined,
  ): Promise<RequestFileRow> {
    const file = await store.file(id);
    if (!file || file.request_id !== row.id) throw notFound(`upload "${id}" not found`);
    if (!uploadToken) throw unauthorized('this call needs the upload token (X-Upload-Token)');
    if (!sameHash(hashUploadToken(uploadToken), file.token_hash))
      throw new AppError(403, 'FORBIDDEN', `the upload token does not belong to upload "${id}"`);
    return file;
  }

  async function sessionOf(file: RequestFileRow): Promise<UploadSessionRow> {
    const session = await sessions.byId(file.id);
    if (!session) throw gone(`upload "${file.id}" was abandoned and swept; start it again`);
    return session;
  }

  async function driverOf(session: UploadSessionRow): Promise<StorageDriver> {
    const driver = await host.driver(session.storage_config_id);
    if (!driver) throw gone(`the storage of upload "${session.id}" is gone; start it again`);
    return driver;
  }

  return { missing, live, requireAccess, ownerFolder, bound, sessionOf, driverOf };
}

export type RequestGates = ReturnType<typeof createRequestGates>;
