import { describe, expect, it } from 'vitest';
import { listenHostName, publicOrigins } from './public-origins.ts';

const ports = { app: () => 3000, video: () => 3001, payment: () => 3002 };
const unset = { PUBLIC_ORIGIN: undefined, VIDEO_PUBLIC_ORIGIN: undefined, PAYMENT_PUBLIC_ORIGIN: undefined };

describe('public origins', () => {
  it('are the configured ones, whatever the listening address', () => {
    const o = publicOrigins(
      {
        HOST: '0.0.0.0',
        PUBLIC_ORIGIN: 'https://www.example.co.il',
        VIDEO_PUBLIC_ORIGIN: 'https://video.example.co.il',
        PAYMENT_PUBLIC_ORIGIN: 'https://pay.example.co.il',
      },
      ports,
    );
    expect([o.site(), o.video(), o.payment()]).toEqual([
      'https://www.example.co.il',
      'https://video.example.co.il',
      'https://pay.example.co.il',
    ]);
    expect(o.siteUrl('/login')).toBe('https://www.example.co.il/login');
  });

  it('default to the listening address: localhost for any or loopback, else HOST itself', () => {
    const local = publicOrigins({ HOST: '0.0.0.0', ...unset }, ports);
    expect([local.site(), local.video(), local.payment()]).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
    ]);
    expect(publicOrigins({ HOST: '192.168.1.20', ...unset }, ports).video()).toBe('http://192.168.1.20:3001');
    expect(listenHostName('::')).toBe('localhost');
    expect(listenHostName('127.0.0.1')).toBe('localhost');
    expect(listenHostName('fd00::1')).toBe('[fd00::1]');
  });

  it('take the ports as the listeners have them once they listen', () => {
    let port = 3000;
    const o = publicOrigins({ HOST: '127.0.0.1', ...unset }, { ...ports, app: () => port });
    port = 41234;
    expect(o.site()).toBe('http://localhost:41234');
  });

  it('make only same-site URLs', () => {
    const o = publicOrigins({ HOST: '0.0.0.0', ...unset }, ports);
    expect(() => o.siteUrl('//evil.example/x')).toThrow();
    expect(() => o.siteUrl('https://evil.example')).toThrow();
  });
});
