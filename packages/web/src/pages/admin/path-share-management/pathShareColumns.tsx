import type { PathShareRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { formatDateTime, formatRelative, formatShortDateTime } from '../shared/format.ts';
import { ShareBadges } from '../shared/status.tsx';
import { useCreatorNames } from '../shared/useCreatorNames.ts';

export function usePathShareColumns(showCreator: boolean): Column<PathShareRecord, 'created_at'>[] {
  const { t, i18n } = useLingui();
  const creator = useCreatorNames();
  const columns: Column<PathShareRecord, 'created_at'>[] = [
    {
      id: 'path',
      className: 'col-main',
      header: t`Path`,
      cell: (s) => (
        <>
          <div className="cell-main mono">{s.path}</div>
          <div className="cell-sub">
            <span className="mono">{s.slug}</span>
            {` · ${s.kind === 'folder' ? t`Folder` : t`File`}`}
            {s.remark ? ` · ${s.remark}` : ''}
          </div>
        </>
      ),
    },
    {
      id: 'state',
      header: t`State`,
      cell: (s) => <ShareBadges share={{ ...s, has_password: s.requires_password }} />,
    },
    {
      id: 'views',
      header: t`Views`,
      className: 'num',
      cell: (s) => (s.max_views > 0 ? `${s.views} / ${s.max_views}` : String(s.views)),
    },
    {
      id: 'expires',
      header: t`Expires`,
      className: 'nowrap',
      cell: (s) => (
        <span title={formatDateTime(s.expires_at, i18n.locale)}>
          {s.expires_at ? formatRelative(s.expires_at, i18n.locale) : t`Never`}
        </span>
      ),
    },
    {
      id: 'created',
      header: t`Created`,
      className: 'nowrap',
      cell: (s) => (
        <span title={formatDateTime(s.created_at, i18n.locale)}>{formatShortDateTime(s.created_at)}</span>
      ),
    },
  ];
  if (showCreator) columns.push({ id: 'creator', header: t`Created by`, cell: (s) => creator(s.created_by) });
  return columns;
}
