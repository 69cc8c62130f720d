import { useLingui } from '@lingui/react/macro';
import { Link, useRouteError } from 'react-router';

/** Shown when a page fails to load online; the error itself goes to the console for diagnosis. */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  return (
    <section className="page" role="alert">
      <h1>{t`Something went wrong`}</h1>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <div className="actions">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          {t`Reload`}
        </button>
        <Link className="button" to="/">
          {t`Back to home`}
        </Link>
      </div>
    </section>
  );
}
