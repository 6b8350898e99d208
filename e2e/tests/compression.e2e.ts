import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../support/product.ts';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the bytes as they travel (fetch would decode them and hide the encoding). */
function rawGet(path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${product.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

function decode(res: RawResponse): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.body).toString();
  if (enc === 'gzip') return zlib.gunzipSync(res.body).toString();
  return res.body.toString();
}

describe('the running production server sends the web app compressed', () => {
  it('index.html (any page route) and every script and style it names: brotli, or gzip when only gzip is accepted', async () => {
    const plain = await rawGet('/publish', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(2);

    for (const path of ['/publish', '/edit/1', ...assets]) {
      // Each page's HTML is its own (it names the page's first requests): compared with its own plain answer.
      const identity = path === '/publish' ? plain : await rawGet(path, 'identity');
      const br = await rawGet(path, 'gzip, deflate, br');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/accept-encoding/i);
      expect(br.body.length, path).toBeLessThan(identity.body.length);
      expect(decode(br), path).toBe(identity.body.toString());

      const gz = await rawGet(path, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(decode(gz), path).toBe(identity.body.toString());
    }
  });

  it('index.html stays revalidated and hashed assets are cached for a year, compressed or not', async () => {
    const page = await rawGet('/publish', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(decode(page))?.[1] ?? '';
    const asset = await rawGet(script, 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('a page route answers HEAD like GET (link checkers and monitors), without a body', async () => {
    const head = await fetch(`${product.url}/publish`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(`${product.url}/api/no-such-call`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a large API answer is compressed once (brotli or gzip), a small one is sent as it is', async () => {
    // The fields call keeps its own gzip; a client without gzip gets brotli from the compression plugin.
    const url = '/api/publish/fields?cat=1&subcat=1';
    const plain = await rawGet(url, 'identity');
    expect(plain.body.length).toBeGreaterThan(4_000);
    for (const accept of ['br', 'gzip', 'gzip, deflate, br']) {
      const res = await rawGet(url, accept);
      expect(res.headers['content-encoding'], accept).toMatch(/^(br|gzip)$/);
      expect(res.body.length, accept).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode(res)), accept).toEqual(JSON.parse(plain.body.toString()));
    }
    const area = await rawGet(`${url}&area=personal_publish_car_type`, 'br');
    expect(area.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(area)).fields).toHaveLength(1);

    const small = await rawGet('/api/health', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });
  });
});
