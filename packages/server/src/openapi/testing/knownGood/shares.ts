/** Known-good calls of the system, auth, key, storage config, text-share, file-share and URL-upload routes. */
import * as assert from 'uvu/assert';
import { s3rverConfig } from '../../../testing/index.ts';
import { TEST_ADMIN } from '../../../testing/testServer.ts';
import { linkParts, REMOTE_BYTES, type Walker } from './walker.ts';

type Data = Record<string, unknown>;

export async function walkSystemAndAuth({ ok, f }: Walker): Promise<void> {
  await ok('GET /api/health');
  await ok('GET /api/version');
  await ok('GET /api/system/max-upload-size');
  const settings = await ok('GET /api/admin/system-settings');
  await ok('PUT /api/admin/system-settings', { body: settings });
  await ok('GET /api/admin/dashboard/stats');
  await ok('POST /api/admin/cache/clear');
  await ok('POST /api/user/cache/clear', { authorization: f.keyAuth });
  await ok('GET /api/test/admin-token');
  await ok('GET /api/test/api-key', { authorization: f.keyAuth });

  // A second session to end, and a password changed and changed back (the current session stays valid).
  const session = await ok('POST /api/admin/login', { body: TEST_ADMIN });
  await ok('POST /api/admin/logout', { authorization: `Bearer ${session.token}` });
  const changed = `${TEST_ADMIN.password}-changed`;
  await ok('POST /api/admin/change-password', {
    body: { currentPassword: TEST_ADMIN.password, newPassword: changed },
  });
  await ok('POST /api/admin/change-password', {
    body: { currentPassword: changed, newPassword: TEST_ADMIN.password },
  });

  await ok('GET /api/admin/api-keys');
  const key = await ok('POST /api/admin/api-keys', { body: { name: 'contract key', text_permission: true } });
  await ok('PUT /api/admin/api-keys/{id}', { pathValues: { id: String(key.id) }, body: { name: 'renamed' } });
  await ok('DELETE /api/admin/api-keys/{id}', { pathValues: { id: String(key.id) } });
  const other = await ok('POST /api/admin/api-keys', { body: { name: 'contract key 2' } });
  const deleted = await ok('POST /api/admin/api-keys/batch-delete', { body: { ids: [String(other.id)] } });
  assert.is(deleted.deleted, 1);
}

export async function walkStorageConfigs({ ok, f }: Walker): Promise<void> {
  await ok('GET /api/s3-configs');
  await ok('GET /api/s3-configs', { authorization: f.keyAuth });
  await ok('GET /api/s3-configs/{id}', { pathValues: { id: f.s3ConfigId } });
  const created = await ok('POST /api/s3-configs', {
    body: s3rverConfig(f.s3, { name: 'contract probe', default_folder: 'probe' }),
  });
  const id = { id: String(created.id) };
  await ok('PUT /api/s3-configs/{id}', { pathValues: id, body: { name: 'contract probe 2' } });
  const folders = await ok('GET /api/s3-configs/{id}/folders', { pathValues: { id: f.localConfigId } });
  assert.ok(Array.isArray(folders.folders), JSON.stringify(folders));
  const probe = await ok('POST /api/s3-configs/{id}/test', { pathValues: id });
  assert.ok(probe.ok, JSON.stringify(probe));
  await ok('PUT /api/s3-configs/{id}/set-default', { pathValues: id });
  // The embedded local config is the default the other walks rely on.
  await ok('PUT /api/s3-configs/{id}/set-default', { pathValues: { id: f.localConfigId } });
  await ok('DELETE /api/s3-configs/{id}', { pathValues: id });
}

