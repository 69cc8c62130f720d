/**
 * The storage as mounts see it (ADR 0040): the same driver without the server's own objects. Every path
 * handed to it that names the reserved `.clip` folder, at any depth, is not found, and listings leave that
 * folder out, so no route of the file system (API, WebDAV, signed links, uploads, copies, tasks) can list,
 * read, overwrite or walk into file-share objects or uploads in progress. The resolution (context.ts)
 * already answers 404 for such a path; this view also covers what resolution never sees: the entries a
 * listing or a folder walk finds.
 */
import {
  type AdoptCapability,
  type CopyCapability,
  type MkdirCapability,
  type MultipartCapability,
  type ObjectUrlCapability,
  type PresignCapability,
  type RenameCapability,
  type StagedPartsCapability,
  type StorageDriver,
  StorageNotFoundError,
  type StreamPutCapability,
  type TempSweepCapability,
} from '../storage/driver.ts';
import { isReservedName, isServerObjectPath } from '../storage/serverObjects.ts';

type AnyDriver = StorageDriver &
  PresignCapability &
  MultipartCapability &
  StreamPutCapability &
  CopyCapability &
  RenameCapability &
  AdoptCapability &
  StagedPartsCapability &
  MkdirCapability &
  ObjectUrlCapability &
  TempSweepCapability;
type Method = Exclude<keyof AnyDriver, 'type'>;

/**
 * Which arguments of each driver method are storage paths. Typed over every capability, so a method added
 * to the driver interface does not compile until it says which of its arguments are paths.
 */
const PATH_ARGS: Record<Method, readonly number[]> = {
  stat: [0],
  list: [0],
  read: [0],
  write: [0],
  remove: [0],
  close: [],
  presignPut: [0],
  presignGet: [0],
  multipartInit: [0],
  multipartPresignPart: [0],
  multipartUploadPart: [0],
  multipartComplete: [0],
  multipartAbort: [0],
  streamPut: [0],
  copy: [0, 1],
  rename: [0, 1],
  adopt: [0],
  putPart: [],
  joinParts: [2],
  dropParts: [],
  mkdir: [0],
  objectUrl: [0],
  sweepTempFiles: [0],
};

const views = new WeakMap<StorageDriver, StorageDriver>();

/** The mount view of `driver` (one per driver, kept as long as the driver). */
export function mountView(driver: StorageDriver): StorageDriver {
  let view = views.get(driver);
  if (!view) {
    view = buildView(driver);
    views.set(driver, view);
  }
  return view;
}

function buildView(driver: StorageDriver): StorageDriver {
  const raw = driver as Partial<AnyDriver> & StorageDriver;
  const view: Record<string, unknown> = { type: driver.type };
  for (const method of Object.keys(PATH_ARGS) as Method[]) {
    const fn = raw[method] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof fn !== 'function') continue;
    const paths = PATH_ARGS[method];
    view[method] = (...args: unknown[]) => {
      const reserved = paths.find(
        (i) => typeof args[i] === 'string' && isServerObjectPath(args[i] as string),
      );
      if (reserved === undefined) return fn.apply(driver, args);
      // What is not there: stat answers null, everything else fails as a missing object would.
      if (method === 'stat') return Promise.resolve(null);
      const error = new StorageNotFoundError(`storage path "${args[reserved]}" not found`);
      if (method === 'objectUrl') throw error;
      return Promise.reject(error);
    };
  }
  const list = view.list as StorageDriver['list'];
  view.list = async (path: string, options?: Parameters<StorageDriver['list']>[1]) => {
    const page = await list(path, options);
    if (!page.entries.some((e) => isReservedName(e.name))) return page;
    return { ...page, entries: page.entries.filter((e) => !isReservedName(e.name)) };
  };
  return view as unknown as StorageDriver;
}
