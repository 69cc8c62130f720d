/**
 * Vite build plugin: lets a lazily loaded page start downloading with the app instead of after it.
 * The built `route-preload.js` (a small classic script in index.html, the CSP allows only files)
 * holds, per route prefix, the page chunk, the chunks it imports that the entry does not, and their
 * CSS; on a matching path it adds modulepreload / preload links at once. Without it the page's chunk is
 * requested only once the app's JavaScript has run and the router resolved the route.
 */
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** Route prefix -> the page module whose chunk that route loads. */
export type RoutePages = Record<string, string>;

const FILE = 'route-preload.js';

function pageFiles(bundle: OutputBundle, pageModule: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[], seen = new Set<string>()) => {
    for (const file of start) {
      if (seen.has(file)) continue;
      seen.add(file);
      closure(byName.get(file)?.imports ?? [], seen);
    }
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const page = chunks.find((c) => c.facadeModuleId?.endsWith(pageModule));
  if (!entry || !page) throw new Error(`route-preload: no chunk for ${pageModule}`);
  // What index.html already loads is left out.
  const loaded = closure([entry.fileName]);
  const files = [...closure([page.fileName])].filter((f) => !loaded.has(f));
  const css = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
  return [...files, ...css].map((f) => `/${f}`);
}

export function routePreload(routes: RoutePages): Plugin {
  return {
    name: 'clip-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const table = Object.fromEntries(
        Object.entries(routes).map(([prefix, module]) => [prefix, pageFiles(bundle, module)]),
      );
      this.emitFile({
        type: 'asset',
        fileName: FILE,
        source: `(() => {
  const routes = ${JSON.stringify(table)};
  const path = location.pathname;
  for (const [prefix, files] of Object.entries(routes)) {
    if (path !== prefix && !path.startsWith(prefix + '/')) continue;
    for (const href of files) {
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
        link.crossOrigin = '';
      }
      link.href = href;
      document.head.append(link);
    }
  }
})();
`,
      });
    },
    transformIndexHtml: {
      order: 'post',
      // Right after the theme script, blocking like it: fetched alongside it (the two cost one wait,
      // not two) and run before the app's own scripts are even parsed. An async script was fetched at
      // low priority, after the app's chunks, and gained nothing.
      handler(html) {
        const anchor = '<script src="/theme-boot.js"></script>';
        if (!html.includes(anchor)) throw new Error('route-preload: index.html has no theme-boot script');
        return html.replace(anchor, `${anchor}\n    <script src="/${FILE}"></script>`);
      },
    },
  };
}
