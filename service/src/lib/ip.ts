import { isIP } from 'node:net';

/** The 16 bytes of an IPv6 address (any textual form Node accepts, without brackets or zone). */
export function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const embedded = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (embedded?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = embedded[1].split('.').map(Number);
    text = `${text.slice(0, -embedded[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * The subject a per-address limit counts for a client address. An IPv6 host is normally given a
 * whole /64 (SLAAC, privacy addresses) and picks any address in it for each connection, so
 * counting whole IPv6 addresses would give every client billions of fresh counters: an IPv6
 * address counts for its /64. An IPv4-mapped IPv6 address (a dual-stack socket's view of an IPv4
 * client) counts as that IPv4 address. Anything else (not an address) counts as itself.
 */
export function addressLimitKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return address.slice(0, 100);
  const bytes = ipv6Bytes(bare);
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 8; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return `${groups.join(':')}::/64`;
}
