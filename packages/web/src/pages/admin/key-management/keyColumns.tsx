import type { ApiKey } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Column } from '../shared/DataTable.tsx';
import { formatDateTime, formatRelative, formatShortDateTime, isExpired } from '../shared/format.ts';
import { maskKey } from './keyForm.ts';

export type KeySort = 'name' | 'created_at' | 'last_used' | 'expires_at';

export function useKeyColumns(): Column<ApiKey, KeySort>[] {
  const { t, i18n } = useLingui();
  return [
    {
      id: 'name',
      header: t`Name`,
      sortKey: 'name',
      cell: (k) => (
        <>
          <div className="cell-main">{k.name}</div>
          <div className="cell-sub mono ellipsis" title={maskKey(k.key)}>
            {maskKey(k.key)}
          </div>
        </>
      ),
    },
    {
      id: 'permissions',
      header: t`Permissions`,
      cell: (k) => (
        <span className="badges">
          {k.text_permission && <span className="badge accent">{t`Text`}</span>}
          {k.file_permission && <span className="badge accent">{t`File`}</span>}
          {k.mount_permission && <span className="badge accent">{t`Mount`}</span>}
          {!k.text_permission && !k.file_permission && !k.mount_permission && (
            <span className="badge">{t`None`}</span>
          )}
        </span>
      ),
    },
    { id: 'path', header: t`Basic path`, cell: (k) => <span className="mono">{k.basic_path}</span> },
    {
      id: 'expires',
      header: t`Expires`,
      sortKey: 'expires_at',
      className: 'nowrap',
      cell: (k) =>
        isExpired(k.expires_at) ? (
          <span className="badge bad" title={formatDateTime(k.expires_at, i18n.locale)}>
            {t`Expired`}
          </span>
        ) : (
          <span title={formatDateTime(k.expires_at, i18n.locale)}>
            {k.expires_at ? formatRelative(k.expires_at, i18n.locale) : t`Never`}
          </span>
        ),
    },
    {
      id: 'last_used',
      header: t`Last used`,
      sortKey: 'last_used',
      className: 'nowrap',
      cell: (k) => (
        <span title={formatDateTime(k.last_used, i18n.locale)}>
          {k.last_used ? formatRelative(k.last_used, i18n.locale) : t`Never used`}
        </span>
      ),
    },
    {
      id: 'created',
      header: t`Created`,
      sortKey: 'created_at',
      className: 'nowrap',
      cell: (k) => (
        <span title={formatDateTime(k.created_at, i18n.locale)}>{formatShortDateTime(k.created_at)}</span>
      ),
    },
  ];
}
