import { httpUrlProblem } from '@clip/sdk';
import { CliError } from '../errors.ts';

/** Checks a server URL and drops trailing slashes, so the same server always compares equal. */
export function normalizeServerUrl(raw: string, origin: string): string {
  const trimmed = raw.trim();
  const problem = httpUrlProblem(trimmed);
  if (problem) throw new CliError(`${origin}: ${problem} (got "${raw}")`);
  const url = new URL(trimmed);
  if (url.search || url.hash) throw new CliError(`${origin}: give the server URL without query or fragment`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
