/**
 * The one parser of upload forms (file shares' `POST /upload`, the file system's `fs/upload`): multer
 * (over busboy), imported on the first upload since an idle server does not need it, with a storage
 * engine for the form's one file part. The part streams straight to its target when the fields that say
 * where it goes came first; otherwise it is spooled until the form ends (any field order works).
 */
import type { Readable } from 'node:stream';
import type multer from '@koa/multer';
import { removeSpooled, type SpooledFile, spoolPart } from './spool.ts';

/** Room for the text fields and multipart framing around a file at the limit. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;

export interface FilePart {
  stream: Readable;
  filename: string;
  mimetype: string;
}

export interface SpooledPart extends SpooledFile {
  filename: string;
  mimetype: string;
}

/** Where the form's file part went; filled in by the engine's callbacks as the form is read. */
export interface FormFile<P> {
  placed: P | null;
  spooled: SpooledPart | null;
  /** The engine's work on the part: multer may report a form error before it has settled. */
  work: Promise<unknown> | null;
  /** Our own failure (the target's or the spool's): it keeps its meaning, where the form's is a 400. */
  engineError: unknown;
  /** The spool's failure alone (its 413 may be reported by multer as the abort that follows). */
  spoolError: unknown;
  /** Errors of the part stream itself: a form cut short, never the engine's fault. */
  partErrors: Set<unknown>;
}

export interface FileTarget<P> {
  /** True once the fields that say where the part goes have arrived. */
  routed(fields: Record<string, unknown>): boolean;
  /** Streams the part to where the fields say. */
  place(fields: Record<string, unknown>, part: FilePart): Promise<P>;
  /** Undoes a placed part when multer drops it (the form failed after it); without it, it stays. */
  discard?(placed: P): Promise<unknown>;
  /** A refusal of the part before any byte is read, or null. */
  refuse?(part: FilePart): Error | null;
  spool: { dir: string; limitBytes: number; tooLargeMessage?: string };
}

let loading: Promise<typeof multer> | null = null;

export function loadMulter(): Promise<typeof multer> {
  loading ??= import('@koa/multer').then((m) => m.default);
  return loading;
}

export function emptyFormFile<P>(): FormFile<P> {
  return {
    placed: null,
    spooled: null,
    work: null,
    engineError: null,
    spoolError: null,
    partErrors: new Set(),
  };
}

/** A multer storage engine that places or spools the form's file part, recording what it did in `form`. */
export function fileEngine<P>(form: FormFile<P>, target: FileTarget<P>): multer.StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const fields = { ...(req as unknown as { body: Record<string, unknown> }).body };
      const raw = file as unknown as { stream: Readable; originalname: string; mimetype: string };
      const part: FilePart = { stream: raw.stream, filename: raw.originalname, mimetype: raw.mimetype };
      const refusal = target.refuse?.(part) ?? null;
      if (refusal) return callback(refusal);
      part.stream.on('error', (err) => form.partErrors.add(err));
      const work = target.routed(fields)
        ? target.place(fields, part).then((placed) => {
            form.placed = placed;
          })
        : spoolPart(
            part.stream,
            target.spool.limitBytes,
            target.spool.dir,
            target.spool.tooLargeMessage,
          ).then(
            (spooled) => {
              form.spooled = { ...spooled, filename: part.filename, mimetype: part.mimetype };
            },
            (err) => {
              form.spoolError = err;
              throw err;
            },
          );
      form.work = work.catch(() => {});
      work.then(
        () => callback(null, {} as never),
        (err) => {
          form.engineError = err;
          callback(err);
        },
      );
    },
    _removeFile(_req, _file, callback) {
      const { placed, spooled } = form;
      form.placed = null;
      form.spooled = null;
      Promise.all([placed && target.discard?.(placed), spooled && removeSpooled(spooled.path)]).then(
        () => callback(null as never),
        callback,
      );
    },
  };
}

/** A form field's yes (`create_parents`): true, `true` or `1`. */
export const formFlag = (v: unknown): boolean => v === true || v === 'true' || v === '1';
