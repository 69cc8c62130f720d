/** A WebDAV dead property of a path. */
import type { DeadProperty } from '../../fs/deadPropertyStore.ts';
import { modelOf } from './modelOf.ts';

export class DavPropertyModel extends modelOf<DeadProperty & { path: string }>() {
  static override tableName = 'dav_properties';
  static override idColumn = ['path', 'namespace', 'name'];
}
