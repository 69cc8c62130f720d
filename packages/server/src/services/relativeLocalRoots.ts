/**
 * A local storage config whose root is relative (the default `storage`) lives in each process's own
 * CLIP_DATA_DIR. On SQLite there is one process per data dir, so that is one folder; on Postgres, where
 * several processes may share the database, each would keep its own folder under one config. Said at
 * start, once per such config, so an operator adding a second process sees it (docs/guide/scaling.md).
 */
import { isAbsolute } from 'node:path';
import type { Logger } from 'pino';
import { localRoot, type StorageConfigRow } from '../storage/createDriver.ts';

export function warnRelativeLocalRoots(
  rows: Pick<StorageConfigRow, 'name' | 'provider_type' | 'root_path'>[],
  dataDir: string,
  logger: Pick<Logger, 'warn'>,
): number {
  let warned = 0;
  for (const row of rows) {
    if (row.provider_type !== 'local' || !row.root_path || isAbsolute(row.root_path)) continue;
    logger.warn(
      { storageConfig: row.name, rootPath: row.root_path, folder: localRoot(row.root_path, dataDir) },
      `local storage "${row.name}" has the relative root "${row.root_path}", a folder in this process's CLIP_DATA_DIR: processes sharing this Postgres database share its files only if they share that folder; give it an absolute root_path on shared storage`,
    );
    warned++;
  }
  return warned;
}
