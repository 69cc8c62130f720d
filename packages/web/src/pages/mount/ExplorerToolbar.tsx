/**
 * The explorer's toolbar: up, upload (files or a whole folder), new folder, refresh, the folder filter,
 * sort, list or grid, and the task manager's toggle. Write tools show only where the user may write.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Icon } from '../../components/Icon.tsx';
import type { ViewMode } from './EntryList.tsx';
import type { SortKey, SortSpec } from './explorerModel.ts';

export interface ExplorerToolbarProps {
  atRoot: boolean;
  /** Show the write tools (the folder may still be loading: then they are disabled). */
  showWriteTools: boolean;
  canWrite: boolean;
  loading: boolean;
  filter: string;
  sort: SortSpec;
  view: ViewMode;
  tasksOpen: boolean;
  onUp(): void;
  /** Files picked, with their path relative to the picked folder when a folder was picked. */
  onUpload(files: File[], fromFolder: boolean): void;
  onNewFolder(): void;
  onRefresh(): void;
  onFilter(filter: string): void;
  onSort(sort: SortSpec): void;
  onView(view: ViewMode): void;
  onToggleTasks(): void;
}

export function ExplorerToolbar(p: ExplorerToolbarProps) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const sortLabels: Record<SortKey, string> = { name: t`Name`, size: t`Size`, modified: t`Modified` };
  const picked = (input: HTMLInputElement, fromFolder: boolean) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    p.onUpload(files, fromFolder);
  };
  return (
    <div className="toolbar explorer-toolbar">
      {!p.atRoot && (
        <button type="button" className="button" onClick={p.onUp}>
          {t`Up`}
        </button>
      )}
      {p.showWriteTools && (
        <>
          <button
            type="button"
            className="button primary"
            disabled={!p.canWrite}
            onClick={() => fileInput.current?.click()}
          >
            <Icon name="upload" size={16} />
            {t`Upload`}
          </button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="upload-input"
            onChange={(e) => picked(e.target, false)}
          />
          <button
            type="button"
            className="button"
            disabled={!p.canWrite}
            onClick={() => folderInput.current?.click()}
          >
            {t`Upload folder`}
          </button>
          <input
            // React has no prop for it: the attribute makes the picker choose a folder.
            ref={(el) => {
              folderInput.current = el;
              el?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            multiple
            hidden
            data-testid="upload-folder-input"
            onChange={(e) => picked(e.target, true)}
          />
          <button type="button" className="button" disabled={!p.canWrite} onClick={p.onNewFolder}>
            <Icon name="plus" size={16} />
            {t`New folder`}
          </button>
        </>
      )}
      <button type="button" className="button" onClick={p.onRefresh} disabled={p.loading}>
        <Icon name="refresh" size={16} />
        {t`Refresh`}
      </button>
      <span className="spacer" />
      <input
        type="search"
        className="explorer-filter"
        placeholder={t`Filter this folder`}
        aria-label={t`Filter this folder`}
        value={p.filter}
        onChange={(e) => p.onFilter(e.target.value)}
      />
      <select
        aria-label={t`Sort by`}
        value={`${p.sort.key}:${p.sort.order}`}
        onChange={(e) => {
          const [key, order] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
          p.onSort({ key, order });
        }}
      >
        {(['name', 'size', 'modified'] as SortKey[]).flatMap((k) => [
          <option key={`${k}:asc`} value={`${k}:asc`}>
            {sortLabels[k]} ↑
          </option>,
          <option key={`${k}:desc`} value={`${k}:desc`}>
            {sortLabels[k]} ↓
          </option>,
        ])}
      </select>
      {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form group */}
      <div className="segmented" role="group" aria-label={t`View`}>
        {(['list', 'grid'] as ViewMode[]).map((v) => (
          <button
            key={v}
            type="button"
            className="button small"
            aria-pressed={p.view === v}
            onClick={() => p.onView(v)}
          >
            {v === 'list' ? t`List` : t`Grid`}
          </button>
        ))}
      </div>
      <button type="button" className="button" aria-pressed={p.tasksOpen} onClick={p.onToggleTasks}>
        {t`Tasks`}
      </button>
    </div>
  );
}
