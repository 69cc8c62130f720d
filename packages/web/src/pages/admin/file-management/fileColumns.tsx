import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { formatBytes } from '../shared/format.ts';
import { useShareLifeColumns } from '../shared/shareColumns.tsx';
import { ShareBadges } from '../shared/status.tsx';

export type FileSort = 'created_at' | 'size';

export function useFileColumns(
  showCreator: boolean,
  storageName: (id: string) => string,
): Column<FileRecord, FileSort>[] {
  const { t } = useLingui();
  const life = useShareLifeColumns<FileRecord, FileSort>({
    createdHeader: t`Uploaded`,
    createdSort: 'created_at',
    showCreator,
  });
  return [
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
    ...life,
  ];
}
