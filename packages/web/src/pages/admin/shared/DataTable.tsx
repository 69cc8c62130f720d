/**
 * The admin list table: sortable column headers (the caller decides what sorting means: server or
 * client side), row selection for bulk actions, and loading / error / empty states in place of rows.
 * A table wider than its container scrolls sideways inside it and draws a shadow at the side that has
 * more (useScrollEdges.ts); in a narrow container (a phone) each row is a card whose cells carry their
 * column's name (admin.css), so no column is hidden and nothing covers another.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { useScrollEdges } from './useScrollEdges.ts';

export type SortOrder = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  order: SortOrder;
}

export interface Column<T, K extends string = string> {
  id: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Makes the header a sort button for this key. */
  sortKey?: K;
  className?: string;
}

export interface DataTableProps<T, K extends string> {
  label: string;
  rows: T[] | null;
  columns: Column<T, K>[];
  rowKey(row: T): string;
  /** Per-row actions, rendered last. */
  actions?(row: T): ReactNode;
  sort?: SortState<K>;
  onSort?(next: SortState<K>): void;
  selected?: ReadonlySet<string>;
  onSelect?(next: Set<string>): void;
  loading?: boolean;
  error?: ReactNode;
  empty: ReactNode;
}

export function DataTable<T, K extends string>(props: DataTableProps<T, K>) {
  const { t } = useLingui();
  const { rows, columns, rowKey, selected, onSelect, sort, onSort } = props;
  const selectable = Boolean(selected && onSelect);
  const keys = rows?.map(rowKey) ?? [];
  const allSelected = selectable && keys.length > 0 && keys.every((k) => selected?.has(k));
  const someSelected = selectable && keys.some((k) => selected?.has(k));
  const span = columns.length + (selectable ? 1 : 0) + (props.actions ? 1 : 0);
  const { ref, edges } = useScrollEdges<HTMLDivElement>();
  const hintId = useId();

  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect?.(next);
  };
  const toggleAll = () => onSelect?.(allSelected ? new Set() : new Set(keys));

  const header = (column: Column<T, K>) => {
    if (!column.sortKey || !onSort) return column.header;
    const active = sort?.key === column.sortKey;
    const order: SortOrder = active && sort?.order === 'desc' ? 'asc' : 'desc';
    return (
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ key: column.sortKey as K, order: active ? order : 'desc' })}
      >
        {column.header}
        <span className="sort-mark" aria-hidden="true">
          {active ? (sort?.order === 'desc' ? '▼' : '▲') : '↕'}
        </span>
      </button>
    );
  };
  const ariaSort = (column: Column<T, K>) =>
    column.sortKey && sort?.key === column.sortKey
      ? sort.order === 'desc'
        ? 'descending'
        : 'ascending'
      : undefined;

  let body: ReactNode;
  if (props.error && !rows?.length) body = stateRow(span, props.error, 'error');
  else if (rows === null) body = stateRow(span, t`Loading…`);
  else if (rows.length === 0) body = stateRow(span, props.empty);
  else
    body = rows.map((row) => {
      const key = rowKey(row);
      const isSelected = selected?.has(key) ?? false;
      return (
        <tr key={key} className={isSelected ? 'selected' : undefined} data-row={key}>
          {selectable && (
            <td className="check">
              <input
                type="checkbox"
                checked={isSelected}
                onChange={() => toggle(key)}
                aria-label={t`Select row`}
              />
            </td>
          )}
          {columns.map((c) => (
            // The column's name, shown beside the value when the row is laid out as a card.
            <td
              key={c.id}
              className={c.className}
              data-label={typeof c.header === 'string' ? c.header : undefined}
            >
              {c.cell(row)}
            </td>
          ))}
          {props.actions && <td className="row-actions">{props.actions(row)}</td>}
        </tr>
      );
    });

  const scrolls = edges.start || edges.end;
  return (
    <>
      <div
        className="table-frame"
        data-scroll-start={edges.start || undefined}
        data-scroll-end={edges.end || undefined}
      >
        <div
          ref={ref}
          className="table-wrap"
          aria-busy={props.loading || undefined}
          // A scroller is reachable from the keyboard (arrow keys scroll it) and says that it scrolls.
          tabIndex={scrolls ? 0 : undefined}
          aria-describedby={scrolls ? hintId : undefined}
        >
          <table className="data-table" aria-label={props.label}>
            <thead>
              <tr>
                {selectable && (
                  <th className="check">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = someSelected && !allSelected;
                      }}
                      onChange={toggleAll}
                      disabled={keys.length === 0}
                      aria-label={t`Select all on this page`}
                    />
                  </th>
                )}
                {columns.map((c) => (
                  <th key={c.id} className={c.className} aria-sort={ariaSort(c)} scope="col">
                    {header(c)}
                  </th>
                ))}
                {props.actions && (
                  <th className="row-actions" scope="col">
                    <span className="visually-hidden">{t`Actions`}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
      </div>
      {scrolls && (
        <p className="table-scroll-hint" id={hintId}>
          {t`The table is wider than the window: scroll it sideways to see every column.`}
        </p>
      )}
    </>
  );
}

function stateRow(span: number, content: ReactNode, kind?: 'error') {
  return (
    <tr>
      <td colSpan={span} className={`state${kind ? ` ${kind}` : ''}`} role={kind ? 'alert' : undefined}>
        {content}
      </td>
    </tr>
  );
}

/** Client-side sorting for the small lists (keys, storage configs). */
export function sortRows<T>(rows: T[], value: (row: T) => string | number | null, order: SortOrder): T[] {
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === vb) return 0;
    if (va === null) return 1;
    if (vb === null) return -1;
    return (va < vb ? -1 : 1) * dir;
  });
}