export async function walkPastes({ ok, okRaw, f }: Walker): Promise<void> {
  const open = await ok('POST /api/paste', { body: { content: 'documented', title: 'contract' } });
  const locked = await ok('POST /api/paste', { body: { content: 'secret', password: 'pw-123' } });
  const read = await ok('GET /api/paste/{slug}', { pathValues: { slug: String(open.slug) } });
  assert.is(read.content, 'documented');
  // As a reader (no credentials): the owner's own read needs no password.
  const lockedRead = await ok('GET /api/paste/{slug}', {
    pathValues: { slug: String(locked.slug) },
    authorization: '',
  });
  assert.is(lockedRead.requires_password, true);
  await ok('POST /api/paste/{slug}', {
    pathValues: { slug: String(locked.slug) },
    body: { password: 'pw-123' },
  });
  const raw = await okRaw('GET /api/raw/{slug}', { pathValues: { slug: String(open.slug) } });
  assert.is(raw.text, 'documented');
  for (const [scope, authorization] of [
    ['admin', undefined],
    ['user', f.keyAuth],
  ] as const) {
    const mine = await ok('POST /api/paste', { body: { content: `${scope} share` }, authorization });
    const id = { id: String(mine.id) };
    const list = await ok(`GET /api/${scope}/pastes`, { query: { limit: 5 }, authorization });
    assert.ok((list.items as unknown[]).length >= 1);
    await ok(`GET /api/${scope}/pastes/{id}`, { pathValues: id, authorization });
    await ok(`PUT /api/${scope}/pastes/{id}`, { pathValues: id, body: { remark: 'edited' }, authorization });
    await ok(`DELETE /api/${scope}/pastes/{id}`, { pathValues: id, authorization });
    const more = await ok('POST /api/paste', { body: { content: 'to batch' }, authorization });
    await ok(`POST /api/${scope}/pastes/batch-delete`, { body: { ids: [String(more.id)] }, authorization });
  }
  await ok('POST /api/admin/pastes/clear-expired', { body: {} });
}

function shareForm(name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([`bytes of ${name}`], { type: 'text/plain' }), name);
  return form;
}

export async function walkFileShares({ ok, okRaw, f }: Walker): Promise<void> {
  const share = await ok('POST /api/upload', { form: shareForm('contract.txt') });
  const slug = { slug: String(share.slug) };
  const view = await ok('GET /api/public/files/{slug}', { pathValues: slug });
  const locked = await ok('POST /api/upload', { form: shareForm('locked.txt', { password: 'pw-123' }) });
  const lockedView = await ok('GET /api/public/files/{slug}', {
    pathValues: { slug: String(locked.slug) },
    authorization: '',
  });
  assert.is(lockedView.requires_password, true);
  await ok('POST /api/public/files/{slug}/verify', {
    pathValues: { slug: String(locked.slug) },
    body: { password: 'pw-123' },
  });
  await ok('GET /api/office-preview/{slug}', {
    pathValues: slug,
    query: linkParts(String(view.office_preview_url)).query,
  });
  const download = await okRaw('GET /api/file-download/{slug}', {
    pathValues: slug,
    query: linkParts(String(view.download_url)).query,
  });
  assert.is(download.text, 'bytes of contract.txt');
  await okRaw('GET /api/file-view/{slug}', {
    pathValues: slug,
    query: linkParts(String(view.preview_url)).query,
  });

  for (const [scope, authorization] of [
    ['admin', undefined],
    ['user', f.keyAuth],
  ] as const) {
    const mine = await ok('POST /api/upload', { form: shareForm(`${scope}.txt`), authorization });
    const id = { id: String(mine.id) };
    await ok(`GET /api/${scope}/files`, { query: { limit: 5, sort: 'size' }, authorization });
    await ok(`GET /api/${scope}/files/{id}`, { pathValues: id, authorization });
    await ok(`PUT /api/${scope}/files/{id}`, { pathValues: id, body: { remark: 'edited' }, authorization });
    await ok(`DELETE /api/${scope}/files/{id}`, { pathValues: id, authorization });
    const more = await ok('POST /api/upload', { form: shareForm(`${scope}-2.txt`), authorization });
    await ok(`POST /api/${scope}/files/batch-delete`, { body: { ids: [String(more.id)] }, authorization });
  }
}

