import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { useFeedback } from '../shared/feedback.ts';

/** Clears the server's caches (mount listings and file metadata once mounts exist). */
export function CacheCard() {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  async function clear() {
    setBusy(true);
    try {
      const { cleared } = await client.dashboard.clearCache();
      feedback.ok(t`Cache cleared: ${cleared} entries removed`);
    } catch (err) {
      feedback.fail(t`Could not clear the cache`, err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card form" aria-labelledby="cache-title">
      <h2 id="cache-title">{t`Cache`}</h2>
      <p className="muted">
        {t`Mount listings and file details are cached for their TTL. Clear the cache to see changes made outside clip at once.`}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={clear} disabled={busy}>
          {busy ? t`Clearing…` : t`Clear cache`}
        </button>
      </div>
    </section>
  );
}
