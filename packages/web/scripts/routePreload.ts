/**
 * Vite build plugin: lets a lazily loaded page start downloading with the app instead of after it.
 * The built `route-preload.js` (a small classic script in index.html, the CSP allows only files)
 * holds, per route prefix, the page chunk, the chunks it imports that the entry does not, and their
 * CSS; on a matching path it adds modulepreload / preload links at once. Without it the page's chunk is
 * requested only once the app's JavaScript has run and the router resolved the route.
 * On every path it also preloads the message catalogs of the language the app will start in (the
 * app renders only once they are active): otherwise they too wait for the app's JavaScript to run.
 */
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** Route prefix -> the page module whose chunk that route loads. */
export type RoutePages = Record<string, string>;
/** Language code -> the catalog modules the app imports for it (i18n/catalogLoader.ts). */
export type LanguageCatalogs = Record<string, string[]>;

const FILE = 'route-preload.js';

const chunkOf = (chunks: OutputChunk[], module: string) =>
  chunks.find((c) => c.facadeModuleId?.endsWith(module));

function catalogFiles(bundle: OutputBundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  return modules.map((module) => {
    const chunk = chunkOf(chunks, module);
    if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
    return `/${chunk.fileName}`;
  });
}

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
  const page = chunkOf(chunks, pageModule);
  if (!entry || !page) throw new Error(`route-preload: no chunk for ${pageModule}`);
  // What index.html already loads is left out.
  const loaded = closure([entry.fileName]);
  const files = [...closure([page.fileName])].filter((f) => !loaded.has(f));
  const css = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
  return [...files, ...css].map((f) => `/${f}`);
}

/**
 * The language the app starts in, as i18n/language.ts `pickLanguage` chooses it: the saved one (under
 * `storageKey`), else zh for a browser whose first language is zh*, else en (routePreload.test.ts
 * runs the built script against `pickLanguage`).
 */
const languageChoice = (storageKey: string) => `(() => {
      const saved = localStorage.getItem(${JSON.stringify(storageKey)});
      if (saved === 'zh' || saved === 'en') return saved;
      const first = (navigator.languages ?? [navigator.language])[0] ?? '';
      return first.toLowerCase().startsWith('zh') ? 'zh' : 'en';
    })()`;

export function routePreload(routes: RoutePages, catalogs: LanguageCatalogs, storageKey: string): Plugin {
  return {
    name: 'clip-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const table = Object.fromEntries(
        Object.entries(routes).map(([prefix, module]) => [prefix, pageFiles(bundle, module)]),
      );
      const catalogTable = Object.fromEntries(
        Object.entries(catalogs).map(([language, modules]) => [language, catalogFiles(bundle, modules)]),
      );
      this.emitFile({
        type: 'asset',
        fileName: FILE,
        source: `(() => {
  const routes = ${JSON.stringify(table)};
  const catalogs = ${JSON.stringify(catalogTable)};
  const path = location.pathname;
  let language = 'en';
  try {
    language = ${languageChoice(storageKey)};
  } catch {}
  const wanted = [...(catalogs[language] ?? [])];
  for (const [prefix, files] of Object.entries(routes))
    if (path === prefix || path.startsWith(prefix + '/')) wanted.push(...files);
  for (const href of wanted) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the app's own loads (Vite's <link rel="stylesheet" crossorigin>): a preload in another
    // credentials mode is not used, fetched twice and warned about on every deep link.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
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
