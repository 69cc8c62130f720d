/**
 * Which admin modules a session may open. The admin opens all; an API key opens the management of
 * what it may create (spec section 6). The modules themselves live in pages/admin/<module>/index.tsx.
 */
import type { AuthType, Permissions } from '@clip/sdk';
import { ADMIN_MODULES, type AdminModule } from './navigation.ts';

export function allowedAdminModules(authType: AuthType, permissions: Permissions): AdminModule[] {
  if (authType === 'admin') return [...ADMIN_MODULES];
  if (authType !== 'apikey') return [];
  return ADMIN_MODULES.filter(
    (m) =>
      (m === 'text-management' && permissions.text) ||
      (m === 'file-management' && permissions.file) ||
      // Links into mounts: a key with mount permission makes and manages its own.
      (m === 'path-share-management' && permissions.mount) ||
      // Read-only: a key sees the mounts it may reach, with the spec's note that it cannot change them.
      (m === 'mount-management' && permissions.mount) ||
      // A key with mount permission makes requests on the folders it may write, and manages those.
      (m === 'upload-requests' && permissions.mount),
  );
}
