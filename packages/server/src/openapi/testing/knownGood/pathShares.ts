/** Known-good calls of the path-share routes: management in both scopes, then the public side. */
import { pngImage } from '../../../thumbnails/testing/images.ts';
import type { Mounts } from './fs.ts';
import type { Walker } from './walker.ts';

export async function walkPathShares({ ok, okRaw, f }: Walker, mounts: Mounts): Promise<void> {
  const fs = (await f.server.adminClient()).fs;
  const folder = `${mounts.local.path}/shared-by-link`;
  await fs.mkdir(folder, { create_parents: true });
  await fs.update(`${folder}/note.txt`, 'shared by a link');
  await fs.upload(folder, new Blob([await pngImage(40, 30)], { type: 'image/png' }), { filename: 'pic.png' });

  for (const [scope, authorization] of [
    ['admin', undefined],
    ['user', f.keyAuth],
  ] as const) {
    const made = await ok(`POST /api/${scope}/path-shares`, { authorization, body: { path: folder } });
    const id = { id: String(made.id) };
    await ok(`GET /api/${scope}/path-shares`, { authorization, query: { path: folder } });
    await ok(`GET /api/${scope}/path-shares/{id}`, { authorization, pathValues: id });
    await ok(`PUT /api/${scope}/path-shares/{id}`, {
      authorization,
      pathValues: id,
      body: { remark: 'kept' },
    });
    await ok(`DELETE /api/${scope}/path-shares/{id}`, { authorization, pathValues: id });
  }

  const share = await ok('POST /api/admin/path-shares', { body: { path: folder, password: 'contract' } });
  const slug = { slug: String(share.slug) };
  // As the owner (the harness's admin): nothing counted, the token answered all the same.
  const { token } = await ok<{ token: string }>('POST /api/public/s/{slug}/verify', {
    pathValues: slug,
    body: { password: 'contract' },
  });
  await ok('GET /api/public/s/{slug}', { pathValues: slug });
  await ok('GET /api/public/s/{slug}/list', { pathValues: slug, query: { token, path: '/' } });
  for (const what of ['download', 'preview'])
    await okRaw(`GET /api/public/s/{slug}/${what}`, {
      pathValues: slug,
      query: { token, path: '/note.txt' },
    });
  await okRaw('GET /api/public/s/{slug}/thumbnail', {
    pathValues: slug,
    query: { token, path: '/pic.png', size: 128 },
  });
  await okRaw('GET /api/public/s/{slug}/zip', { pathValues: slug, query: { token } });
}
