/**
 * What a public access to a path share comes to, gathered while the request runs and handed to the
 * access log once it ends (`routes/public.ts`): what was asked, how it ended, the bytes sent and the
 * path inside the share.
 */
import type { AccessOutcome } from '@clip/sdk/contract';

export type PathShareAction = 'view' | 'download' | 'list' | 'zip' | 'verify';

export interface PathShareAccess {
  action: PathShareAction;
  outcome: AccessOutcome;
  bytes: number;
  /** Share-relative (`/` its root), null when the request named none or an invalid one. */
  path: string | null;
}

/** The outcome an error stands for. */
export function outcomeOf(err: unknown): AccessOutcome {
  const e = err as { status?: number; code?: string; data?: { reason?: string } | null };
  if (e?.status === 401 && e.code === 'WRONG_PASSWORD') return 'wrong_password';
  if (e?.status === 410) return e.data?.reason === 'expired' ? 'expired' : 'used_up';
  return 'refused';
}
