/**
 * `upload` tasks: the server fetches remote files (`POST .../fs/fetch-url`) into a mount. Each URL goes
 * through the SSRF guard of URL uploads (every redirect re-checked, the checked address pinned), and its
 * body streams into the storage (one streamed PUT when the length is known, streamed parts otherwise), so
 * nothing is held whole in memory or on disk. Transient failures (timeouts, 429, 5xx) are retried.
 */
import { Transform } from 'node:stream';
import {
  type BatchCopyQueued,
  type FetchUrlBody,
  type FetchUrlItem,
  httpUrlProblem,
} from '@clip/sdk/contract';
import { badRequest, conflict, upstreamFailed } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { guardedFetch } from '../../services/url/guardedFetch.ts';
import { remoteMimetype, remoteSize } from '../../services/url/remoteFile.ts';
import type { SsrfGuard } from '../../services/url/ssrfGuard.ts';
import { canStreamPut } from '../../storage/driver.ts';
import { pipeThrough } from '../../storage/pipeThrough.ts';
import { pathSummary } from '../../tasks/pathSummary.ts';
import type { TaskRunner } from '../../tasks/runner.ts';
import type { TaskService } from '../../tasks/taskService.ts';
import { withRetry } from '../../tasks/transient.ts';
import { fsStorageError, onStorage } from '../errors.ts';
import { parentPath } from '../paths.ts';
import type { FsService } from '../types.ts';
import { SKIPPED_EXISTING } from './copyUnit.ts';
import { refreshListings } from './refreshListings.ts';

interface FetchPayload {
  items: FetchUrlItem[];
  skipExisting: boolean;
}

export interface UrlFetchService {
  fetchUrls(actor: Actor, body: FetchUrlBody): Promise<BatchCopyQueued>;
}

/** The remote's answer as an error the retry rules read (its own status: 5xx and 429 are retried, 4xx not). */
function remoteRefusal(status: number, host: string): Error {
  return upstreamFailed(`${host} answered HTTP ${status}`, null, status);
}

export function createUrlFetch(deps: {
  fs: FsService;
  tasks: TaskService;
  runner: TaskRunner;
  guard: SsrfGuard;
}): UrlFetchService {
  const { fs, tasks, guard } = deps;

  deps.runner.register('upload', {
    concurrency: 3,
    describe: (item: FetchUrlItem) => item.targetPath,
    async runItem(item: FetchUrlItem, payload, ctx) {
      const p = payload as unknown as FetchPayload;
      // The owner's scope as it is now (ctx.actor), not only as it was when the task was made.
      const to = await fs.resolve(ctx.actor, item.targetPath, 'write');
      const existing = await onStorage(to.path, () => to.driver.stat(to.storagePath));
      if (existing?.isDirectory) throw conflict(`"${to.path}" is a folder`);
      if (existing && p.skipExisting) return { status: 'skipped', path: to.path, error: SKIPPED_EXISTING };
      await withRetry(
        async () => {
          ctx.checkpoint();
          const res = await guardedFetch(guard, item.url, { method: 'GET', signal: ctx.signal });
          if (res.status < 200 || res.status >= 300) {
            res.body.destroy();
            throw remoteRefusal(res.status, res.url.host);
          }
          const size = remoteSize(res);
          let counted = 0;
          const counter = new Transform({
            transform(chunk: Buffer, _enc, done) {
              counted += chunk.length;
              ctx.addBytes(chunk.length);
              done(null, chunk);
            },
          });
          const body = pipeThrough(res.body, counter);
          const contentType = remoteMimetype(res);
          const target = to.driver;
          try {
            if (size !== null && canStreamPut(target))
              await target.streamPut(to.storagePath, body, { size, contentType, signal: ctx.signal });
            else
              await target.write(to.storagePath, body, {
                size: size ?? undefined,
                contentType,
                signal: ctx.signal,
              });
          } catch (err) {
            res.body.destroy();
            ctx.addBytes(-counted);
            throw err;
          }
        },
        { signal: ctx.signal },
      ).catch((err) => {
        throw fsStorageError(err, to.path);
      });
      return { status: 'success', path: to.path };
    },
    async finish(payload) {
      const p = payload as unknown as FetchPayload;
      await refreshListings(
        fs,
        p.items.map((item) => item.targetPath),
      );
    },
  });

  /** A URL as the task list shows it: without its query or credentials, which may carry a token. */
  const shownUrl = (raw: string) => {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`;
  };

  return {
    async fetchUrls(actor, body) {
      // What can be refused now is refused now (4xx): bad URLs, paths outside the scope, a missing folder.
      for (const item of body.items) {
        const problem = httpUrlProblem(item.url);
        if (problem) throw badRequest(`"${item.url}": ${problem}`);
        const to = await fs.resolve(actor, item.targetPath, 'write');
        if (to.subPath === '') throw badRequest(`"${to.path}" is a mount's root: name the file to create`);
        const parent = await fs.stat(actor, parentPath(to.path));
        if (parent?.type !== 'folder')
          throw conflict(`target folder "${parentPath(to.path)}" does not exist`);
      }
      const payload: FetchPayload = { items: body.items, skipExisting: body.skipExisting ?? true };
      const task = await tasks.create(actor, {
        type: 'upload',
        payload: payload as unknown as FetchPayload & { [k: string]: unknown },
        source: body.items.length === 1 ? shownUrl(body.items[0].url) : null,
        target: pathSummary(body.items.map((item) => item.targetPath)),
      });
      return { task_id: task.id };
    },
  };
}
