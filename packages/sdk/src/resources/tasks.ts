import type { Transport } from '../client.ts';
import {
  type ClearTasksResult,
  isTaskFinished,
  type ListResult,
  type Task,
  type TaskListQuery,
} from '../contract/index.ts';

export interface WatchOptions {
  /** Time between two polls (default 500 ms: the server writes progress at most twice a second). */
  intervalMs?: number;
  signal?: AbortSignal;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Background tasks: the admin's (`/admin/tasks`, every task) or a key's own (`/user/tasks`). */
export class TasksResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  get #base(): string {
    return this.#t.auth.type === 'apikey' ? '/user/tasks' : '/admin/tasks';
  }
  list(query: TaskListQuery = {}): Promise<ListResult<Task>> {
    return this.#t.request('GET', this.#base, { query: { ...query } });
  }
  get(id: string): Promise<Task> {
    return this.#t.request('GET', `${this.#base}/${encodeURIComponent(id)}`);
  }
  cancel(id: string): Promise<Task> {
    return this.#t.request('POST', `${this.#base}/${encodeURIComponent(id)}/cancel`);
  }
  /** Runs the failed items of a finished task again. */
  retry(id: string): Promise<Task> {
    return this.#t.request('POST', `${this.#base}/${encodeURIComponent(id)}/retry`);
  }
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `${this.#base}/${encodeURIComponent(id)}`);
  }
  /** Deletes every finished task the caller can see. */
  clear(): Promise<ClearTasksResult> {
    return this.#t.request('POST', `${this.#base}/clear`);
  }
  /**
   * Waits for the task to end and answers it with its per-item results. An abort of `signal` cancels
   * the task on the server, and the wait goes on until the task has stopped; `onProgress` sees every
   * change on the way.
   */
  async finish(
    id: string,
    options: { signal?: AbortSignal; onProgress?: (task: Task) => void } = {},
  ): Promise<Task> {
    const { signal, onProgress } = options;
    const onAbort = () => void this.cancel(id).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const task of this.watch(id)) onProgress?.(task);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return this.get(id);
  }
  /**
   * Yields the task each time its progress changes, ending with its finished state
   * (completed, partial, failed or cancelled).
   */
  async *watch(id: string, options: WatchOptions = {}): AsyncGenerator<Task, void, undefined> {
    let last = '';
    for (;;) {
      const task = await this.get(id);
      const { results: _results, ...progress } = task;
      const seen = JSON.stringify(progress);
      if (seen !== last || isTaskFinished(task.status)) {
        last = seen;
        yield task;
      }
      if (isTaskFinished(task.status)) return;
      await wait(options.intervalMs ?? 500, options.signal);
    }
  }
}
