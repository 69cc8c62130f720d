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
      exclude: ['**/*.test.ts'],
    },
  ],
});
