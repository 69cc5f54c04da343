import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';
import { AppError } from '../../lib/errors.js';
import { ipv6Bytes } from '../../lib/ip.js';

/**
 * Which network addresses the service may call on a site's behalf. A site URL is supplied by
 * whoever holds an integration token; without this policy it could point the service at its own
 * loopback, the cloud metadata endpoint or the private network (server-side request forgery).
 * Tests and local development opt in to private addresses explicitly (ALLOW_PRIVATE_SITE_URLS).
 */

const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including broadcast
];
const IPV6_RANGES: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped (::ffff:a.b.c.d): no site publishes one; a socket given one reaches IPv4
  ['::ffff:0:0:0', 96], // IPv4-translated (::ffff:0:a.b.c.d, SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64: a translator run by the local network, into any IPv4 it routes
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
];
// Two lists: a BlockList matches IPv4 addresses against IPv6 rules in their mapped form, so
// ::ffff:0:0/96 in a shared list would refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of IPV4_RANGES) blockedV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) blockedV6.addSubnet(network, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 address carries and would reach: well-known NAT64 (64:ff9b::/96) and
 * 6to4 (2002::/16), which public hosts may use. The IPv4-mapped, -compatible and -translated
 * forms, and local-use NAT64, are refused whole (IPV6_RANGES), whatever they carry.
 */
function embeddedIpv4(bytes: number[]): string | undefined {
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const quad = (from: number) => bytes.slice(from, from + 4).join('.');
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(4, 12)) return quad(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2);
  return undefined;
}

/** True for an address on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blockedV4.check(bare, 'ipv4');
  if (family !== 6) return false;
  if (blockedV6.check(bare, 'ipv6')) return false;
  const ipv4 = embeddedIpv4(ipv6Bytes(bare));
  return ipv4 === undefined || (isIPv4(ipv4) && !blockedV4.check(ipv4, 'ipv4'));
}

export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

export interface AddressPolicy {
  allowPrivate: boolean;
  /**
   * Origins called whatever address they resolve to: the service's own (PUBLIC_BASE_URL), whose
   * demo store stands in for a plugin. Calling itself reaches nothing a site could not.
   */
  trustedOrigins?: readonly string[];
  /** Injected resolver (tests); defaults to the system's, like every outgoing connection. */
  lookup?: typeof dnsLookup;
}

function lookupAll(hostname: string, lookup: typeof dnsLookup): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/**
 * Every address `hostname` resolves to, refused (AddressRefusedError) if any one of them is not
 * public: a name with one public and one private record could otherwise be steered to the
 * private one. An IP literal is checked as is.
 */
export async function resolveAllowedAddresses(hostname: string, policy: AddressPolicy): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family !== 0 ? [{ address: bare, family }] : await lookupAll(bare, policy.lookup ?? dnsLookup);
  if (!policy.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new AddressRefusedError(bare, refused.address);
  }
  return addresses;
}

/**
 * A `lookup` for http.request / net.connect that applies the policy at connection time, to the
 * very addresses the socket will use. Checking a name once and connecting later would let a DNS
 * answer change in between (DNS rebinding).
 */
export function policyLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const first = wanted[0];
        if (options.all) callback(null, wanted);
        else if (first) callback(null, first.address, first.family);
        else callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * Checks a site URL before it is registered (handshake): absolute http(s), no credentials, and a
 * host that resolves only to addresses the policy allows. Fails with validation_failed on
 * `site_url`, since the plugin sent it.
 */
export async function assertSiteUrlAllowed(siteUrl: string, policy: AddressPolicy): Promise<void> {
  const refuse = (message: string, cause?: unknown) => new AppError('validation_failed', message, { errors: { site_url: [message] }, cause });
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch (error) {
    throw refuse('must be an absolute http(s) URL', error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must be an absolute http(s) URL');
  if (url.username || url.password) throw refuse('must not contain credentials');
  try {
    await resolveAllowedAddresses(url.hostname, policy);
  } catch (error) {
    if (error instanceof AddressRefusedError) {
      throw refuse('resolves to a private or reserved address (set ALLOW_PRIVATE_SITE_URLS for local development)', error);
    }
    throw refuse('does not resolve to any address', error);
  }
}
