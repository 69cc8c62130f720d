import type { PasteListItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { useShareLifeColumns } from '../shared/shareColumns.tsx';
import { ShareBadges } from '../shared/status.tsx';

export function usePasteColumns(showCreator: boolean): Column<PasteListItem, 'created_at'>[] {
  const { t } = useLingui();
  const life = useShareLifeColumns<PasteListItem, 'created_at'>({
    createdHeader: t`Created`,
    createdSort: 'created_at',
    showCreator,
  });
  return [
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
    ...life,
  ];
}
