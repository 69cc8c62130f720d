/**
 * The built route-preload.js: the catalogs it starts are those of the language the app will pick
 * (i18n/language.ts `pickLanguage`), and a route's files only on that route.
 */
import { runInNewContext } from 'node:vm';
import type { OutputBundle } from 'rollup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pickLanguage } from '../src/i18n/language.ts';
import { routePreload } from './routePreload.ts';

const chunk = (fileName: string, facadeModuleId: string | null, extra: object = {}) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports: [],
  isEntry: false,
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', '/w/index.html', { isEntry: true }),
  'assets/Page.js': chunk('assets/Page.js', '/w/src/Page.tsx', {
    imports: ['assets/part.js'],
    viteMetadata: { importedCss: new Set(['assets/Page.css']) },
  }),
  'assets/part.js': chunk('assets/part.js', null),
  'assets/en.js': chunk('assets/en.js', '/w/src/locales/en/messages.po'),
  'assets/zh.js': chunk('assets/zh.js', '/w/src/locales/zh/messages.po'),
} as unknown as OutputBundle;

function builtScript(): string {
  const plugin = routePreload(
    { '/page': 'src/Page.tsx' },
    { en: ['src/locales/en/messages.po'], zh: ['src/locales/zh/messages.po'] },
    'language',
  );
  let source = '';
  const context = { emitFile: (file: { source: string }) => (source = file.source) };
  (plugin.generateBundle as (this: unknown, o: unknown, b: OutputBundle) => void).call(context, {}, bundle);
  return source;
}

/** Runs the script as a page at `path` would; answers the links it added as `rel href`. */
function run(path: string, saved: string | null, languages: string[]): string[] {
  const links: string[] = [];
  runInNewContext(builtScript(), {
    location: { pathname: path },
    localStorage: { getItem: (key: string) => (key === 'language' ? saved : null) },
    navigator: { languages, language: languages[0] },
    document: {
      createElement: () => ({}),
      head: { append: (l: { rel: string; href: string }) => links.push(`${l.rel} ${l.href}`) },
    },
  });
  return links;
}

test('the catalogs preloaded are those of the language the app picks', () => {
  const cases: [string | null, string[]][] = [
    [null, ['zh-CN', 'en']],
    [null, ['en-GB', 'zh']],
    [null, []],
    ['en', ['zh-TW']],
    ['zh', ['en-US']],
    ['fr', ['ZH-hk']],
    ['fr', ['de']],
  ];
  for (const [saved, languages] of cases) {
    const language = pickLanguage(saved, languages);
    assert.equal(
      run('/', saved, languages),
      [`modulepreload /assets/${language}.js`],
      `${saved} ${languages}`,
    );
  }
});

test("a route's chunk, its imports and CSS are preloaded on that route and below it only", () => {
  const page = ['modulepreload /assets/Page.js', 'modulepreload /assets/part.js', 'preload /assets/Page.css'];
  assert.equal(run('/page/a/b', 'en', []).slice(1), page);
  assert.equal(run('/page', 'en', []).slice(1), page);
  assert.equal(run('/pages', 'en', []), ['modulepreload /assets/en.js']);
});

test.run();
