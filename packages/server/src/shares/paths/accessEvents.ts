/**
 * What every public access to a path share comes to, reported in one place per request (the access log,
 * links.md, plugs in here): which share, what was asked, how it ended, the bytes sent and the path inside
 * the share. `owner` marks the owner's own requests, which count no view and are not visits.
 */
export type PathShareAction = 'view' | 'download' | 'list' | 'zip' | 'verify';
export type AccessOutcome = 'ok' | 'wrong_password' | 'expired' | 'used_up' | 'refused';

export interface PathShareAccess {
  share_kind: 'path';
  /** Null when the slug named no share. */
  share_id: string | null;
  action: PathShareAction;
  outcome: AccessOutcome;
  bytes: number;
  /** Share-relative (`/` its root), null when the request named none or an invalid one. */
  path: string | null;
  owner: boolean;
  ip: string;
  user_agent: string | null;
}

/** Where access events go; must not throw or wait (the access it records is already answered). */
export type AccessSink = (event: PathShareAccess) => void;

/** The outcome an error stands for. */
export function outcomeOf(err: unknown): AccessOutcome {
  const e = err as { status?: number; code?: string; data?: { reason?: string } | null };
  if (e?.status === 401 && e.code === 'WRONG_PASSWORD') return 'wrong_password';
  if (e?.status === 410) return e.data?.reason === 'expired' ? 'expired' : 'used_up';
  return 'refused';
}
