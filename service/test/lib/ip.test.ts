import { describe, expect, it } from 'vitest';
import { addressLimitKey } from '../../src/lib/ip.js';

describe('addressLimitKey: what a per-address limit counts', () => {
  it('counts an IPv4 address as itself', () => {
    expect(addressLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('203.0.113.6')).not.toBe(addressLimitKey('203.0.113.5'));
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '[2001:db8:1:2::9]',
      'fe80::1%eth0',
    ];
    const keys = spellings.map(addressLimitKey);
    expect(new Set(keys.slice(0, 5))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(keys[5]).toBe('fe80:0:0:0::/64');
  });

  it('tells neighbouring /64s apart', () => {
    expect(addressLimitKey('2001:db8:1:3::1')).not.toBe(addressLimitKey('2001:db8:1:2::1'));
    expect(addressLimitKey('2001:db8:1:2::1')).not.toBe(addressLimitKey('2001:db9:1:2::1'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('::ffff:cb00:7105')).toBe('203.0.113.5');
    expect(addressLimitKey('0:0:0:0:0:FFFF:203.0.113.5')).toBe('203.0.113.5');
  });
});
