/** The route table of spec section 2: lazy pages, guards as loaders, and a catch-all back home. */
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  redirect,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { type RouteHandle, Shell } from '../shell/Shell.tsx';
import { BootHeader } from './BootHeader.tsx';
import { FIRST_PAGE_LIMIT } from './folderFirstPage.ts';
import { adminRouteRedirect, type GuardView, mountRouteRedirect } from './guards.ts';
import { lazyPage } from './lazyPage.tsx';
import { RouteError } from './RouteError.tsx';
import type { AppServices } from './services.ts';

function guardView(services: AppServices): GuardView {
  const { auth } = services;
  return {
    authType: auth.state.value.authType,
    permissions: auth.permissions.value,
    basicPath: auth.userInfo.value.basicPath,
  };
}

/** Runs a guard after revalidating a stale session; any error lets navigation proceed (spec section 5). */
function guarded(
  services: AppServices,
  decide: (view: GuardView, args: LoaderFunctionArgs) => string | null,
) {
  return async (args: LoaderFunctionArgs) => {
    try {
      if (services.auth.needsRevalidation()) await services.auth.revalidate();
      const target = decide(guardView(services), args);
      return target ? redirect(target) : null;
    } catch {
      return null;
    }
  };
}

/** Share views: start the first read now, alongside the page's chunk; the page takes it (sharePrefetch.ts). */
function prefetchRead(start: (slug: string) => void) {
  return ({ params }: LoaderFunctionArgs) => {
    if (params.slug) start(params.slug);
    return null;
  };
}

/** Every read counts a view: read again only for another share, not on same-page revalidation. */
function onlyForAnotherSlug({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.slug !== nextParams.slug;
}

export function mountPathFromUrl(splat: string | undefined): string | null {
  if (!splat) return null;
  try {
    return `/${decodeURIComponent(splat)}`;
  } catch {
    return null;
  }
}

/**
 * The explorer's guard, and its folder's first page started alongside the download of the page's chunk:
 * at once when the stored session may browse the path (the guard's session check nearly always
 * confirms it, and waiting for it cost a round trip), else once the guard allowed it.
 */
function explorerLoader(services: AppServices) {
  const guard = guarded(services, (view, { params }) =>
    mountRouteRedirect(view, mountPathFromUrl(params['*'])),
  );
  const { auth, client, listingPrefetch } = services;
  const mayBrowse = () => {
    const type = auth.state.value.authType;
    return type === 'admin' || (type === 'apikey' && auth.permissions.value.mount);
  };
  return async (args: LoaderFunctionArgs) => {
    const requested = mountPathFromUrl(args.params['*']);
    const path = (requested ?? '/').replace(/\/+$/, '') || '/';
    const startListing = () =>
      listingPrefetch.start(path, () => client.fs.list(path, { limit: FIRST_PAGE_LIMIT }));
    const early = mayBrowse() && mountRouteRedirect(guardView(services), requested) === null;
    if (early) startListing();
    const result = await guard(args);
    if (result) listingPrefetch.take(path);
    else if (!early && mayBrowse()) startListing();
    return result;
  };
}

export function createAppRouter(services: AppServices) {
  const notify = services.toasts.show;
  const handle = (page: RouteHandle['page']): RouteHandle => ({ page });
  const { client, sharePrefetch } = services;
  return createBrowserRouter([
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: BootHeader,
      children: [
        {
          index: true,
          handle: handle('home'),
          lazy: lazyPage('home', () => import('../pages/home/HomePage.tsx'), notify),
        },
        {
          path: 'upload',
          handle: handle('upload'),
          lazy: lazyPage('upload', () => import('../pages/upload/UploadPage.tsx'), notify),
        },
        {
          path: 'admin',
          handle: handle('admin'),
          loader: guarded(services, (view) => adminRouteRedirect(view)),
          lazy: lazyPage('admin', () => import('../adminShell/AdminArea.tsx'), notify),
          children: [
            {
              index: true,
              lazy: lazyPage('admin', () => import('../adminShell/AdminModuleOutlet.tsx'), notify),
            },
            {
              path: ':module',
              lazy: lazyPage('admin', () => import('../adminShell/AdminModuleOutlet.tsx'), notify),
            },
          ],
        },
        {
          path: 'paste/:slug',
          handle: handle('paste-view'),
          loader: prefetchRead((slug) => sharePrefetch.paste.start(slug, () => client.pastes.get(slug))),
          shouldRevalidate: onlyForAnotherSlug,
          lazy: lazyPage('paste-view', () => import('../pages/paste/PasteViewPage.tsx'), notify),
        },
        {
          path: 'file/:slug',
          handle: handle('file-view'),
          loader: prefetchRead((slug) => sharePrefetch.file.start(slug, () => client.files.getPublic(slug))),
          shouldRevalidate: onlyForAnotherSlug,
          lazy: lazyPage('file-view', () => import('../pages/file/FileViewPage.tsx'), notify),
        },
        {
          path: 'r/:slug',
          handle: handle('upload-request'),
          lazy: lazyPage('upload-request', () => import('../pages/request/UploadRequestPage.tsx'), notify),
        },
        {
          path: 'mount-explorer/*',
          handle: handle('mount-explorer'),
          loader: explorerLoader(services),
          // A new folder needs the guard and a listing; a preview (?preview=) or a reload does not.
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          lazy: lazyPage('mount-explorer', () => import('../pages/mount/MountExplorerPage.tsx'), notify),
        },
        {
          // A path share's root and every folder below it: one page, the sub path from the splat.
          path: 's/:slug/*',
          handle: handle('path-share'),
          lazy: lazyPage('path-share', () => import('../pages/pathShare/PathSharePage.tsx'), notify),
        },
        { path: '*', handle: handle('not-found'), loader: () => redirect('/') },
      ],
    },
  ]);
}
