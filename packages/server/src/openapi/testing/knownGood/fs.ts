/** Known-good calls of the mount, file-system, upload, copy and task routes, in both scopes. */
import * as assert from 'uvu/assert';
import type { Actor } from '../../../services/actor.ts';
import { keyActor, serverAdmin, testHandler, until } from '../../../tasks/testing/tasksTestKit.ts';
import { pngImage } from '../../../thumbnails/testing/images.ts';
import { linkParts, type Walker } from './walker.ts';

type Data = Record<string, unknown>;
const SCOPES = ['admin', 'user'] as const;

export interface Mounts {
  local: { id: string; path: string };
  s3: { id: string; path: string };
}

export async function walkMounts({ ok, f }: Walker): Promise<Mounts> {
  const made: Data[] = [];
  for (const [path, config] of [
    ['/c-local', f.localConfigId],
    ['/c-s3', f.s3ConfigId],
  ])
    made.push(
      await ok('POST /api/admin/mounts', {
        body: {
          name: `contract ${path}`,
          mount_path: path,
          storage_type: config === f.localConfigId ? 'local' : 's3',
          storage_config_id: config,
          root_prefix: 'contract',
        },
      }),
    );
  for (const scope of SCOPES) {
    // Keys may read mounts only; the administrator may manage them through either path.
    const spare = await ok(`POST /api/${scope}/mounts`, {
      body: {
        name: `spare ${scope}`,
        mount_path: `/spare-${scope}`,
        storage_type: 'local',
        storage_config_id: f.localConfigId,
      },
    });
    const id = { id: String(spare.id) };
    await ok(`PUT /api/${scope}/mounts/{id}`, { pathValues: id, body: { is_active: false } });
    await ok(`GET /api/${scope}/mounts/{id}`, {
      pathValues: { id: String(made[0].id) },
      authorization: scope === 'user' ? f.keyAuth : undefined,
    });
    await ok(`GET /api/${scope}/mounts`, {
      query: { search: 'contract' },
      authorization: scope === 'user' ? f.keyAuth : undefined,
    });
    await ok(`DELETE /api/${scope}/mounts/{id}`, { pathValues: id });
  }
  return {
    local: { id: String(made[0].id), path: '/c-local' },
    s3: { id: String(made[1].id), path: '/c-s3' },
  };
}

