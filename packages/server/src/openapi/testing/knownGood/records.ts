/**
 * Records left in place for the property tests, so that random valid calls of `{id}` and `{slug}` routes
 * reach real rows (and their answers are validated) instead of only ever answering 404.
 */
import { serverAdmin } from '../../../tasks/testing/tasksTestKit.ts';
import type { Walker } from './walker.ts';

/** Which operation paths a record's id or slug belongs to. */
export interface KnownValue {
  path: RegExp;
  param: string;
  value: string;
}

export async function durableRecords({ ok, f }: Walker): Promise<KnownValue[]> {
  const paste = await ok('POST /api/paste', { body: { content: 'kept for the properties' } });
  const form = new FormData();
  form.set('file', new Blob(['kept bytes'], { type: 'text/plain' }), 'kept.txt');
  const share = await ok('POST /api/upload', { form });
  const key = await ok('POST /api/admin/api-keys', { body: { name: 'kept key' } });
  const mount = await ok('POST /api/admin/mounts', {
    body: { name: 'kept', mount_path: '/kept', storage_type: 'local', storage_config_id: f.localConfigId },
  });
  // No handler runs 'upload' tasks here: it stays pending (cancellable) for the properties.
  const task = await f.server.app.services.tasks.create(await serverAdmin(f.server.app.services.db.knex), {
    type: 'upload',
    payload: { items: [{ name: 'kept' }] },
  });
  return [
    { path: /\/pastes\/\{id\}/, param: 'id', value: String(paste.id) },
    { path: /\/(paste|raw)\/\{slug\}/, param: 'slug', value: String(paste.slug) },
    { path: /\/files\/\{id\}/, param: 'id', value: String(share.id) },
    {
      path: /\/(public\/files|office-preview|file-download|file-view)\/\{slug\}/,
      param: 'slug',
      value: String(share.slug),
    },
    { path: /\/api-keys\/\{id\}/, param: 'id', value: String(key.id) },
    { path: /\/mounts\/\{id\}/, param: 'id', value: String(mount.id) },
    { path: /\/admin\/tasks\/\{id\}/, param: 'id', value: task.id },
    { path: /\/s3-configs\/\{id\}/, param: 'id', value: f.s3ConfigId },
  ];
}
