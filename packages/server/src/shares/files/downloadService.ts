/**
 * A share's bytes behind a signed link: `download` as an attachment, `view` inline where the type cannot
 * run script in our origin (serving/presentation.ts). S3 configs without proxy_downloads redirect to a
 * presigned GET; everything else is a stored object the route serves (serving/serveBytes.ts).
 */

import { storageError } from '../../http/storageError.ts';
import { type Presentation, presentation, type ServeAs } from '../../serving/presentation.ts';
import type { StoredObject } from '../../serving/serveBytes.ts';
import { canPresign } from '../../storage/driver.ts';
import { SEALED_FILENAME, SEALED_MIMETYPE } from '../core/sealedContent.ts';
import type { FileDeps } from './fileDeps.ts';
import type { FileShareRow } from './fileShareStore.ts';
import { urlLifetime } from './presignService.ts';

export type ShareBytes =
  | { kind: 'redirect'; url: string }
  | { kind: 'stored'; object: StoredObject; shown: Presentation };

export function createDownloadService(deps: FileDeps) {
  return {
    /** `linkSecondsLeft`: until the signed link expires; a redirect never outlives it. */
    async open(row: FileShareRow, as: ServeAs, linkSecondsLeft: number): Promise<ShareBytes> {
      // Ciphertext is only ever a download, whatever its record says.
      const shown = row.encrypted
        ? presentation(SEALED_MIMETYPE, SEALED_FILENAME, 'download')
        : presentation(row.mimetype, row.filename, as);
      const config = await deps.storage.config(row.s3_config_id);
      if (!config)
        throw storageError(new Error('its storage config no longer exists'), `serving "${row.filename}"`);
      const driver = await deps.storage.driver(config.id);
      if (!config.proxy_downloads && canPresign(driver)) {
        try {
          const url = await driver.presignGet(row.storage_path, {
            expiresInSeconds: urlLifetime(config, Math.max(60, linkSecondsLeft)),
            filename: row.filename,
            disposition: shown.disposition,
            contentType: shown.contentType,
          });
          return { kind: 'redirect', url };
        } catch (err) {
          throw storageError(err, `serving "${row.filename}"`);
        }
      }
      const size = Number(row.size ?? 0);
      const object: StoredObject = {
        name: row.filename,
        size,
        etag: row.etag ?? `${row.id}-${size}`,
        modified: new Date(Number(row.created_at)),
        async read(range) {
          try {
            return await driver.read(row.storage_path, range);
          } catch (err) {
            throw storageError(err, `reading "${row.filename}"`);
          }
        },
      };
      return { kind: 'stored', object, shown };
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
