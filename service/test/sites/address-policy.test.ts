import type { lookup as dnsLookup } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/lib/errors.js';
import { AddressRefusedError, assertSiteUrlAllowed, isPublicAddress, resolveAllowedAddresses } from '../../src/modules/sites/address-policy.js';

/** A resolver answering from a fixed table, as a hostile or misconfigured DNS might. */
function fakeDns(table: Record<string, string[]>): typeof dnsLookup {
  return ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: { address: string; family: number }[]) => void) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof dnsLookup;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.10',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '::127.0.0.1',
    '[::1]',
    'not-an-ip',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // IPv4-mapped (::ffff:0:0/96), whatever it carries and however it is written: a socket given
  // one connects over IPv4, and no site publishes one.
  it.each([
    '::FFFF:7F00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '::ffff:7f00:0001',
    '0::ffff:127.0.0.1',
    '::ffff:127.0.0.1%lo',
    '[::ffff:7f00:1]',
    '::ffff:a9fe:a9fe',
    '::ffff:8.8.8.8',
    '::ffff:0.0.0.0',
  ])('refuses the IPv4-mapped %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // IPv4-translated (::ffff:0:0:0/96) and IPv4-compatible (::/96) forms of the same addresses.
  it.each(['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '0:0:0:0:ffff:0:a00:1', '::ffff:0:808:808', '::8.8.8.8', '::7f00:1'])(
    'refuses the IPv4-translated or -compatible %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215) translates into whatever IPv4 network its
  // operator routes, with the IPv4 address wherever the prefix length puts it.
  it.each(['64:ff9b:1::7f00:1', '64:ff9b:1::a00:1', '64:ff9b:1:7f00:1::', '64:ff9b:1:7f:0:100::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '064:FF9B:0001::1'])(
    'refuses the local-use NAT64 %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '64:ff9b::808:808', '64:ff9b:2::1', '2002:808:808::1'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('resolveAllowedAddresses', () => {
  const lookup = fakeDns({
    'shop.example': ['93.184.216.34'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'v6-loopback.example': ['2606:4700::1', '::1'],
    'metadata.example': ['169.254.169.254'],
  });

  it('returns every address of a public name', async () => {
    await expect(resolveAllowedAddresses('shop.example', { allowPrivate: false, lookup })).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it.each(['mixed.example', 'v6-loopback.example', 'metadata.example'])('refuses %s when any address is private', async (host) => {
    await expect(resolveAllowedAddresses(host, { allowPrivate: false, lookup })).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('checks IP literals without resolving them', async () => {
    await expect(resolveAllowedAddresses('127.0.0.1', { allowPrivate: false, lookup })).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(resolveAllowedAddresses('[::1]', { allowPrivate: false, lookup })).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('lets the operator allow private addresses', async () => {
    await expect(resolveAllowedAddresses('mixed.example', { allowPrivate: true, lookup })).resolves.toHaveLength(2);
  });
});

describe('assertSiteUrlAllowed', () => {
  const lookup = fakeDns({
    'shop.example': ['93.184.216.34'],
    'intranet.example': ['192.168.0.10'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'translated.example': ['::ffff:0:a00:1'],
    'nat64.example': ['64:ff9b:1::a9fe:a9fe'],
  });

  it('accepts a public http(s) site, with or without a sub-folder', async () => {
    await expect(assertSiteUrlAllowed('https://shop.example/blog', { allowPrivate: false, lookup })).resolves.toBeUndefined();
  });

  it.each([
    ['ftp://shop.example', 'http(s)'],
    ['https://user:pw@shop.example', 'credentials'],
    ['https://intranet.example', 'private'],
    ['http://127.0.0.1:8080', 'private'],
    ['http://[::ffff:127.0.0.1]:8080', 'private'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'private'],
    ['http://[::ffff:0:127.0.0.1]/', 'private'],
    ['http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data', 'private'],
    ['https://mapped.example', 'private'],
    ['https://translated.example', 'private'],
    ['https://nat64.example', 'private'],
    ['https://unknown.example', 'resolve'],
    ['not a url', 'http(s)'],
  ])('refuses %s as validation_failed on site_url', async (url, reason) => {
    const error = await assertSiteUrlAllowed(url, { allowPrivate: false, lookup }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('validation_failed');
    expect(isAppError(error) && error.errors.site_url?.[0]).toContain(reason);
  });
});