/** Every `.../fs/*` route on real mounts; answers the id of a task the scope's actor owns. */
export async function walkFs(w: Walker, mounts: Mounts): Promise<Record<string, string>> {
  const { ok, okRaw, f } = w;
  const tasks: Record<string, string> = {};
  let signedDone = false;
  for (const scope of SCOPES) {
    const authorization = scope === 'user' ? f.keyAuth : undefined;
    const p = `/api/${scope}/fs`;
    const dir = `${mounts.local.path}/${scope}`;
    const s3Dir = `${mounts.s3.path}/${scope}`;
    await ok(`POST ${p}/mkdir`, { body: { path: dir }, authorization });
    await ok(`POST ${p}/mkdir`, { body: { path: s3Dir }, authorization });
    const form = new FormData();
    form.set('path', dir);
    form.set('file', new Blob(['uploaded bytes'], { type: 'text/plain' }), 'a.txt');
    const uploaded = await ok<{ item: Data }>(`POST ${p}/upload`, { form, authorization });
    const file = String(uploaded.item.path);
    const batch = new FormData();
    batch.set('path', dir);
    batch.append('file', new Blob(['one']), 'batch/one.txt');
    batch.append('file', new Blob(['two']), 'batch/two.txt');
    const batched = await ok<{ items: Data[] }>(`POST ${p}/upload-batch`, { form: batch, authorization });
    assert.is(batched.items.length, 2);
    await ok(`GET ${p}/list`, { query: { path: dir, limit: 10 }, authorization });
    const top = await ok(`GET ${p}/list`, { query: { path: '/' }, authorization });
    assert.is(top.is_virtual, true);
    const got = await ok(`GET ${p}/get`, { query: { path: file }, authorization });
    const bytes = await okRaw(`GET ${p}/download`, { query: { path: file }, authorization });
    assert.is(bytes.text, 'uploaded bytes');
    await okRaw(`GET ${p}/preview`, { query: { path: file }, authorization });
    const picture = new FormData();
    picture.set('path', dir);
    picture.set('file', new Blob([await pngImage(40, 30)], { type: 'image/png' }), 'pic.png');
    await ok(`POST ${p}/upload`, { form: picture, authorization });
    await okRaw(`GET ${p}/thumbnail`, { query: { path: `${dir}/pic.png`, size: 128 }, authorization });
    const thumbs = await ok(`GET ${p}/thumbnail-link`, { query: { path: dir }, authorization });
    if (!signedDone) {
      await okRaw('GET /api/fs/thumbnail', {
        query: { ...linkParts(String(thumbs.url)).query, name: 'pic.png' },
      });
      await okRaw('GET /api/fs/download', { query: linkParts(String(got.download_url)).query });
      await okRaw('GET /api/fs/preview', { query: linkParts(String(got.preview_url)).query });
      signedDone = true;
    }
    await ok(`GET ${p}/file-link`, { query: { path: file, expires_in: 60 }, authorization });
    await ok(`POST ${p}/update`, { body: { path: `${dir}/notes.txt`, content: 'notes' }, authorization });
    await ok(`POST ${p}/rename`, {
      body: { oldPath: `${dir}/notes.txt`, newPath: `${dir}/notes2.txt` },
      authorization,
    });

    // Resumable upload: one part, its status, complete; a second session abandoned.
    const part = new TextEncoder().encode('one part');
    const init = await ok(`POST ${p}/multipart/init`, {
      body: { path: dir, filename: 'parts.bin', fileSize: part.length },
      authorization,
    });
    await ok(`POST ${p}/multipart/part`, {
      query: { uploadId: init.uploadId, partNumber: 1, isLastPart: true, key: init.key },
      bytes: part,
      authorization,
    });
    await ok(`GET ${p}/multipart/status`, { query: { uploadId: init.uploadId }, authorization });
    await ok(`POST ${p}/multipart/complete`, {
      body: { uploadId: init.uploadId, key: init.key },
      authorization,
    });
    const dropped = await ok(`POST ${p}/multipart/init`, {
      body: { path: dir, filename: 'dropped.bin', fileSize: part.length },
      authorization,
    });
    await ok(`POST ${p}/multipart/abort`, { body: { uploadId: dropped.uploadId }, authorization });

    // Presigned direct upload into the s3rver mount.
    const presigned = await ok(`POST ${p}/presign`, {
      body: { path: s3Dir, fileName: 'direct.txt', contentType: 'text/plain', fileSize: part.length },
      authorization,
    });
    const put = await fetch(String(presigned.uploadUrl), {
      method: 'PUT',
      body: part,
      headers: presigned.headers as Record<string, string>,
    });
    assert.ok(put.ok, `presigned PUT: ${put.status} ${await put.text()}`);
    await ok(`POST ${p}/presign/commit`, {
      body: { uploadId: presigned.uploadId, key: presigned.key },
      authorization,
    });

    // Copies: inside one mount (done in the request), client-side into s3 (a page the caller copies and
    // commits), and across storage configs (a task, 202).
    const copied = await ok(`POST ${p}/batch-copy`, {
      body: { items: [{ sourcePath: file, targetPath: `${dir}/copy.txt` }] },
      authorization,
    });
    assert.is(copied.copied, 1);
    const page = await ok(`POST ${p}/batch-copy`, {
      body: { items: [{ sourcePath: file, targetPath: `${s3Dir}/client.txt` }], client_side: true },
      authorization,
    });
    const files = [];
    for (const item of page.items as Data[]) {
      const source = await fetch(String(item.downloadUrl));
      const body = new Uint8Array(await source.arrayBuffer());
      const target = await fetch(String(item.uploadUrl), {
        method: 'PUT',
        body,
        headers: { 'content-type': String(item.contentType) },
      });
      assert.ok(target.ok, `client-side PUT: ${target.status}`);
      files.push({
        targetPath: String(item.targetPath),
        s3Path: String(item.targetS3Path),
        contentType: String(item.contentType),
        fileSize: body.length,
        etag: target.headers.get('etag'),
      });
    }
    assert.ok(files.length === 1, JSON.stringify(page));
    await ok(`POST ${p}/batch-copy-commit`, { body: { targetMountId: mounts.s3.id, files }, authorization });
    const queued = await ok(`POST ${p}/batch-copy`, {
      body: { items: [{ sourcePath: file, targetPath: `${s3Dir}/queued.txt` }] },
      authorization,
    });
    assert.type(queued.task_id, 'string', `a copy across configs is a task: ${JSON.stringify(queued)}`);
    tasks[scope] = String(queued.task_id);

    // Client-side copy into local storage: the page's upload link is the server's signed PUT.
    const localPage = await ok(`POST ${p}/batch-copy`, {
      body: { items: [{ sourcePath: file, targetPath: `${dir}/client-local.txt` }], client_side: true },
      authorization,
    });
    const [localItem] = localPage.items as Data[];
    const bytesBack = new Uint8Array(await (await fetch(String(localItem.downloadUrl))).arrayBuffer());
    await okRaw('PUT /api/fs/put', { query: linkParts(String(localItem.uploadUrl)).query, bytes: bytesBack });

    // The two other task types: a ZIP of the folder (download) and a remote file fetched in (upload).
    const archive = await ok(`POST ${p}/archive`, {
      body: { paths: [dir], targetPath: `${s3Dir}/folder.zip` },
      authorization,
    });
    const fetched = await ok(`POST ${p}/fetch-url`, {
      body: { items: [{ url: f.remoteUrl, targetPath: `${dir}/fetched.bin` }] },
      authorization,
    });
    for (const id of [archive.task_id, fetched.task_id])
      await until(async () => {
        const task = await ok(`GET /api/${scope}/tasks/{id}`, {
          pathValues: { id: String(id) },
          authorization,
        });
        return task.status === 'completed';
      }, `${scope} task ${id}`);

    await ok(`DELETE ${p}/remove`, { query: { path: `${dir}/notes2.txt` }, authorization });
    await ok(`POST ${p}/batch-remove`, { body: { paths: [`${dir}/copy.txt`] }, authorization });
  }
  return tasks;
}

