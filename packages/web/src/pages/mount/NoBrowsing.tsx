/** The explorer for a visitor who may not browse: sign in, or this key has no mount permission. */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';

export function NoBrowsing({ path, signedIn }: { path: string; signedIn: boolean }) {
  const { t } = useLingui();
  return (
    <section className="page explorer" data-testid="explorer" data-path={path}>
      <h1>{t`Mount explorer`}</h1>
      <p className="muted" data-testid="explorer-signin">
        {signedIn
          ? t`This API key has no mount permission.`
          : t`Sign in with an admin account or an API key with mount permission to browse storage.`}
      </p>
      {!signedIn && (
        <Link className="button primary" to={pathFor('admin')}>
          {t`Sign in`}
        </Link>
      )}
    </section>
  );
}
