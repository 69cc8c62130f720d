/**
 * The SSRF guard every fetch of a user-given URL passes: the host is resolved (all addresses) and refused
 * unless every address is global unicast — no loopback, private, link-local, CGNAT, unique-local,
 * unspecified, multicast, reserved or cloud metadata address, nor an IPv4-mapped/compatible/NAT64 form of
 * one. The checked address is what the request then connects to, so DNS rebinding cannot swap it.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/appError.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Hostname to addresses; the system resolver unless a test injects its own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface SsrfGuardOptions {
  /** CLIP_ALLOW_PRIVATE_URLS: skip the address checks (still resolved once and pinned). */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Tests only: addresses treated as public, so a loopback server can play an internet origin. */
  trustedAddresses?: readonly string[];
}

export interface SsrfGuard {
  /** Checks one hop's URL and answers the address to connect to; throws 400 naming the refusal. */
  check(url: URL): Promise<ResolvedAddress>;
}

const refused = (url: URL, why: string) => badRequest(`URL not allowed: ${url.hostname} ${why}`);

/** Why an address must not be fetched, or null for a global unicast address. */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    // IPv4-compatible (::a.b.c.d), deprecated but still routable on some stacks.
    else if (v6.parts.slice(0, 6).every((p) => p === 0) && (v6.parts[6] !== 0 || v6.parts[7] > 1))
      return `${address} is an IPv4-compatible address`;
  }
  const range = ip.range();
  return range === 'unicast' ? null : `${address} is ${rangeName(range)}`;
}

/** ipaddr.js's range names in words, with their article ("an unspecified address", not "a unspecified"). */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique local address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT relay address',
  as112: 'an AS112 address',
  deprecated: 'a deprecated address',
  orchid2: 'an ORCHIDv2 address',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};
const rangeName = (range: string) => RANGE_NAMES[range] ?? `an address of the non-public "${range}" range`;

export function createSsrfGuard(options: SsrfGuardOptions): SsrfGuard {
  const resolve = options.resolve ?? systemResolver;
  const trusted = new Set(options.trustedAddresses ?? []);
  const problem = (address: string) =>
    options.allowPrivate || trusted.has(address) ? null : addressProblem(address);

  return {
    async check(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw refused(url, 'does not use http or https');
      if (url.username || url.password) throw badRequest('URL not allowed: it carries credentials');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      let addresses: ResolvedAddress[];
      if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
      else {
        try {
          addresses = await resolve(host);
        } catch {
          throw refused(url, 'does not resolve');
        }
      }
      if (addresses.length === 0) throw refused(url, 'does not resolve');
      // Every address must pass: a host answering one public and one private address is refused.
      for (const a of addresses) {
        const why = problem(a.address);
        if (why) throw refused(url, `resolves to ${why}`.replace(`resolves to ${host} is`, 'is'));
      }
      return addresses[0];
    },
  };
}