/** The task routes: a finished copy task, a pending task to cancel, a task with a failed item to retry. */
export async function walkTasks({ ok, f }: Walker, copyTasks: Record<string, string>): Promise<void> {
  const kit = testHandler();
  const services = f.server.app.services;
  // Stand-in handlers: a pending task to cancel, an item that fails once to retry.
  services.taskRunner.register('download', kit.handler);
  services.taskRunner.register('upload', kit.handler);
  const adminActor = await serverAdmin(services.db.knex);
  for (const scope of SCOPES) {
    const authorization = scope === 'user' ? f.keyAuth : undefined;
    const actor: Actor = scope === 'user' ? keyActor(f.keyId) : adminActor;
    const p = `/api/${scope}/tasks`;
    const get = (id: string) => ok(`GET ${p}/{id}`, { pathValues: { id }, authorization });
    const finished = async (id: string, statuses: string[]) =>
      statuses.includes(String((await get(id)).status));
    await until(() => finished(copyTasks[scope], ['completed']), `${scope} copy task`);
    await ok(`GET ${p}`, { query: { type: 'copy', limit: 10 }, authorization });
    // An item that waits until released: the task is still running when it is cancelled.
    const pending = await services.tasks.create(actor, {
      type: 'upload',
      payload: { items: [{ name: `waits ${scope}`, wait: true }] },
    });
    await ok(`POST ${p}/{id}/cancel`, { pathValues: { id: pending.id }, authorization });
    const failing = await services.tasks.create(actor, {
      type: 'download',
      payload: { items: [{ name: `fails once ${scope}`, failTimes: 1 }] },
    });
    await until(() => finished(failing.id, ['partial', 'failed']), 'a failed item');
    await ok(`POST ${p}/{id}/retry`, { pathValues: { id: failing.id }, authorization });
    await until(() => finished(failing.id, ['completed']), 'the retry');
    await ok(`DELETE ${p}/{id}`, { pathValues: { id: failing.id }, authorization });
  }
  // After both scopes: the administrator's clear removes every finished task, the key's among them.
  await ok('POST /api/user/tasks/clear', { authorization: f.keyAuth });
  await ok('POST /api/admin/tasks/clear');
}
