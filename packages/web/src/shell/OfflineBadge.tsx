import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';
import { Icon } from '../components/Icon.tsx';

export function OfflineBadge() {
  useSignals();
  const { t } = useLingui();
  const { online } = useServices();
  if (online.online.value) return null;
  return (
    <span className="offline-badge" role="status">
      <Icon name="offline" size={14} />
      {t`Offline`}
    </span>
  );
}
