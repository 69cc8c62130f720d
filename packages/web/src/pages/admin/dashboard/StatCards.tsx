/** The dashboard's counts: shares with their active/expired split, keys, storage configs, mounts. */
import type { DashboardStats, ShareCounts } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { type AdminModule, pathFor } from '../../../app/navigation.ts';

function Card({
  label,
  value,
  split,
  module,
}: {
  label: string;
  value: number;
  split?: string;
  module?: AdminModule;
}) {
  return (
    <div className="stat-card" data-stat={label}>
      <div className="stat-label">
        {module ? <Link to={pathFor('admin', { module })}>{label}</Link> : label}
      </div>
      <div className="stat-value">{value.toLocaleString()}</div>
      {split && <div className="stat-split">{split}</div>}
    </div>
  );
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t } = useLingui();
  const split = (c: ShareCounts) => {
    const { active, expired } = c;
    return t`${active} active · ${expired} expired`;
  };
  return (
    <div className="stat-grid">
      <Card
        label={t`Text shares`}
        value={stats.text_shares.total}
        split={split(stats.text_shares)}
        module="text-management"
      />
      <Card
        label={t`File shares`}
        value={stats.file_shares.total}
        split={split(stats.file_shares)}
        module="file-management"
      />
      <Card
        label={t`API keys`}
        value={stats.api_keys.total}
        split={split(stats.api_keys)}
        module="key-management"
      />
      <Card label={t`Storage configs`} value={stats.storage_configs} module="storage-config" />
      <Card label={t`Mounts`} value={stats.mounts} module="mount-management" />
    </div>
  );
}
