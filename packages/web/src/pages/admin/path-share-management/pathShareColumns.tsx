import type { PathShareRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { useShareLifeColumns } from '../shared/shareColumns.tsx';
import { ShareBadges } from '../shared/status.tsx';

export function usePathShareColumns(showCreator: boolean): Column<PathShareRecord, 'created_at'>[] {
  const { t } = useLingui();
  const life = useShareLifeColumns<PathShareRecord, 'created_at'>({ createdHeader: t`Created`, showCreator });
  return [
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
    ...life,
  ];
}
