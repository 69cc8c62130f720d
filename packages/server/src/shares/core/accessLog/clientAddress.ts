/**
 * What the access log keeps of a client's address (`access_log_ip`): the whole address, its network
 * (IPv4 /24, IPv6 /48: enough to tell visitors' networks apart, not enough to name a household), or
 * nothing. IPv4 written as IPv6 (`::ffff:192.0.2.7`, what a dual-stack socket reports) is cut as IPv4.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { AccessLogIpMode } from '@clip/sdk/contract';

export function keptAddress(ip: string, mode: AccessLogIpMode): string | null {
  if (mode === 'off' || !ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (mode === 'full') return address;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 3).join(':')}::`;
  // Not an address at all (a proxy's odd header): nothing of it is kept.
  return null;
}

/** The eight groups of an IPv6 address, `::` expanded and a zone (`%eth0`) dropped, in lower case. */
function ipv6Groups(address: string): string[] {
  const bare = address.split('%')[0].toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === null ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill('0'), ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}
