import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreload } from './scripts/routePreload.ts';

export default defineConfig({
  // Workspace packages export their TypeScript source under `source` (their packed build otherwise).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [
    // The Lingui macro must run before the React transform (stack.md).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    // The explorer is half the product and its chunk is sizeable: start it with the app. The
    // language's catalogs (i18n/catalogLoader.ts) start with the app on every page.
    routePreload(
      { '/mount-explorer': 'src/pages/mount/MountExplorerPage.tsx' },
      {
        en: ['src/locales/en/messages.po', 'src/pages/admin/locales/en/messages.po'],
        zh: ['src/locales/zh/messages.po', 'src/pages/admin/locales/zh/messages.po'],
      },
      'language', // STORAGE_KEYS.language (@clip/sdk)
    ),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        name: 'clip',
        short_name: 'clip',
        description: 'Online clipboard and file sharing',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0550ae',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
  ],
  // The manifest lets the bundle budget test follow each chunk's static imports.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // The plugin-timings note (the Lingui and PWA plugins take most of the build) repeats every
      // build, says nothing actionable and carried escape codes into CI's log.
      checks: { pluginTimings: false },
      output: {
        // Everything the entry imports statically in one chunk beside the entry: left alone, rolldown
        // cut it into ~14 small shared chunks, each a request of its own before the first paint (on
        // HTTP/1.1, six at a time). The entry (index.html -> main.tsx) stays a chunk of its own so the
        // manifest still names it.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8787' } },
});
