/** The navigation helper of spec section 2: a path for each page key. */
export const ADMIN_MODULES = [
  'dashboard',
  'text-management',
  'file-management',
  'path-share-management',
  'storage-config',
  'mount-management',
  'upload-requests',
  'key-management',
  'settings',
] as const;
export type AdminModule = (typeof ADMIN_MODULES)[number];

export function isAdminModule(value: string | undefined): value is AdminModule {
  return (ADMIN_MODULES as readonly string[]).includes(value ?? '');
}

export interface PageParams {
  home: undefined;
  upload: undefined;
  admin: { module?: AdminModule } | undefined;
  'paste-view': { slug: string };
  'file-view': { slug: string };
  'mount-explorer': { path?: string; previewFile?: string } | undefined;
  'path-share': { slug: string; path?: string };
}
export type PageKey = keyof PageParams;

const encodePath = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');

export function pathFor<K extends PageKey>(
  page: K,
  ...[params]: undefined extends PageParams[K] ? [params?: PageParams[K]] : [params: PageParams[K]]
): string {
  switch (page) {
    case 'home':
      return '/';
    case 'upload':
      return '/upload';
    case 'admin': {
      const module = (params as PageParams['admin'])?.module;
      return module && module !== 'dashboard' ? `/admin/${module}` : '/admin';
    }
    case 'paste-view':
      return `/paste/${encodeURIComponent((params as PageParams['paste-view']).slug)}`;
    case 'file-view':
      return `/file/${encodeURIComponent((params as PageParams['file-view']).slug)}`;
    case 'mount-explorer': {
      const p = params as PageParams['mount-explorer'];
      const rest = p?.path ? encodePath(p.path) : '';
      const query = p?.previewFile ? `?preview=${encodeURIComponent(p.previewFile)}` : '';
      return `/mount-explorer${rest ? `/${rest}` : ''}${query}`;
    }
    case 'path-share': {
      const p = params as PageParams['path-share'];
      const rest = p.path ? encodePath(p.path) : '';
      return `/s/${encodeURIComponent(p.slug)}${rest ? `/${rest}` : ''}`;
    }
    default:
      return '/';
  }
}
