/** Dashboard: counts, storage usage per storage config and the last 7 days of activity (admin only). */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { useFeedback } from '../shared/feedback.ts';
import { formatDateTime } from '../shared/format.ts';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { ActivityChart, type ChartKind } from './ActivityChart.tsx';
import { StatCards } from './StatCards.tsx';
import { StorageUsagePanel } from './StorageUsagePanel.tsx';
import '../admin.css';

const CHART_KIND_KEY = 'clip-dashboard-chart';

export default function Dashboard() {
  const { t, i18n } = useLingui();
  const { client, storage } = useServices();
  const feedback = useFeedback();
  const [kind, setKind] = useState<ChartKind>(() =>
    storage.getItem(CHART_KIND_KEY) === 'line' ? 'line' : 'bar',
  );
  const stats = useAsync(() => client.dashboard.stats(), 'stats', {
    onError: (err) => feedback.fail(t`Could not load the dashboard`, err),
  });
  const choose = (next: ChartKind) => {
    setKind(next);
    storage.setItem(CHART_KIND_KEY, next);
  };
  const data = stats.data;

  return (
    <div data-module="dashboard">
      <ModuleHeader
        title={t`Dashboard`}
        description={data ? t`Updated ${formatDateTime(data.generated_at, i18n.locale)}` : undefined}
        actions={
          <button
            type="button"
            className="button"
            onClick={() => void stats.reload()}
            disabled={stats.loading}
          >
            {stats.loading ? t`Refreshing…` : t`Refresh`}
          </button>
        }
      />
      {!data ? (
        <p className={`state${stats.error ? ' error' : ''}`} role={stats.error ? 'alert' : undefined}>
          {stats.error ? t`The dashboard could not be loaded.` : t`Loading…`}
        </p>
      ) : (
        <>
          <StatCards stats={data} />
          <div className="dash-grid">
            <section className="card panel" aria-labelledby="activity-title">
              <div className="panel-head">
                <h2 id="activity-title">{t`Last 7 days`}</h2>
                <fieldset className="segmented" aria-label={t`Chart type`}>
                  <button type="button" aria-pressed={kind === 'bar'} onClick={() => choose('bar')}>
                    {t`Bar`}
                  </button>
                  <button type="button" aria-pressed={kind === 'line'} onClick={() => choose('line')}>
                    {t`Line`}
                  </button>
                </fieldset>
              </div>
              <ActivityChart days={data.activity} kind={kind} />
            </section>
            <section className="card panel" aria-labelledby="storage-title">
              <h2 id="storage-title">{t`Storage usage`}</h2>
              <StorageUsagePanel storage={data.storage} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
