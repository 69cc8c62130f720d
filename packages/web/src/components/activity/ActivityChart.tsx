/**
 * Accesses per day as bars (served, with refusals stacked on top): an SVG image whose accessible name
 * says the totals and whose bars carry their day's numbers as titles; the table beside it holds every
 * event, so nothing is only in the picture.
 */
import { useLingui } from '@lingui/react/macro';
import type { ActivityDay } from './activityDays.ts';

const WIDTH = 280;
const HEIGHT = 80;
const GAP = 2;

export function ActivityChart({ days }: { days: ActivityDay[] }) {
  const { t, i18n } = useLingui();
  const most = Math.max(1, ...days.map((d) => d.ok + d.refused));
  const served = days.reduce((n, d) => n + d.ok, 0);
  const refused = days.reduce((n, d) => n + d.refused, 0);
  const barWidth = WIDTH / days.length - GAP;
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', { month: 'short', day: 'numeric' }).format(
      new Date(`${date}T12:00:00`),
    );
  const count = days.length;
  return (
    <figure className="activity-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t`Accesses per day over the last ${count} days: ${served} served, ${refused} refused`}
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          const x = i * (barWidth + GAP);
          const okHeight = (d.ok / most) * (HEIGHT - 1);
          const refusedHeight = (d.refused / most) * (HEIGHT - 1);
          return (
            <g key={d.date}>
              <title>{t`${dayLabel(d.date)}: ${d.ok} served, ${d.refused} refused`}</title>
              <rect className="activity-base" x={x} y={HEIGHT - 1} width={barWidth} height={1} />
              <rect className="activity-ok" x={x} y={HEIGHT - okHeight} width={barWidth} height={okHeight} />
              <rect
                className="activity-refused"
                x={x}
                y={HEIGHT - okHeight - refusedHeight}
                width={barWidth}
                height={refusedHeight}
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">
        <span className="activity-key activity-key-ok" aria-hidden="true" /> {t`served`}{' '}
        <span className="activity-key activity-key-refused" aria-hidden="true" /> {t`refused`} ·{' '}
        {dayLabel(days[0].date)} – {dayLabel(days[days.length - 1].date)} · {t`busiest day: ${most}`}
      </figcaption>
    </figure>
  );
}
