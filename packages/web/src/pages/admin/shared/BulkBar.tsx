import { useLingui } from '@lingui/react/macro';

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

/** The two things any selection bar offers: delete what is selected, or let it go. */
export function DeleteOrClearSelection({ onDelete, onClear }: { onDelete(): void; onClear(): void }) {
  const { t } = useLingui();
  return (
    <>
      <button type="button" className="button small danger" onClick={onDelete}>
        {t`Delete selected`}
      </button>
      <button type="button" className="button small" onClick={onClear}>
        {t`Clear selection`}
      </button>
    </>
  );
}
