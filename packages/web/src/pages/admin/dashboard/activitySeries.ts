/** The dashboard's activity series: which numbers the chart and its table show, in what colours. */
import type { ActivityDay } from '@clip/sdk';

export type SeriesKey = 'text_created' | 'file_created' | 'text_views' | 'file_views';
export const SERIES: SeriesKey[] = ['text_created', 'file_created', 'text_views', 'file_views'];

/** Palette per theme (pairs readable on the light and dark surfaces). */
export const SERIES_COLORS: Record<'light' | 'dark', Record<SeriesKey, string>> = {
  light: { text_created: '#0550ae', file_created: '#8250df', text_views: '#1a7f37', file_views: '#bc4c00' },
  dark: { text_created: '#4493f8', file_created: '#d2a8ff', text_views: '#56d364', file_views: '#ffa657' },
};

export const seriesValues = (days: ActivityDay[], key: SeriesKey): number[] => days.map((d) => d[key]);

export const activityTotal = (days: ActivityDay[], key: SeriesKey): number =>
  days.reduce((sum, d) => sum + d[key], 0);
