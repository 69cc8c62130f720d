import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** Catalogs are extracted by `lingui extract` into .po files and compiled by the Vite plugin at build time. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh'],
  fallbackLocales: false,
  orderBy: 'message',
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '<rootDir>/src/pages/admin/**'],
    },
    // The admin modules keep their own catalog, merged into the app's at activation (catalogLoader.ts).
    {
      path: '<rootDir>/src/pages/admin/locales/{locale}/messages',
      include: ['<rootDir>/src/pages/admin'],
      exclude: ['**/*.test.ts'],
    },
  ],
});
