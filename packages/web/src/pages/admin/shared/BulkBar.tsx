import { useLingui } from '@lingui/react/macro';
import { DeleteOrClearSelection } from '../../../components/DeleteOrClearSelection.tsx';

/** The bar above a table while rows are selected: how many, delete them, or clear the selection. */
export function BulkBar({
  count,
  onDelete,
  onClear,
}: {
  count: number;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  if (count === 0) return null;
  return (
    <section className="bulk-bar" aria-label={t`Bulk actions`}>
      <span>{t`${count} selected`}</span>
      <DeleteOrClearSelection onDelete={onDelete} onClear={onClear} />
    </section>
  );
}