/** PUTs bytes to a presigned URL (s3rver) and answers its ETag. */
async function put(url: string, bytes: Uint8Array, contentType?: string): Promise<string> {
  const res = await fetch(url, {
    method: 'PUT',
    body: bytes,
    headers: contentType ? { 'content-type': contentType } : {},
  });
  assert.ok(res.ok, `PUT ${url}: ${res.status} ${await res.text()}`);
  return res.headers.get('etag') ?? '';
}

/** Presigned and multipart share uploads into the s3rver config, directly and from a remote URL. */
export async function walkPresignedShares({ ok, okRaw, f }: Walker): Promise<void> {
  const bytes = new TextEncoder().encode('presigned share bytes');
  const s3_config_id = f.s3ConfigId;
  const presigned = await ok('POST /api/s3/presign', {
    body: { s3_config_id, filename: 'presigned.txt', mimetype: 'text/plain', size: bytes.length },
  });
  await put(String(presigned.upload_url), bytes, String(presigned.contentType));
  await ok('POST /api/s3/commit', { body: { file_id: presigned.file_id } });

  const init = await ok('POST /api/s3/multipart/init', {
    body: { s3_config_id, filename: 'parts.txt', size: bytes.length },
  });
  const again = await ok<Data>('POST /api/s3/multipart/parts', {
    body: { file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] },
  });
  const partUrl = (again.part_urls as { url: string }[])[0].url;
  const etag = await put(partUrl, bytes);
  await ok('POST /api/s3/multipart/complete', {
    body: { file_id: init.file_id, upload_id: init.upload_id, parts: [{ partNumber: 1, etag }] },
  });
  const dropped = await ok('POST /api/s3/multipart/init', {
    body: { s3_config_id, filename: 'dropped.txt', size: bytes.length },
  });
  await ok('POST /api/s3/multipart/abort', {
    body: { file_id: dropped.file_id, upload_id: dropped.upload_id },
  });

  // From a URL: the server probes it; the client fetches the bytes and fills the presigned upload.
  await ok('POST /api/url/info', { body: { url: f.remoteUrl } });
  const proxied = await okRaw('GET /api/url/proxy', { query: { url: f.remoteUrl } });
  assert.is(proxied.text, new TextDecoder().decode(REMOTE_BYTES));
  const remote = await ok('POST /api/url/presign', { body: { url: f.remoteUrl, s3_config_id } });
  await put(String(remote.upload_url), REMOTE_BYTES, String(remote.contentType));
  await ok('POST /api/url/commit', { body: { file_id: remote.file_id } });
  const cancelled = await ok('POST /api/url/presign', { body: { url: f.remoteUrl, s3_config_id } });
  await ok('POST /api/url/cancel', { body: { file_id: cancelled.file_id } });
  const parts = await ok('POST /api/url/multipart/init', {
    body: { url: f.remoteUrl, s3_config_id, filename: 'remote.bin', size: REMOTE_BYTES.length },
  });
  const remoteEtag = await put((parts.part_urls as { url: string }[])[0].url, REMOTE_BYTES);
  await ok('POST /api/url/multipart/complete', {
    body: {
      file_id: parts.file_id,
      upload_id: parts.upload_id,
      parts: [{ partNumber: 1, etag: remoteEtag }],
    },
  });
  const abandoned = await ok('POST /api/url/multipart/init', {
    body: { url: f.remoteUrl, s3_config_id, filename: 'remote.bin', size: REMOTE_BYTES.length },
  });
  await ok('POST /api/url/multipart/abort', {
    body: { file_id: abandoned.file_id, upload_id: abandoned.upload_id },
  });
}

/** The access log of the reads above: the admin's, and a key's (its own shares only). */
export async function walkAccessLog({ ok, f }: Walker): Promise<void> {
  const all = await ok<{ items: unknown[] }>('GET /api/admin/access-log', { query: { action: 'view' } });
  assert.ok(all.items.length > 0, 'the reads of the walks above are logged');
  await ok('GET /api/user/access-log', { authorization: f.keyAuth, query: { limit: 5 } });
}
