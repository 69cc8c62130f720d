/** Translated page titles (spec section 2), used for document titles and the offline toast. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdminModule } from '../app/navigation.ts';

export type PageName =
  | 'home'
  | 'upload'
  | 'admin'
  | 'paste-view'
  | 'file-view'
  | 'mount-explorer'
  | 'upload-request'
  | 'path-share'
  | 'not-found';

export const PAGE_TITLES: Record<PageName, MessageDescriptor> = {
  home: msg`Home`,
  upload: msg`Upload`,
  admin: msg`Admin`,
  'paste-view': msg`Text share`,
  'file-view': msg`File share`,
  'mount-explorer': msg`Mount explorer`,
  'upload-request': msg`Send files`,
  'path-share': msg`Shared link`,
  'not-found': msg`Page not found`,
};

export const ADMIN_MODULE_TITLES: Record<AdminModule, MessageDescriptor> = {
  dashboard: msg`Dashboard`,
  'text-management': msg`Text management`,
  'file-management': msg`File management`,
  'path-share-management': msg`Path shares`,
  'storage-config': msg`Storage configs`,
  'mount-management': msg`Mount management`,
  'upload-requests': msg`Upload requests`,
  'key-management': msg`API keys`,
  settings: msg`Settings`,
};

export const PRODUCT_NAME = 'clip';
