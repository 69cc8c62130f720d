/** Page navigation under a paged table: "21–30 of 94", previous/next and nearby page numbers. */
import { useLingui } from '@lingui/react/macro';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Page numbers to show around the current one, with null for a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

export function Pagination({ page, pageSize, total, onPage }: PaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  // An empty table says so (with what to do) in its own body: no "0–0 of 0".
  if (total === 0) return null;
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      <span>{t`${first}–${last} of ${total}`}</span>
      {pages > 1 && (
        <span className="pages">
          <button
            type="button"
            className="button small"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t`Previous`}
          </button>
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
              <span key={`gap-${i}`}>…</span>
            ) : (
              <button
                key={p}
                type="button"
                className="button small"
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            ),
          )}
          <button
            type="button"
            className="button small"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t`Next`}
          </button>
        </span>
      )}
    </nav>
  );
}
