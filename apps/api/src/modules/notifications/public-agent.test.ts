import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, NotPublicAddressError, publicOnlyLookup } from './public-agent';

describe('public addresses only', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fd00::1', 'unique-local fc00::/7'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation (reserved)'],
    ['198.18.0.1', 'benchmarking (reserved)'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['::7f00:1', 'outside global unicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['localhost', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.185.74', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200a'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  const lookupWith = (answer: LookupAddress[], all: boolean) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) => {
      const lookup = publicOnlyLookup(() => Promise.resolve(answer));
      lookup('push.example', { all }, (err, address, family) => resolve({ err, address, family }));
    });

  it('hands over exactly the addresses it checked', async () => {
    const answer = [
      { address: '142.250.185.74', family: 4 },
      { address: '2a00:1450:4001:80b::200a', family: 6 },
    ];
    expect(await lookupWith(answer, true)).toEqual({ err: null, address: answer });
    expect(await lookupWith(answer, false)).toEqual({
      err: null,
      address: '142.250.185.74',
      family: 4,
    });
  });

  it('refuses a name when any of its addresses is not public, or it has none', async () => {
    const mixed = await lookupWith(
      [
        { address: '142.250.185.74', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      true,
    );
    expect(mixed.err).toBeInstanceOf(NotPublicAddressError);
    expect(mixed.err?.message).toBe('push.example is at 127.0.0.1, not a public address');
    expect((await lookupWith([], false)).err).toBeInstanceOf(NotPublicAddressError);
  });
});
