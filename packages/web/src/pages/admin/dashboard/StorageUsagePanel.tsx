/** Used space per storage config, as bars against the config's declared capacity. */
import type { StorageUsage } from '@clip/sdk';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { formatBytes } from '../shared/format.ts';

/** Share of the capacity used, 0–100, or null without a capacity. */
export function usedPercent(u: Pick<StorageUsage, 'used_bytes' | 'total_bytes'>): number | null {
  if (!u.total_bytes) return null;
  return Math.min(100, (u.used_bytes / u.total_bytes) * 100);
}

export function StorageUsagePanel({ storage }: { storage: StorageUsage[] }) {
  const { t } = useLingui();
  if (storage.length === 0)
    return (
      <p className="muted">
        {t`No storage config yet.`}{' '}
        <Link to={pathFor('admin', { module: 'storage-config' })}>{t`Add one`}</Link>
      </p>
    );
  return (
    <ul className="usage-list">
      {storage.map((u) => {
        const percent = usedPercent(u);
        const used = formatBytes(u.used_bytes);
        const total = formatBytes(u.total_bytes);
        const files = u.file_count;
        return (
          <li key={u.storage_config_id} className="usage-row" data-config={u.name}>
            <div className="usage-head">
              <span>
                <strong>{u.name}</strong> {u.is_default && <span className="badge accent">{t`Default`}</span>}
              </span>
              <span className="muted">
                {percent === null
                  ? t`${used} used · no limit`
                  : t`${used} of ${total} (${percent.toFixed(1)}%)`}
              </span>
            </div>
            <meter
              className="visually-hidden"
              min={0}
              max={100}
              value={percent ?? 0}
              aria-label={u.name}
              aria-valuetext={percent === null ? t`${used} used` : t`${percent.toFixed(1)}% used`}
            />
            {/* Without a capacity there is nothing to fill: no bar, only the figure above. */}
            {percent !== null && (
              <div className={`usage-bar${percent >= 90 ? ' high' : ''}`} aria-hidden="true">
                <span style={{ width: `${percent}%` }} />
              </div>
            )}
            <div className="cell-sub">{plural(files, { one: '# file', other: '# files' })}</div>
          </li>
        );
      })}
    </ul>
  );
}
