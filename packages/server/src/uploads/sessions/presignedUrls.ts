/**
 * The one presign of uploads a client sends straight to the storage: a single PUT (a mount's or a file
 * share's presigned upload), or a PUT per part of a session's storage upload (a file share's presigned
 * multipart upload, whose parts then become an object through the session's part store, partStores.ts,
 * like the parts that come through the server).
 */
import { storageError } from '../../http/storageError.ts';
import type { MultipartCapability, PresignCapability, StorageDriver } from '../../storage/driver.ts';
import type { UploadSessionRow } from './sessionStore.ts';

/** A PUT URL for `objectKey`, for exactly `size` bytes when known (a body of another length fails the signature). */
export async function signPut(
  driver: StorageDriver & PresignCapability,
  objectKey: string,
  options: { contentType: string; size: number | null; ttlSeconds: number },
): Promise<string> {
  try {
    return await driver.presignPut(objectKey, {
      contentType: options.contentType,
      contentLength: options.size ?? undefined,
      expiresInSeconds: options.ttlSeconds,
    });
  } catch (err) {
    throw storageError(err, 'presigning the upload');
  }
}

export async function signParts(
  driver: StorageDriver & MultipartCapability,
  session: Pick<UploadSessionRow, 'object_key' | 'storage_upload_id'>,
  numbers: number[],
  ttlSeconds: number,
): Promise<{ partNumber: number; url: string }[]> {
  try {
    return await Promise.all(
      numbers.map(async (partNumber) => ({
        partNumber,
        url: await driver.multipartPresignPart(
          session.object_key,
          session.storage_upload_id!,
          partNumber,
          ttlSeconds,
        ),
      })),
    );
  } catch (err) {
    throw storageError(err, 'presigning upload parts');
  }
}
