/**
 * `fs.copy(items, options)`: asks the server for a batch copy and follows what it answers: done in the
 * request, a task (watched until it ends), or the spec's client-side copy, which this client runs with
 * p-queue page by page and commits; failures are collected per item, never thrown away.
 */
import PQueue from 'p-queue';
import type { Transport } from '../client.ts';
import {
  type BatchCopyClientSide,
  type BatchCopyFailure,
  type BatchCopyResult,
  type ClientCopyItem,
  type CopyCommitFile,
  type CopyPair,
  isTaskFinished,
  type Task,
} from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { TasksResource } from '../resources/tasks.ts';
import { isCancellation, uploadCancelled } from '../upload/errors.ts';
import { withRetries } from '../upload/retry.ts';
import { copyRange, type TransferContext } from './transfer.ts';
import type { CopyOptions, CopyProgress, CopyReport } from './types.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function copyItems(
  transport: Transport,
  tasks: TasksResource,
  items: CopyPair[],
  options: CopyOptions = {},
): Promise<CopyReport> {
  const base = transport.auth.type === 'apikey' ? '/user/fs' : '/admin/fs';
  const signal = options.signal ?? new AbortController().signal;
  const progress: CopyProgress = { phase: 'starting', done: 0, total: 0, bytes: 0 };
  const emit = (patch: Partial<CopyProgress>) => {
    Object.assign(progress, patch);
    options.onProgress?.({ ...progress });
  };
  // Once the server answered a client-side page, the next pages are asked for as client-side too.
  let clientSide = options.clientSide ?? false;
  const ask = (cursor?: string | null) =>
    transport.request<BatchCopyResult>('POST', `${base}/batch-copy`, {
      body: {
        items,
        skipExisting: options.skipExisting ?? true,
        ...(clientSide ? { client_side: true } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    });

  emit({});
  const first = await ask();
  if ('task_id' in first) return followTask(tasks, first.task_id, options, emit);
  if (!('requiresClientSideCopy' in first)) {
    emit({ phase: 'completed', done: first.copied + first.skipped + first.failed.length });
    return { mode: 'inline', copied: first.copied, skipped: first.skipped, failed: first.failed };
  }

  clientSide = true;
  const report: CopyReport = { mode: 'client', copied: 0, skipped: 0, failed: [] };
  let page: BatchCopyClientSide = first;
  for (;;) {
    report.skipped += page.skipped;
    emit({ total: page.total, done: progress.done + page.skipped });
    await makeFolders(transport, base, page.folders ?? [], signal, report);
    const committed = await copyPage(transport, base, page.items, options, signal, report, emit, (n) =>
      emit({ done: progress.done + n }),
    );
    report.copied += committed;
    if (!page.next_cursor) break;
    if (signal.aborted) throw uploadCancelled();
    const next = await ask(page.next_cursor);
    if (!('requiresClientSideCopy' in next))
      throw new ClipError(0, 'BAD_RESPONSE', 'the server stopped the client-side copy');
    page = next;
  }
  emit({ phase: 'completed' });
  return report;
}

/** Creates a page's target folders (parents included; one already there is fine). */
async function makeFolders(
  transport: Transport,
  base: string,
  folders: string[],
  signal: AbortSignal,
  report: CopyReport,
): Promise<void> {
  for (const path of folders) {
    if (signal.aborted) throw uploadCancelled();
    try {
      await transport.request('POST', `${base}/mkdir`, { body: { path, create_parents: true }, signal });
    } catch (err) {
      if (isCancellation(err)) throw err;
      // 409: already there (a file in the way fails the items that go in it, each reported).
      if (err instanceof ClipError && err.status === 409) continue;
      report.failed.push({ sourcePath: '', targetPath: path, error: message(err) });
    }
  }
}

async function followTask(
  tasks: TasksResource,
  id: string,
  options: CopyOptions,
  emit: (p: Partial<CopyProgress>) => void,
): Promise<CopyReport> {
  const task: Task =
    options.wait === false
      ? await tasks.get(id)
      : await tasks.finish(id, {
          signal: options.signal,
          onProgress: (t) =>
            emit({
              phase: 'task',
              task: t,
              done: t.success + t.skipped + t.failed,
              total: t.total,
              bytes: t.bytes_done,
            }),
        });
  const failed: BatchCopyFailure[] = (task.results ?? [])
    .filter((r) => r.status === 'failed')
    .map((r) => ({ sourcePath: '', targetPath: r.path, error: r.error ?? 'failed' }));
  if (isTaskFinished(task.status)) emit({ phase: 'completed', task });
  return { mode: 'task', copied: task.success, skipped: task.skipped, failed, task };
}

/** Copies one page's items, then commits what was copied (one commit per target mount). Answers the committed count. */
async function copyPage(
  transport: Transport,
  base: string,
  items: ClientCopyItem[],
  options: CopyOptions,
  signal: AbortSignal,
  report: CopyReport,
  emit: (p: Partial<CopyProgress>) => void,
  finished: (n: number) => void,
): Promise<number> {
  const queue = new PQueue({ concurrency: options.concurrency ?? 3 });
  const fetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const ready = new Map<string, CopyCommitFile[]>();
  let bytes = 0;
  const fail = (item: ClientCopyItem, err: unknown) => {
    report.failed.push({ sourcePath: item.sourcePath, targetPath: item.targetPath, error: message(err) });
    finished(1);
  };

  const ctxFor = (item: ClientCopyItem): TransferContext => ({
    fetch,
    signal,
    timeoutMs: options.partTimeoutMs ?? 300_000,
    onPhase: (phase) => emit({ phase, item: item.targetPath }),
    onBytes: (n) => {
      bytes += n;
      emit({ bytes });
    },
  });
  const retry = <T>(fn: () => Promise<T>) =>
    withRetries(fn, { retries: options.retries ?? 3, baseDelayMs: options.retryDelayMs ?? 500, signal });

  const copyOne = async (item: ClientCopyItem) => {
    const ctx = ctxFor(item);
    const file: CopyCommitFile = {
      targetPath: item.targetPath,
      s3Path: item.targetS3Path,
      contentType: item.contentType,
      fileSize: item.fileSize,
    };
    if (item.multipart) {
      const plan = item.multipart;
      const parts: { partNumber: number; etag: string }[] = [];
      // Parts of one item run one after another; items run side by side (the queue's concurrency).
      for (const part of plan.parts) {
        if (signal.aborted) throw uploadCancelled();
        const etag = await retry(() =>
          copyRange(ctx, item.downloadUrl, part.url, { start: part.start, end: part.end, whole: false }),
        );
        if (!etag)
          throw new ClipError(0, 'UPSTREAM_FAILED', `storage answered no ETag for part ${part.partNumber}`);
        parts.push({ partNumber: part.partNumber, etag });
      }
      file.uploadId = plan.uploadId;
      file.parts = parts;
    } else {
      const etag = await retry(() =>
        copyRange(
          ctx,
          item.downloadUrl,
          item.uploadUrl!,
          { start: 0, end: item.fileSize, whole: true },
          { 'content-type': item.contentType },
        ),
      );
      file.etag = etag;
    }
    const list = ready.get(item.targetMount) ?? [];
    list.push(file);
    ready.set(item.targetMount, list);
  };

  for (const item of items)
    queue.add(async () => {
      if (signal.aborted) return fail(item, uploadCancelled());
      try {
        await copyOne(item);
      } catch (err) {
        fail(item, err);
      }
    });
  await queue.onIdle();
  if (signal.aborted) {
    const cancelled = report.failed.filter((f) => /cancel/i.test(f.error)).length;
    if (cancelled) throw uploadCancelled();
  }

  let committed = 0;
  for (const [targetMountId, files] of ready) {
    emit({ phase: 'committing' });
    try {
      const result = await transport.request<{
        committed: unknown[];
        failed: { targetPath: string; error: string }[];
      }>('POST', `${base}/batch-copy-commit`, { body: { targetMountId, files } });
      committed += result.committed.length;
      for (const f of result.failed) {
        const item = items.find((i) => i.targetPath === f.targetPath);
        report.failed.push({ sourcePath: item?.sourcePath ?? '', targetPath: f.targetPath, error: f.error });
      }
      finished(result.committed.length + result.failed.length);
    } catch (err) {
      if (isCancellation(err)) throw err;
      for (const f of files) {
        const item = items.find((i) => i.targetPath === f.targetPath);
        report.failed.push({
          sourcePath: item?.sourcePath ?? '',
          targetPath: f.targetPath,
          error: message(err),
        });
      }
      finished(files.length);
    }
  }
  return committed;
}
