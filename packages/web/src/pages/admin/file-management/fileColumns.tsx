import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { Column } from '../shared/DataTable.tsx';
import { formatBytes } from '../shared/format.ts';
import { useShareLifeColumns } from '../shared/shareColumns.tsx';
import { ShareBadges } from '../shared/status.tsx';

export type FileSort = 'created_at' | 'size';

/**
 * A MIME type that may wrap after its dots and slash: lines do not break at a dot by themselves, so
 * "officedocument.presentationml.presentation" would be one unbreakable run as wide as a column.
 */
function BreakableMimetype({ type }: { type: string }) {
  return type.split(/(?<=[./+])/).map((part, i) => (
    // The parts of one string never change places: the index is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

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
          <div className="cell-sub">
            <BreakableMimetype type={f.mimetype} />
          </div>
        </>
      ),
    },
    { id: 'state', header: t`State`, cell: (f) => <ShareBadges share={f} /> },
    ...life,
  ];
}
