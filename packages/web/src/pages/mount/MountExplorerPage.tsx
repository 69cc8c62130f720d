import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.ts';

/** Placeholder until the mount explorer is built: shows where the route points. */
export default function MountExplorerPage() {
  useSignals();
  const { t } = useLingui();
  const { auth } = useServices();
  const params = useParams();
  const [search] = useSearchParams();
  const path = `/${params['*'] ?? ''}`;
  const preview = search.get('preview');
  return (
    <section className="page">
      <h1>{t`Mount explorer`}</h1>
      <p>
        {t`Path`}: <code data-testid="mount-path">{path}</code>
      </p>
      {preview && (
        <p>
          {t`Preview`}: <code>{preview}</code>
        </p>
      )}
      {!auth.isAuthenticated.value && (
        <p className="muted">{t`Sign in with an admin account or an API key with mount permission to browse storage.`}</p>
      )}
      <p className="muted">{t`Browsing mounted storage is not available in the web app yet.`}</p>
    </section>
  );
}
