/**
 * The spec's client-side copy: the server plans and signs, the client moves the bytes. `page` answers
 * copy items a page at a time (a presigned GET of the source and a presigned PUT of the target, or a
 * multipart plan with one presigned URL per part above 100 MiB); `commit` HEADs every target, checks the
 * key's scope and the target mount, completes multipart uploads, and reports only what it verified.
 */
import {
  type BatchCopyClientSide,
  type BatchCopyCommitBody,
  type BatchCopyCommitResult,
  CLIENT_COPY_PAGE_SIZE,
  type ClientCopyItem,
  COPY_MULTIPART_THRESHOLD,
  type CopyPair,
} from '@clip/sdk/contract';
import { badRequest } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { checkWrite, countDirectWrite, unadmitted } from '../../services/admission/admittedDriver.ts';
import { canMultipart, canPresign } from '../../storage/driver.ts';
import { guessMimetype } from '../../uploads/mimetypes.ts';
import { fsStorageError, onStorage } from '../errors.ts';
import { baseNameOf } from '../paths.ts';
import type { FsService, ResolvedMountPath } from '../types.ts';
import { COPY_PART_BYTES } from './copyUnit.ts';
import { planCopy } from './plan.ts';

/** How long the links of one page stay valid, seconds. */
const LINK_TTL_S = 3600;
const MiB = 1024 * 1024;

export interface ClientCopy {
  /** `unreachable`: storage configs this server cannot reach; their targets are signed without a look. */
  page(
    actor: Actor,
    pairs: CopyPair[],
    skipExisting: boolean,
    cursor: number,
    unreachable?: ReadonlyMap<string, string>,
  ): Promise<BatchCopyClientSide>;
  commit(actor: Actor, body: BatchCopyCommitBody): Promise<BatchCopyCommitResult>;
}

const unquote = (etag: string | null | undefined) => (etag ? etag.replace(/"/g, '') : null);

export function createClientCopy(fs: FsService): ClientCopy {
  async function itemFor(
    actor: Actor,
    unit: { source: string; target: string; size: number; etag?: string | null; contentType?: string | null },
    to: ResolvedMountPath,
  ): Promise<ClientCopyItem> {
    // The client sends the bytes straight to the store: the file must fit before anything is signed.
    await checkWrite(to.driver, unit.size);
    // A multipart upload the client drives is counted at commit, not reserved by the admission here.
    const target = unadmitted(to.driver);
    const link = await fs.fileLink(actor, unit.source, { expiresIn: LINK_TTL_S, forceDownload: true });
    const contentType =
      unit.contentType ?? guessMimetype(baseNameOf(unit.target), null) ?? 'application/octet-stream';
    const item: ClientCopyItem = {
      sourcePath: unit.source,
      targetPath: unit.target,
      downloadUrl: link.url,
      uploadUrl: null,
      targetMount: to.mount.id,
      targetS3Path: to.storagePath,
      contentType,
      fileSize: unit.size,
      etag: unit.etag ?? null,
      multipart: null,
    };
    if (!canPresign(target)) {
      // Local storage: a single-use signed PUT to this server, which streams the body to disk (no part plan needed).
      item.uploadUrl = fs.uploadLink(actor, to, unit.size, LINK_TTL_S);
    } else if (unit.size > COPY_MULTIPART_THRESHOLD && canMultipart(target)) {
      const partSize = Math.max(COPY_PART_BYTES, Math.ceil(unit.size / 10_000 / MiB) * MiB);
      const { uploadId } = await onStorage(to.path, () =>
        target.multipartInit(to.storagePath, { contentType }),
      );
      const parts = [];
      for (let n = 1, start = 0; start < unit.size; n++, start += partSize) {
        const url = await onStorage(to.path, () =>
          target.multipartPresignPart(to.storagePath, uploadId, n, LINK_TTL_S),
        );
        parts.push({ partNumber: n, start, end: Math.min(unit.size, start + partSize), url });
      }
      item.multipart = { uploadId, partSize, parts };
    } else {
      item.uploadUrl = await onStorage(to.path, () =>
        target.presignPut(to.storagePath, {
          contentType,
          contentLength: unit.size,
          expiresInSeconds: LINK_TTL_S,
        }),
      );
    }
    return item;
  }

  return {
    async page(actor, pairs, skipExisting, cursor, unreachable = new Map()) {
      const plan = await planCopy(fs, actor, pairs, unreachable);
      // Pages run over folders and files in plan order (a folder before what it holds), so the client
      // creates every folder, empty ones too, before the files that go in it.
      const slice = plan.units.slice(cursor, cursor + CLIENT_COPY_PAGE_SIZE);
      const items: ClientCopyItem[] = [];
      const folders: string[] = [];
      let skipped = 0;
      for (const unit of slice) {
        if (unit.kind === 'folder') {
          folders.push((await fs.resolve(actor, unit.target, 'write')).path);
          continue;
        }
        const to = await fs.resolve(actor, unit.target, 'write');
        await fs.resolve(actor, unit.source, 'read');
        const canLook = !unreachable.has(to.mount.storageConfigId);
        if (canLook && skipExisting && (await onStorage(to.path, () => to.driver.stat(to.storagePath)))) {
          skipped++;
          continue;
        }
        items.push(await itemFor(actor, unit, to));
      }
      const end = cursor + slice.length;
      return {
        requiresClientSideCopy: true,
        folders,
        items,
        skipped,
        next_cursor: end < plan.units.length ? String(end) : null,
        total: plan.files,
      };
    },

    async commit(actor, body) {
      // Every target is checked before anything is recorded: one outside the key's scope refuses the batch.
      const targets: ResolvedMountPath[] = [];
      for (const file of body.files) {
        const to = await fs.resolve(actor, file.targetPath, 'write');
        if (to.mount.id !== body.targetMountId)
          throw badRequest(`"${to.path}" is not in the target mount ${body.targetMountId}`);
        if (file.s3Path.replace(/^\/+/, '') !== to.storagePath)
          throw badRequest(`s3Path "${file.s3Path}" is not where "${to.path}" is stored`);
        targets.push(to);
      }
      const result: BatchCopyCommitResult = { committed: [], failed: [] };
      for (const [i, file] of body.files.entries()) {
        const to = targets[i];
        try {
          const driver = to.driver;
          if (file.uploadId) {
            if (!canMultipart(driver) || !file.parts?.length)
              throw badRequest('a multipart commit needs its parts');
            await driver.multipartComplete(to.storagePath, file.uploadId, file.parts);
          }
          const head = await driver.stat(to.storagePath);
          if (!head || head.isDirectory) throw badRequest('the target object is not there');
          if (head.size !== file.fileSize)
            throw badRequest(`the target has ${head.size} bytes, expected ${file.fileSize}`);
          if (!file.uploadId && file.etag && unquote(file.etag) !== unquote(head.etag))
            throw badRequest(`the target's ETag ${head.etag} differs from ${file.etag}`);
          // A signed PUT to this server (a store without presigning) was counted as it was written.
          if (canPresign(driver)) await countDirectWrite(driver, head.size);
          result.committed.push({ targetPath: to.path, size: head.size, etag: head.etag });
        } catch (err) {
          result.failed.push({ targetPath: to.path, error: fsStorageError(err, to.path).message });
        }
      }
      if (targets.length) await fs.afterWrite(targets[0]);
      return result;
    },
  };
}
