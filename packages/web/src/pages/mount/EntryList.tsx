/**
 * The folder's entries as a list or a grid, virtualised so a folder of thousands of entries scrolls
 * smoothly (only the visible rows are in the DOM). Keyboard: arrows move, space selects, Enter opens,
 * Ctrl/Cmd+A selects all, Delete asks to delete the selection.
 */

import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { formatBytes, formatShortDateTime } from '../admin/shared/format.ts';
import { EntryThumbnail } from './EntryThumbnail.tsx';
import { FileIcon } from './FileIcon.tsx';
import type { ThumbnailOf } from './useThumbnails.ts';

export type ViewMode = 'list' | 'grid';

export interface EntryListProps {
  items: FsItem[];
  view: ViewMode;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onToggle(name: string, shift: boolean): void;
  onSelectAll(): void;
  onOpen(item: FsItem): void;
  onDeleteSelection(): void;
  rowActions(item: FsItem): React.ReactNode;
  label: string;
  /** The grid's picture of an image entry (its thumbnail's URL); entries without one show their type icon. */
  thumbnailOf?: ThumbnailOf;
}

const ROW_HEIGHT = 44;
const TILE_HEIGHT = 156;
const TILE_MIN_WIDTH = 136;

export function EntryList(props: EntryListProps) {
  const { t } = useLingui();
  const { items, view, selected, selectable } = props;
  const scrollRef = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(800);
  const [focus, setFocus] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  const columns = view === 'grid' ? Math.max(1, Math.floor(width / TILE_MIN_WIDTH)) : 1;
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (view === 'grid' ? TILE_HEIGHT : ROW_HEIGHT),
    overscan: 8,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new layout needs new measurements.
  useEffect(() => virtualizer.measure(), [view, columns]);

  const moveFocus = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setFocus(next);
    virtualizer.scrollToIndex(Math.floor(next / columns));
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"] .entry-open`)?.focus(),
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('input[type="text"], input[type="search"], textarea, select')) return;
    const step = view === 'grid' ? columns : 1;
    const current = items[focus];
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        moveFocus(focus + step);
        break;
      case 'ArrowUp':
        e.preventDefault();
        moveFocus(focus - step);
        break;
      case 'ArrowRight':
        if (view === 'grid') {
          e.preventDefault();
          moveFocus(focus + 1);
        }
        break;
      case 'ArrowLeft':
        if (view === 'grid') {
          e.preventDefault();
          moveFocus(focus - 1);
        }
        break;
      case 'Home':
        e.preventDefault();
        moveFocus(0);
        break;
      case 'End':
        e.preventDefault();
        moveFocus(items.length - 1);
        break;
      case ' ':
        if (selectable && current && !target.closest('input')) {
          e.preventDefault();
          props.onToggle(current.name, e.shiftKey);
        }
        break;
      case 'a':
        if ((e.ctrlKey || e.metaKey) && selectable) {
          e.preventDefault();
          props.onSelectAll();
        }
        break;
      case 'Delete':
        if (selectable && selected.size > 0) {
          e.preventDefault();
          props.onDeleteSelection();
        }
        break;
    }
  };

  const entry = (item: FsItem, index: number) => {
    const isSelected = selected.has(item.name);
    const click = (e: MouseEvent) => {
      if (e.shiftKey && selectable) {
        e.preventDefault();
        props.onToggle(item.name, true);
        return;
      }
      e.preventDefault();
      setFocus(index);
      props.onOpen(item);
    };
    const href = item.type === 'folder' ? undefined : `?preview=${encodeURIComponent(item.name)}`;
    const thumbnail = view === 'grid' ? (props.thumbnailOf?.(item) ?? null) : null;
    return (
      <div
        key={item.name}
        className={`entry ${view}${isSelected ? ' selected' : ''}`}
        data-index={index}
        data-entry={item.name}
        data-type={item.type}
      >
        {selectable && (
          <span className="entry-check">
            <input
              type="checkbox"
              checked={isSelected}
              tabIndex={-1}
              aria-label={t`Select ${item.name}`}
              // The change follows the click, never a preventDefault: a cancelled click makes the
              // browser put the box back after React drew it, so it showed the state one click late.
              onClick={(e) => e.stopPropagation()}
              onChange={(e) =>
                props.onToggle(item.name, (e.nativeEvent as Event & { shiftKey?: boolean }).shiftKey === true)
              }
            />
          </span>
        )}
        <span className="entry-name">
          <a
            className="entry-open"
            href={href ?? `${encodeURIComponent(item.name)}/`}
            tabIndex={index === focus ? 0 : -1}
            onFocus={() => setFocus(index)}
            onClick={click}
            title={item.name}
            // The name alone: a thumbnail's own name ("Thumbnail of …") stays the picture's.
            aria-label={thumbnail ? item.name : undefined}
          >
            {thumbnail ? (
              <EntryThumbnail key={thumbnail} src={thumbnail} name={item.name} type={item.type} />
            ) : (
              <FileIcon type={item.type} large={view === 'grid'} />
            )}
            <span className="entry-label">{item.name}</span>
          </a>
        </span>
        {view === 'list' && (
          <>
            <span className="entry-size num">
              {item.type === 'folder' ? '' : formatBytes(item.size ?? 0)}
            </span>
            <span className="entry-modified">{item.modified ? formatShortDateTime(item.modified) : ''}</span>
          </>
        )}
        <span className="entry-actions">{props.rowActions(item)}</span>
      </div>
    );
  };

  return (
    // A labelled region: its links and checkboxes carry the semantics; arrows move between entries.
    <section
      ref={scrollRef}
      className={`entries ${view}`}
      aria-label={props.label}
      data-count={items.length}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className={view === 'grid' ? 'entry-row grid' : 'entry-row'}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: row.size,
              transform: `translateY(${row.start}px)`,
              gridTemplateColumns: view === 'grid' ? `repeat(${columns}, minmax(0, 1fr))` : undefined,
            }}
          >
            {items
              .slice(row.index * columns, row.index * columns + columns)
              .map((item, i) => entry(item, row.index * columns + i))}
          </div>
        ))}
      </div>
    </section>
  );
}
