/** The search of share lists: a case-insensitive substring of any of a kind's text columns. */
import type { Knex } from 'knex';

/** `!` and not `\`: a backslash means something of its own in some SQL string literals. */
const ESCAPE = '!';

/** `%`, `_` and the escape character itself match literally. */
export const likePattern = (search: string): string =>
  `%${search.toLowerCase().replace(/[!%_]/g, (c) => `${ESCAPE}${c}`)}%`;

/** Narrows `query` to rows where one of `columns` (NULL counts as empty) contains `search`. */
export function whereAnyContains<Q extends Knex.QueryBuilder>(
  query: Q,
  columns: readonly string[],
  search: string,
): Q {
  const pattern = likePattern(search);
  return query.where((w) => {
    for (const column of columns)
      w.orWhereRaw(`lower(coalesce(${column}, '')) LIKE ? ESCAPE '${ESCAPE}'`, [pattern]);
  }) as Q;
}
