import { describe, expect, it } from 'vitest';
import { type ArrivedRequest, arrivedHostName, listenHostName, publicOrigins } from './public-origins.ts';

const ports = { app: () => 3000, video: () => 3001, payment: () => 3002 };
const unset = { PUBLIC_ORIGIN: undefined, VIDEO_PUBLIC_ORIGIN: undefined, PAYMENT_PUBLIC_ORIGIN: undefined };
const CONFIGURED = {
  PUBLIC_ORIGIN: 'https://www.example.co.il',
  VIDEO_PUBLIC_ORIGIN: 'https://video.example.co.il',
  PAYMENT_PUBLIC_ORIGIN: 'https://pay.example.co.il',
};
/** `npm start`: the production build with LOCAL_ORIGINS, listening on every address. */
const LOCAL_RUN = { NODE_ENV: 'production', LOCAL_ORIGINS: true, HOST: '0.0.0.0', ...unset } as const;
/** A deployment: production, its three origins named. */
const DEPLOYED = { NODE_ENV: 'production', LOCAL_ORIGINS: false, HOST: '0.0.0.0', ...CONFIGURED } as const;

/** A request whose Host says `host`, arrived on the connection's local `address` and port. */
const arrived = (host: string | undefined, address: string | undefined, port = 3000): ArrivedRequest => ({
  headers: { host },
  socket: { localAddress: address, localPort: port },
});
const triple = (o: { site: string; video: string; payment: string }) => [o.site, o.video, o.payment];

describe('public origins', () => {
  it('are the configured ones, whatever the listening address', () => {
    const o = publicOrigins(DEPLOYED, ports);
    expect([o.site(), o.video(), o.payment()]).toEqual([
      'https://www.example.co.il',
      'https://video.example.co.il',
      'https://pay.example.co.il',
    ]);
    expect(o.siteUrl('/login')).toBe('https://www.example.co.il/login');
  });

  it('default to the listening address: localhost for any or loopback, else HOST itself', () => {
    const local = publicOrigins(LOCAL_RUN, ports);
    expect([local.site(), local.video(), local.payment()]).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
    ]);
    expect(publicOrigins({ ...LOCAL_RUN, HOST: '192.168.1.20' }, ports).video()).toBe('http://192.168.1.20:3001');
    expect(listenHostName('::')).toBe('localhost');
    expect(listenHostName('127.0.0.1')).toBe('localhost');
    expect(listenHostName('fd00::1')).toBe('[fd00::1]');
  });

  it('take the ports as the listeners have them once they listen', () => {
    let port = 3000;
    const o = publicOrigins({ ...LOCAL_RUN, HOST: '127.0.0.1' }, { ...ports, app: () => port });
    port = 41234;
    expect(o.site()).toBe('http://localhost:41234');
    expect(o.of(arrived('127.0.0.1:41234', '127.0.0.1', 41234)).site).toBe('http://127.0.0.1:41234');
  });

  it('make only same-site URLs', () => {
    const o = publicOrigins(LOCAL_RUN, ports);
    expect(() => o.siteUrl('//evil.example/x')).toThrow();
    expect(() => o.siteUrl('https://evil.example')).toThrow();
  });
});

