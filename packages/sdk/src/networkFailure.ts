/**
 * The message for a request that never got an answer. Where the runtime says why (Node's undici names a
 * system error code), it names the host and the cause; a browser's bare TypeError gets section 8's default.
 */
import { DEFAULT_MESSAGES } from './errors.ts';

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'host name lookup failed (DNS)',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the other side',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed TLS certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host',
};

/** The system error code behind a failed fetch (undici nests it as `cause`, several addresses as `errors`). */
function systemCode(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && e.code !== 'UND_ERR') return e.code;
    const nested = Array.isArray(e.errors) ? e.errors[0] : undefined;
    e = (e.cause ?? nested) as typeof e;
  }
  return null;
}

export function networkFailureMessage(url: string, err: unknown): string {
  const code = systemCode(err);
  if (!code) return DEFAULT_MESSAGES.network;
  let host = url;
  try {
    const parsed = new URL(url);
    host = parsed.port ? parsed.host : `${parsed.hostname}:${parsed.protocol === 'https:' ? 443 : 80}`;
  } catch {
    // keep the URL as given
  }
  return `cannot connect to ${host}: ${CAUSES[code] ?? code}`;
}
