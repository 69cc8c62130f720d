import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';

/** The toolbar's reload of a module's list; disabled while a load is under way. */
export function RefreshButton({ onRefresh, loading }: { onRefresh(): void; loading: boolean }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button" onClick={onRefresh} disabled={loading}>
      <Icon name="refresh" size={16} />
      {t`Refresh`}
    </button>
  );
}
