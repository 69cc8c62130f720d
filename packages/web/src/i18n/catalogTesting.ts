/** For the catalog tests (i18n/catalogs.test.ts, pages/admin/adminCatalogs.test.ts): reading a .po catalog. */
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';

/** A catalog's live messages by id (obsolete ones left out). */
export async function loadPoCatalog(filename: string, locale: string) {
  const catalog = await formatter().parse(readFileSync(filename, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename,
  });
  return Object.fromEntries(Object.entries(catalog).filter(([, entry]) => !entry.obsolete));
}

/**
 * The names of a message's placeholders, sorted: a translation must keep its source's. A placeholder is
 * `{name}` or `{name, plural, ...}`; a plural's branch text (`one {up to # file}`) is not one.
 */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
