/**
 * The last 7 days as a bar or line chart. chart.js loads with the first chart drawn; the numbers are
 * also in a table for screen readers (and when the chart cannot load).
 */
import type { ActivityDay } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { formatDay } from '../shared/format.ts';
import { SERIES, SERIES_COLORS, type SeriesKey, seriesValues } from './activitySeries.ts';

export type ChartKind = 'bar' | 'line';

export function ActivityChart({ days, kind }: { days: ActivityDay[]; kind: ChartKind }) {
  useSignals();
  const { t, i18n } = useLingui();
  const { theme } = useServices();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const resolved = theme.resolved.value;
  const labels: Record<SeriesKey, string> = {
    text_created: t`Text shares created`,
    file_created: t`File shares created`,
    text_views: t`Text share views`,
    file_views: t`File share views`,
  };
  const dayLabels = days.map((d) => formatDay(d.date, i18n.locale));
  // Rebuilt whenever what it shows changes: a fresh chart is simpler than patching options.
  const signature = JSON.stringify([days, kind, resolved, dayLabels, labels]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` covers everything drawn.
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    import('./chartSetup.ts')
      .then(({ Chart }) => {
        if (!live || !canvas.current) return;
        const style = getComputedStyle(document.documentElement);
        const text = style.getPropertyValue('--muted').trim() || '#57606a';
        const grid = style.getPropertyValue('--border').trim() || '#c9d1d9';
        const colors = SERIES_COLORS[resolved];
        chart = new Chart(canvas.current, {
          type: kind,
          data: {
            labels: dayLabels,
            datasets: SERIES.map((key) => ({
              label: labels[key],
              data: seriesValues(days, key),
              backgroundColor: kind === 'bar' ? colors[key] : `${colors[key]}33`,
              borderColor: colors[key],
              borderWidth: 2,
              borderRadius: kind === 'bar' ? 3 : 0,
              tension: 0.3,
              pointRadius: 3,
              fill: false,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            scales: {
              x: { ticks: { color: text }, grid: { display: false } },
              y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
            },
            plugins: { legend: { position: 'bottom', labels: { color: text, boxWidth: 12 } } },
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [signature]);

  return (
    <>
      <div className="chart-box" data-chart-kind={kind} hidden={failed}>
        <canvas ref={canvas} role="img" aria-label={t`Activity of the last 7 days`} />
      </div>
      {/* The hidden table sits in a clipping box: a table ignores its own width and would widen the page. */}
      <div className={failed ? 'table-wrap' : 'visually-hidden'}>
        <table className={failed ? 'data-table' : undefined} data-testid="activity-table">
          <caption className="visually-hidden">{t`Activity of the last 7 days`}</caption>
          <thead>
            <tr>
              <th scope="col">{t({ message: 'Day', context: 'the date column of the activity table' })}</th>
              {SERIES.map((key) => (
                <th key={key} scope="col">
                  {labels[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date} data-date={d.date}>
                <th scope="row">{dayLabels[i]}</th>
                {SERIES.map((key) => (
                  <td key={key} data-series={key}>
                    {d[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