describe('the origins a browser reaches', () => {
  it('a local run: each address the request came in by, with every listener’s port', () => {
    const o = publicOrigins(LOCAL_RUN, ports);
    expect(triple(o.of(arrived('127.0.0.1:3000', '127.0.0.1')))).toEqual([
      'http://127.0.0.1:3000',
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3002',
    ]);
    // The machine's network address, as a phone on the same network opens it (a dual-stack socket's address too).
    expect(triple(o.of(arrived('192.168.1.20:3000', '192.168.1.20')))).toEqual([
      'http://192.168.1.20:3000',
      'http://192.168.1.20:3001',
      'http://192.168.1.20:3002',
    ]);
    expect(o.of(arrived('192.168.1.20:3000', '::ffff:192.168.1.20')).site).toBe('http://192.168.1.20:3000');
    expect(o.of(arrived('[::1]:3000', '::1')).payment).toBe('http://[::1]:3002');
    expect(o.of(arrived('LOCALHOST:3000', '127.0.0.1')).site).toBe('http://localhost:3000');
    // The payment host's own pages (the QR code of the mobile page) on the address the browser used for them.
    expect(o.of(arrived('192.168.1.20:3002', '192.168.1.20', 3002)).payment).toBe('http://192.168.1.20:3002');
  });

  it('a local run: a Host that is not the address and port the request came in by gets the defaults', () => {
    const o = publicOrigins(LOCAL_RUN, ports);
    const defaults = ['http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002'];
    const refused: [string | undefined, string | undefined, number?][] = [
      ['evil.example:3000', '127.0.0.1'],
      ['evil.example', '127.0.0.1', 80],
      // Another address than the connection's: a forged Host, or DNS pointed at this machine.
      ['10.0.0.9:3000', '192.168.1.20'],
      ['127.0.0.1:3000', '192.168.1.20'],
      // localhost only on a loopback connection.
      ['localhost:3000', '192.168.1.20'],
      // Another port than the connection's (a forwarded port, a proxy).
      ['127.0.0.1:8080', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
      ['127.0.0.1:3000@evil.example', '127.0.0.1'],
      ['[::1]:3000', '127.0.0.1'],
      ['', '127.0.0.1'],
      [undefined, '127.0.0.1'],
      // No connection (a request made in the process, light-my-request's).
      ['127.0.0.1:3000', undefined],
    ];
    for (const [host, address, port] of refused) {
      expect({ host, address, origins: triple(o.of(arrived(host, address, port))) }).toEqual({
        host,
        address,
        origins: defaults,
      });
      expect(arrivedHostName(arrived(host, address, port))).toBeNull();
    }
    // Port 80 is written as browsers write the origin.
    expect(o.of(arrived('127.0.0.1', '127.0.0.1', 80)).site).toBe('http://127.0.0.1:3000');
    expect(arrivedHostName(arrived('127.0.0.1', '127.0.0.1', 80))).toBe('127.0.0.1');
  });

  it('a deployment never follows a request’s Host, even one naming the address it came in by', () => {
    const o = publicOrigins(DEPLOYED, ports);
    for (const request of [
      arrived('127.0.0.1:3000', '127.0.0.1'),
      arrived('10.1.2.3:3000', '10.1.2.3'),
      arrived('localhost:3000', '127.0.0.1'),
    ])
      expect(triple(o.of(request))).toEqual([
        CONFIGURED.PUBLIC_ORIGIN,
        CONFIGURED.VIDEO_PUBLIC_ORIGIN,
        CONFIGURED.PAYMENT_PUBLIC_ORIGIN,
      ]);
    // Production without LOCAL_ORIGINS does not follow either, whatever it left unset.
    const unnamed = publicOrigins({ ...DEPLOYED, PAYMENT_PUBLIC_ORIGIN: undefined }, ports);
    expect(unnamed.of(arrived('10.1.2.3:3000', '10.1.2.3')).payment).toBe('http://localhost:3002');
  });

  it('a local run keeps an origin its configuration names', () => {
    const o = publicOrigins({ ...LOCAL_RUN, PUBLIC_ORIGIN: 'http://localhost:5173' }, ports);
    expect(triple(o.of(arrived('127.0.0.1:3000', '127.0.0.1')))).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3002',
    ]);
  });

  it('move a URL of a default origin to the address the browser reached, and no other URL', () => {
    const o = publicOrigins(LOCAL_RUN, ports);
    const phone = o.of(arrived('192.168.1.20:3000', '192.168.1.20'));
    expect(phone.reach('http://localhost:3002/pay/ps_1')).toBe('http://192.168.1.20:3002/pay/ps_1');
    expect(phone.reach('http://localhost:3001/video/upload?token=t')).toBe(
      'http://192.168.1.20:3001/video/upload?token=t',
    );
    expect(phone.reach('https://payments.payplus.co.il/x')).toBe('https://payments.payplus.co.il/x');
    expect(phone.reach('http://localhost:30021/pay/ps_1')).toBe('http://localhost:30021/pay/ps_1');
    expect(o.of(arrived('localhost:3000', '127.0.0.1')).reach('http://localhost:3002/pay/ps_1')).toBe(
      'http://localhost:3002/pay/ps_1',
    );
    expect(
      publicOrigins(DEPLOYED, ports).of(arrived('10.1.2.3:3000', '10.1.2.3')).reach('http://localhost:3002/x'),
    ).toBe('http://localhost:3002/x');
  });
});
