import { CSRF_HEADER } from '@app/contract/auth';
import sharp from 'sharp';
import type { Agent, TestApp } from './test-app.ts';

/** A small deterministic PRNG (mulberry32), so a seed always draws the same scene (and the crash bench's draws). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like picture (a lit background and a dozen soft objects of different sizes and colours), 1600x1200 JPEG:
 * each seed is a different "photo", and the same seed is the same photo byte for byte.
 */
export async function scenePhoto(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const r = random(seed);
  const colour = () => `rgb(${Math.floor(r() * 256)},${Math.floor(r() * 256)},${Math.floor(r() * 256)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = r() * width;
    const y = r() * height;
    const size = (0.05 + r() * 0.3) * width;
    shapes.push(
      r() < 0.5
        ? `<ellipse cx="${x}" cy="${y}" rx="${size / 2}" ry="${(size / 2) * (0.4 + r())}" fill="${colour()}"/>`
        : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size * (0.4 + r())}" fill="${colour()}" transform="rotate(${r() * 90} ${x} ${y})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${r()}" y2="1"><stop offset="0" stop-color="${colour()}"/>
    <stop offset="1" stop-color="${colour()}"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="6"/></filter></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><g filter="url(#f)">${shapes.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body built by hand (the browser's FormData). */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? 'Content-Type: image/jpeg\r\n' : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a photo to a slot of an ad as the browser does (multipart, cookies, CSRF header). */
export async function uploadPhoto(t: TestApp, agent: Agent, orderId: number, slot: number, bytes: Buffer) {
  if (!agent.cookies.has('csrf')) await agent.get('/api/auth/customer');
  const { payload, contentType } = multipart([
    { name: 'OrderID', value: String(orderId) },
    { name: 'picNumber', value: String(slot) },
    { name: 'orientation', value: '1' },
    { name: 'image', value: bytes, filename: 'photo.jpg' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/publish/${orderId}/images/upload`,
    payload,
    remoteAddress: agent.ip,
    headers: {
      'content-type': contentType,
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [CSRF_HEADER]: agent.cookies.get('csrf') ?? '',
    },
  });
}
