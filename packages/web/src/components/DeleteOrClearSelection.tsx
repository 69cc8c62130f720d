import { useLingui } from '@lingui/react/macro';

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
