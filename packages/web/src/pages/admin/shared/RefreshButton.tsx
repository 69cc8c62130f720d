import { useLingui } from '@lingui/react/macro';

/** The toolbar's reload of a module's list; disabled while a load is under way. */
export function RefreshButton({ onRefresh, loading }: { onRefresh(): void; loading: boolean }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button" onClick={onRefresh} disabled={loading}>
      {t`Refresh`}
    </button>
  );
}
