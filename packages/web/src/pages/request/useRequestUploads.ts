/**
 * The files an uploader sends through a request: each with its status, its bytes sent and why it was
 * refused. Two go up at once; each is a resumable session (the SDK's uploadToRequest with the IndexedDB
 * memory), so a retry, a reload or a connection back sends only the parts the server lacks.
 */
import {
  ClipError,
  formatBytes,
  type RequestUploadDone,
  type UploadRequestInfo,
  uploadToRequest,
  uploadTypeAllowed,
} from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { requestMemory } from './requestMemory.ts';

export type RequestItemStatus = 'waiting' | 'uploading' | 'done' | 'refused' | 'interrupted';

export interface RequestItem {
  id: string;
  file: File;
  /** The folder inside a dropped folder ('' at the top), shown before the name. */
  dir: string;
  status: RequestItemStatus;
  loaded: number;
  /** What the file landed as. */
  done?: RequestUploadDone;
  problem?: string;
}

/** Failures a retry may cure: the network, a timeout, the server busy or failing. */
const interrupted = (err: unknown) =>
  !(err instanceof ClipError) ||
  err.status === 0 ||
  err.status === 408 ||
  err.status === 429 ||
  err.status >= 500;

const CONCURRENT = 2;
let nextId = 0;

export function useRequestUploads(options: {
  link: string;
  slug: string;
  info: UploadRequestInfo;
  shareToken: string | undefined;
  uploader: string;
  /** After each file lands: what remains changed. */
  onLanded: () => void;
}) {
  const { t } = useLingui();
  const [items, setItems] = useState<RequestItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef(options);
  latest.current = options;

  const patch = useCallback((id: string, change: Partial<RequestItem>) => {
    setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));
  }, []);

  /** Why the server (or the check before it) refused a file, in the interface language. */
  const refusal = useCallback(
    (err: unknown, file: File): string => {
      const name = file.name;
      if (err instanceof ClipError) {
        const limit = (err.data as { limit?: string } | null)?.limit;
        if (err.status === 415) return t`${name} is not a type this request takes`;
        if (limit === 'max_file_bytes') return t`${name} is larger than this request takes per file`;
        if (limit === 'max_files') return t`This request takes no more files`;
        if (limit === 'max_total_bytes') return t`Not enough room left in this request for ${name}`;
        if (err.status === 413) return t`Not enough storage space on the server for ${name}`;
        if (err.status === 410) return t`This request has closed`;
        if (err.status === 404) return t`This request no longer exists`;
        if (err.status === 401) return t`The password is needed again: reload the page`;
      }
      return errorMessage(err);
    },
    [t],
  );

  const run = useCallback(
    async (item: RequestItem) => {
      const { link, info, shareToken, uploader } = latest.current;
      const allowed = info.limits.allowed_types;
      if (!uploadTypeAllowed(allowed, item.file.name, item.file.type || 'application/octet-stream'))
        return patch(item.id, {
          status: 'refused',
          problem: t`${item.file.name} is not a type this request takes`,
        });
      const max = info.limits.max_file_bytes;
      if (max !== null && item.file.size > max) {
        const limit = formatBytes(max);
        return patch(item.id, {
          status: 'refused',
          problem: t`${item.file.name} is larger than ${limit}, the most this request takes per file`,
        });
      }
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      patch(item.id, { status: 'uploading', problem: undefined });
      try {
        const done = await uploadToRequest(link, item.file, {
          shareToken,
          uploader: uploader.trim() || undefined,
          memory: requestMemory,
          signal: controller.signal,
          onProgress: ({ loaded }) => patch(item.id, { loaded }),
        });
        patch(item.id, { status: 'done', done, loaded: item.file.size });
        latest.current.onLanded();
      } catch (err) {
        patch(
          item.id,
          interrupted(err)
            ? { status: 'interrupted', problem: t`Interrupted: it continues where it stopped when you retry` }
            : { status: 'refused', problem: refusal(err, item.file) },
        );
      } finally {
        controllers.current.delete(item.id);
      }
    },
    [patch, refusal, t],
  );

  // Starts waiting files while fewer than CONCURRENT are on their way.
  useEffect(() => {
    const active = items.filter((i) => i.status === 'uploading').length;
    const next = items.filter((i) => i.status === 'waiting').slice(0, Math.max(0, CONCURRENT - active));
    for (const item of next) {
      patch(item.id, { status: 'uploading' });
      void run(item);
    }
  }, [items, patch, run]);

  // A connection back resumes what it interrupted.
  useEffect(() => {
    const resume = () =>
      setItems((all) => all.map((i) => (i.status === 'interrupted' ? { ...i, status: 'waiting' } : i)));
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, []);

  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
    },
    [],
  );

  return {
    items,
    add(files: { file: File; dir: string }[]) {
      setItems((all) => [
        ...all,
        ...files.map(({ file, dir }) => ({
          id: `f${++nextId}`,
          file,
          dir,
          status: 'waiting' as const,
          loaded: 0,
        })),
      ]);
    },
    retry(id: string) {
      patch(id, { status: 'waiting', problem: undefined });
    },
    remove(id: string) {
      controllers.current.get(id)?.abort();
      setItems((all) => all.filter((i) => i.id !== id));
    },
  };
}
