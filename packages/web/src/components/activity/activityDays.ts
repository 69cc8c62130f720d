/** The chart's numbers: events per local calendar day over the last days, split into served and refused. */
import type { AccessEvent } from '@clip/sdk';

export interface ActivityDay {
  /** The day's local date, `YYYY-MM-DD`. */
  date: string;
  ok: number;
  refused: number;
}

const localDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** `days` days ending today (oldest first); events outside them are not counted. */
export function activityDays(events: readonly AccessEvent[], days: number, now: number): ActivityDay[] {
  const out: ActivityDay[] = [];
  const index = new Map<string, ActivityDay>();
  const today = new Date(now);
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12);
    const entry = { date: localDate(day.getTime()), ok: 0, refused: 0 };
    out.push(entry);
    index.set(entry.date, entry);
  }
  for (const event of events) {
    const entry = index.get(localDate(Date.parse(event.at)));
    if (!entry) continue;
    if (event.outcome === 'ok') entry.ok += 1;
    else entry.refused += 1;
  }
  return out;
}
