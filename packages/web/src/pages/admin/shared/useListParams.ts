/** List state kept in the URL query (search, page, sort), so reloads, links and back/forward keep it. */
import { useSearchParams } from 'react-router';

export function useListParams<S extends string>(defaults: { sort: S; order: 'asc' | 'desc' }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sort = (params.get('sort') as S | null) ?? defaults.sort;
  const order =
    params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : defaults.order;

  const update = (patch: Record<string, string | number | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  return {
    search,
    page,
    sort,
    order: order as 'asc' | 'desc',
    setSearch: (q: string) => update({ q, page: 1 }),
    setPage: (p: number) => update({ page: p }),
    setSort: (s: S, o: 'asc' | 'desc') => update({ sort: s, order: o, page: 1 }),
  };
}
