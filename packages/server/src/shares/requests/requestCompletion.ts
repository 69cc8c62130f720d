/**
 * Completing an upload through a request: the parts joined in the staging object, the first free name
 * claimed (never an existing file), the object moved under it and the folder's listings invalidated.
 * A completion asked again answers the first one's result.
 */
import { FS_UPLOAD_IDLE_MS, type RequestUploadDone } from '@clip/sdk/contract';
import { joinVirtual } from '../../fs/paths.ts';
import { AppError, conflict } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { Actor } from '../../services/actor.ts';
import { canRename, type StorageDriver } from '../../storage/driver.ts';
import { partStoreFor } from '../../uploads/sessions/partStores.ts';
import { requireOpen } from '../../uploads/sessions/sessionRules.ts';
import type { UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import type { RequestGates } from './requestGates.ts';
import { checkFile, numberedName, overLimits } from './requestRules.ts';
import type { RequestAccess, RequestUploadDeps } from './requestUploads.ts';

/** How many numbered names a completion tries before giving up (409). */
const MAX_NUMBERED = 1000;

export function createRequestCompletion(deps: RequestUploadDeps, gates: RequestGates) {
  const { store, sessions, host, fs, clock } = deps;
  const { live, bound, sessionOf, requireAccess, ownerFolder, driverOf } = gates;

  /** Claims the first name free in the folder and among other completions; answers it and its path. */
  async function claimFreeName(owner: Actor, folder: string, name: string, fileId: string) {
    for (let n = 0; n < MAX_NUMBERED; n++) {
      const candidate = numberedName(name, n);
      const path = joinVirtual(folder, candidate);
      if (await fs.stat(owner, path)) continue;
      if (await store.claim(fileId, path)) {
        // Checked again once claimed: a completion of the same name may have landed in between.
        if (!(await fs.stat(owner, path))) return { name: candidate, path };
        await store.unclaim(fileId);
      }
    }
    throw conflict(`no free name for "${name}" in "${folder}" after ${MAX_NUMBERED} tries`);
  }

  async function abandon(session: UploadSessionRow, driver: StorageDriver, stagingWritten: boolean) {
    await sessions.transition(session.id, 'completing', 'aborted', { updated_at: clock.now() });
    await sessions.deleteParts(session.id);
    await store.unclaim(session.id);
    if (stagingWritten) await driver.remove(session.object_key).catch(() => undefined);
  }

  return async function complete(
    slug: string,
    id: string,
    uploadToken: string | undefined,
    shareToken: string | undefined,
    access: RequestAccess,
  ): Promise<RequestUploadDone> {
    const row = await live(slug, access);
    const file = await bound(row, id, uploadToken);
    access.path = joinVirtual(row.path, file.filename);
    let session = await sessionOf(file);
    if (session.status === 'completed' && session.result)
      return JSON.parse(session.result) as RequestUploadDone;
    requireAccess(row, shareToken);
    const { owner, configId } = await ownerFolder(row);
    // The rules as they stand now: the owner may have changed them while the bytes travelled.
    checkFile(row, file.filename, file.content_type, file.size);
    const over = overLimits(row, await store.tally(row.id, clock.now()), file.size, false);
    if (over) throw over;
    if (configId !== session.storage_config_id)
      throw conflict(`the folder of upload "${id}" moved to another storage since it began; start it again`);
    requireOpen(session, clock.now(), true);
    const parts = await sessions.parts(id);
    if (parts.length !== session.part_count) {
      const have = new Set(parts.map((p) => p.part_number));
      const missingParts: number[] = [];
      for (let k = 1; k <= session.part_count && missingParts.length < 20; k++)
        if (!have.has(k)) missingParts.push(k);
      throw conflict(`upload "${id}" is missing parts ${missingParts.join(', ')} of ${session.part_count}`);
    }
    await deps.admission.check(configId, session.file_size, { exceptSession: id });
    const stale = session.status === 'completing';
    if (
      !(await sessions.transition(
        id,
        session.status,
        'completing',
        { updated_at: clock.now() },
        stale ? session.updated_at : undefined,
      ))
    ) {
      session = (await sessions.byId(id)) ?? session;
      if (session.status === 'completed' && session.result)
        return JSON.parse(session.result) as RequestUploadDone;
      throw conflict(`upload "${id}" is being completed; ask again shortly`);
    }
    const driver = await driverOf(session);
    let joined: { size: number };
    try {
      joined = await partStoreFor(driver).finish(session, await sessions.parts(id));
    } catch (err) {
      await sessions.transition(id, 'completing', 'uploading', { updated_at: clock.now() });
      throw storageError(err, 'joining the parts');
    }
    if (joined.size !== session.file_size) {
      await abandon(session, driver, true);
      throw conflict(`the joined parts hold ${joined.size} bytes, but ${session.file_size} were declared`);
    }
    let done: RequestUploadDone;
    try {
      const { name, path } = await claimFreeName(owner, row.path, file.filename, id);
      const target = await host.target(owner, row.path, name, {});
      if (!canRename(driver)) throw new Error(`a ${driver.type} storage cannot move objects`);
      await driver.rename(session.object_key, target.objectKey);
      await store.completed(id, name, path, clock.now());
      await host.written(owner, target, 0);
      done = { name, size: joined.size };
      access.path = path;
      access.bytes = joined.size;
    } catch (err) {
      await abandon(session, driver, true);
      if (err instanceof AppError) throw err;
      throw storageError(err, 'moving the file into the folder');
    }
    await sessions.transition(id, 'completing', 'completed', {
      result: JSON.stringify(done),
      expires_at: clock.now() + FS_UPLOAD_IDLE_MS,
      updated_at: clock.now(),
    });
    return done;
  };
}
