/**
 * The columns every share table ends with (text, file and path shares): views against the limit,
 * when it expires, when it was made and, for whoever sees everyone's shares, by whom (under when).
 */
import type { PasteListItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { Column } from './DataTable.tsx';
import { formatDateTime, formatRelative, formatShortDateTime } from './format.ts';
import { useCreatorNames } from './useCreatorNames.ts';

type ShareLife = Pick<PasteListItem, 'views' | 'max_views' | 'expires_at' | 'created_at' | 'created_by'>;

export function useShareLifeColumns<T extends ShareLife, K extends string>({
  createdHeader,
  createdSort,
  showCreator,
}: {
  createdHeader: string;
  /** Set when the list sorts by creation time. */
  createdSort?: K;
  showCreator: boolean;
}): Column<T, K>[] {
  const { t, i18n } = useLingui();
  const creator = useCreatorNames();
  const columns: Column<T, K>[] = [
    {
      id: 'views',
      header: t`Views`,
      className: 'num',
      cell: (s) => (s.max_views > 0 ? `${s.views} / ${s.max_views}` : String(s.views)),
    },
    {
      id: 'expires',
      header: t`Expires`,
      className: 'nowrap',
      cell: (s) => (
        <span title={formatDateTime(s.expires_at, i18n.locale)}>
          {s.expires_at ? formatRelative(s.expires_at, i18n.locale) : t`Never`}
        </span>
      ),
    },
    {
      id: 'created',
      header: createdHeader,
      sortKey: createdSort,
      className: 'date-time',
      // Who made it, for whoever sees everyone's shares, under when: a column of its own did not fit 1280 px.
      cell: (s) => {
        const who = showCreator ? creator(s.created_by) : null;
        return (
          <>
            <span title={formatDateTime(s.created_at, i18n.locale)}>
              {/* The date and the time each whole, on one line or two. */}
              {formatShortDateTime(s.created_at)
                .split(' ')
                .map((part, i) => (
                  <Fragment key={part}>
                    {i > 0 && ' '}
                    <span className="nowrap">{part}</span>
                  </Fragment>
                ))}
            </span>
            {who !== null && <div className="cell-sub">{t`by ${who}`}</div>}
          </>
        );
      },
    },
  ];
  return columns;
}
