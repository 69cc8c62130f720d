import { RECENT_SHARES } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { RowCopyLinkButton } from '../../components/RowCopyLinkButton.tsx';
import { useNewestItems } from '../../lib/api/useNewestItems.ts';
import { formatShortDateTime } from '../admin/shared/format.ts';

/**
 * The newest text shares of whoever is signed in (as the upload page lists recent uploads): a link
 * the "Share created" card has hidden is one click away. Read again whenever `refreshKey` changes.
 */
export function RecentShares({ refreshKey }: { refreshKey: number }) {
  const { t } = useLingui();
  const [items] = useNewestItems(
    (client) => client.pastes.list({ limit: RECENT_SHARES, offset: 0, order: 'desc' }),
    String(refreshKey),
  );

  if (!items || items.length === 0) return null;
  return (
    <section className="card recent-shares" aria-labelledby="recent-shares-title">
      <h2 id="recent-shares-title">{t`Your recent shares`}</h2>
      <ul className="row-list">
        {items.map((paste) => {
          const name = paste.title || paste.slug;
          const created = formatShortDateTime(paste.created_at);
          return (
            <li key={paste.id} className="recent-row" data-testid="recent-share">
              <Link to={pathFor('paste-view', { slug: paste.slug })} className="recent-name" title={name}>
                {name}
              </Link>
              <span className="muted">{created}</span>
              <RowCopyLinkButton url={paste.url} name={name} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
