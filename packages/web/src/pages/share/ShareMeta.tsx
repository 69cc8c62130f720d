import { useLingui } from '@lingui/react/macro';

interface Props {
  createdAt: string;
  expiresAt: string | null;
  views: number;
  maxViews: number;
  /** Shown from the offline cache: the figures are those of the last visit. */
  offline?: boolean;
}

/** Created, expiry and views of a share, in the reader's language. */
export function ShareMeta({ createdAt, expiresAt, views, maxViews, offline }: Props) {
  const { t, i18n } = useLingui();
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const created = when(createdAt);
  const expires = expiresAt ? when(expiresAt) : null;
  return (
    <ul className="share-meta">
      <li>{t`Created ${created}`}</li>
      <li data-testid="share-expiry">{expires ? t`Expires ${expires}` : t`Never expires`}</li>
      <li data-testid="share-views">{maxViews > 0 ? t`Views ${views} of ${maxViews}` : t`Views ${views}`}</li>
      {offline && <li className="offline-note">{t`Offline copy`}</li>}
    </ul>
  );
}
