import { describe, expect, it } from 'vitest';
import { checkedAddresses, RefusedTarget, refusedAddress, targetUrl } from './address-guard.ts';

describe('where a webhook may be sent', () => {
  it('refuses our own network in every spelling, and lets public addresses through', () => {
    for (const address of [
      '127.0.0.1',
      '127.200.0.9',
      '::1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      'fd00:ec2::254',
      'fe80::1',
      '::',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(refusedAddress(address, false), address).not.toBeNull();
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '172.32.0.1', '::ffff:5db8:d822'])
      expect(refusedAddress(address, false), address).toBeNull();
  });

  it('lets loopback through with the switch, and nothing else of our network', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).not.toBeNull();
    expect(refusedAddress('169.254.169.254', true)).not.toBeNull();
  });

  it('takes http(s) addresses without credentials only', () => {
    for (const raw of ['ftp://example.com/', 'file:///etc/passwd', 'http://u:p@example.com/', 'nonsense'])
      expect(() => targetUrl(raw), raw).toThrow(RefusedTarget);
    expect(targetUrl('https://hooks.example.com/yad').hostname).toBe('hooks.example.com');
  });

  it('refuses a host when any address it resolves to is refused', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.1.1', family: 4 },
    ];
    await expect(
      checkedAddresses(new URL('https://mixed.example.com/'), { allowLoopback: false, resolve }),
    ).rejects.toThrow(RefusedTarget);
    const good = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(
      checkedAddresses(new URL('https://good.example.com/'), { allowLoopback: false, resolve: good }),
    ).resolves.toHaveLength(1);
  });
});
