import type { PasteListItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { formatDateTime, formatRelative, formatShortDateTime } from '../shared/format.ts';
import { ShareBadges } from '../shared/status.tsx';
import { useCreatorNames } from '../shared/useCreatorNames.ts';

export function usePasteColumns(showCreator: boolean): Column<PasteListItem, 'created_at'>[] {
  const { t, i18n } = useLingui();
  const creator = useCreatorNames();
  const columns: Column<PasteListItem, 'created_at'>[] = [
    {
      id: 'share',
      className: 'col-main',
      header: t`Share`,
      cell: (p) => (
        <>
          <div className="cell-main mono">{p.slug}</div>
          <div className="cell-sub">
            {p.title ||
              p.remark ||
              // Lists carry only a preview, none for a protected share; View loads the whole text.
              (p.preview ?? t`Protected content`)}
          </div>
        </>
      ),
    },
    { id: 'state', header: t`State`, cell: (p) => <ShareBadges share={p} /> },
    {
      id: 'views',
      header: t`Views`,
      className: 'num',
      cell: (p) => (p.max_views > 0 ? `${p.views} / ${p.max_views}` : String(p.views)),
    },
    {
      id: 'expires',
      header: t`Expires`,
      className: 'nowrap',
      cell: (p) => (
        <span title={formatDateTime(p.expires_at, i18n.locale)}>
          {p.expires_at ? formatRelative(p.expires_at, i18n.locale) : t`Never`}
        </span>
      ),
    },
    {
      id: 'created',
      header: t`Created`,
      sortKey: 'created_at',
      className: 'nowrap',
      cell: (p) => (
        <span title={formatDateTime(p.created_at, i18n.locale)}>{formatShortDateTime(p.created_at)}</span>
      ),
    },
  ];
  if (showCreator) columns.push({ id: 'creator', header: t`Created by`, cell: (p) => creator(p.created_by) });
  return columns;
}
