/** How a transfer's progress reads in the terminal: bar, percent, bytes, speed, time left. */
import { formatBytes, type UploadProgress } from '@clip/sdk';

/** What one row of the progress display knows (uploads and downloads alike). */
export interface TransferProgress {
  stage: UploadProgress['stage'];
  loaded: number;
  total: number;
  percent: number;
  speed: number;
}

export type TransferStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface TransferRow {
  label: string;
  status: TransferStatus;
  progress: TransferProgress | null;
  /** The failure reason, or what a finished row links to. */
  message?: string;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Seconds left at the current speed, or NaN when there is no speed yet. */
export function etaSeconds(p: TransferProgress): number {
  return p.speed > 0 && p.total > 0 ? (p.total - p.loaded) / p.speed : Number.NaN;
}

export function progressBar(percent: number, width = 24): string {
  const filled = Math.max(0, Math.min(width, Math.round((percent / 100) * width)));
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/** "22.5 MiB/50.0 MiB  12.3 MiB/s  ETA 2s" (what is known of it). */
export function progressFigures(p: TransferProgress): string {
  const bytes = p.total > 0 ? `${formatBytes(p.loaded)}/${formatBytes(p.total)}` : formatBytes(p.loaded);
  const parts = [bytes];
  if (p.speed > 0) parts.push(`${formatBytes(p.speed)}/s`);
  if (p.stage === 'uploading' || p.stage === 'downloading')
    parts.push(`ETA ${formatDuration(etaSeconds(p))}`);
  return parts.join('  ');
}

/** A label cut or padded to `width` characters, keeping the end of long names (the extension). */
export function fitLabel(label: string, width: number): string {
  if (label.length <= width) return label.padEnd(width);
  return `…${label.slice(label.length - width + 1)}`;
}
