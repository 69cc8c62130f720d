import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { formatBytes, formatDateTime, formatRelative, formatShortDateTime } from '../shared/format.ts';
import { ShareBadges } from '../shared/status.tsx';
import { useCreatorNames } from '../shared/useCreatorNames.ts';

export type FileSort = 'created_at' | 'size';

export function useFileColumns(
  showCreator: boolean,
  storageName: (id: string) => string,
): Column<FileRecord, FileSort>[] {
  const { t, i18n } = useLingui();
  const creator = useCreatorNames();
  const columns: Column<FileRecord, FileSort>[] = [
    {
      id: 'file',
      className: 'col-main',
      header: t`File`,
      cell: (f) => (
        <>
          <div className="cell-main">{f.filename}</div>
          <div className="cell-sub">
            <span className="mono">{f.slug}</span>
            {f.remark ? ` · ${f.remark}` : ''}
          </div>
        </>
      ),
    },
    {
      id: 'size',
      header: t`Size`,
      sortKey: 'size',
      className: 'num',
      cell: (f) => <span title={`${f.size} B`}>{formatBytes(f.size)}</span>,
    },
    {
      id: 'storage',
      header: t`Storage`,
      className: 'col-storage',
      cell: (f) => (
        <>
          <div>{storageName(f.s3_config_id)}</div>
          <div className="cell-sub">{f.mimetype}</div>
        </>
      ),
    },
    { id: 'state', header: t`State`, cell: (f) => <ShareBadges share={f} /> },
    {
      id: 'views',
      header: t`Views`,
      className: 'num',
      cell: (f) => (f.max_views > 0 ? `${f.views} / ${f.max_views}` : String(f.views)),
    },
    {
      id: 'expires',
      header: t`Expires`,
      className: 'nowrap',
      cell: (f) => (
        <span title={formatDateTime(f.expires_at, i18n.locale)}>
          {f.expires_at ? formatRelative(f.expires_at, i18n.locale) : t`Never`}
        </span>
      ),
    },
    {
      id: 'created',
      header: t`Uploaded`,
      sortKey: 'created_at',
      className: 'nowrap',
      cell: (f) => (
        <span title={formatDateTime(f.created_at, i18n.locale)}>{formatShortDateTime(f.created_at)}</span>
      ),
    },
  ];
  if (showCreator) columns.push({ id: 'creator', header: t`Created by`, cell: (f) => creator(f.created_by) });
  return columns;
}
