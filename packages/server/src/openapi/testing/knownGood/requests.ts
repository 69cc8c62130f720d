/** Known-good calls of the upload-request routes: both management scopes and the anonymous upload. */
import * as assert from 'uvu/assert';
import { SCOPES } from '../../routes/types.ts';
import type { Mounts } from './fs.ts';
import type { Walker } from './walker.ts';

export async function walkUploadRequests({ ok, f }: Walker, mounts: Mounts): Promise<void> {
  for (const scope of SCOPES) {
    const authorization = scope === 'user' ? f.keyAuth : undefined;
    const base = `/api/${scope}/upload-requests`;
    const folder = `${mounts.local.path}/requests-${scope}`;
    await ok(`POST /api/${scope}/fs/mkdir`, { body: { path: folder }, authorization });
    const open = await ok(`POST ${base}`, {
      body: { path: folder, title: 'contract', max_files: 5 },
      authorization,
    });
    const locked = await ok(`POST ${base}`, { body: { path: folder, password: 'pw-123' }, authorization });
    const id = { id: String(open.id) };
    await ok(`GET ${base}`, { query: { limit: 10 }, authorization });
    await ok(`PUT ${base}/{id}`, { pathValues: id, body: { message: 'send it' }, authorization });

    const slug = { slug: String(open.slug) };
    await ok('GET /api/public/r/{slug}', { pathValues: slug });
    const verified = await ok('POST /api/public/r/{slug}/verify', {
      pathValues: { slug: String(locked.slug) },
      body: { password: 'pw-123' },
    });
    assert.type(verified.token, 'string');
    const bytes = new TextEncoder().encode('through a request');
    const started = await ok('POST /api/public/r/{slug}/uploads', {
      pathValues: slug,
      body: { filename: 'req.txt', size: bytes.length, uploader: 'contract' },
    });
    const upload = { ...slug, uploadId: String(started.uploadId) };
    const headers = { 'x-upload-token': String(started.uploadToken) };
    await ok('PUT /api/public/r/{slug}/uploads/{uploadId}/parts/{n}', {
      pathValues: { ...upload, n: '1' },
      bytes,
      headers,
    });
    await ok('GET /api/public/r/{slug}/uploads/{uploadId}', { pathValues: upload, headers });
    await ok('POST /api/public/r/{slug}/uploads/{uploadId}/complete', {
      pathValues: upload,
      headers,
    });
    const detail = await ok<{ received: unknown[] }>(`GET ${base}/{id}`, { pathValues: id, authorization });
    assert.is(detail.received.length, 1);
    await ok(`DELETE ${base}/{id}`, { pathValues: { id: String(locked.id) }, authorization });
  }
}
