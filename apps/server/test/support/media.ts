/** Multipart photo uploads for the media API tests (the browser's FormData, built by hand). */
import { CSRF_HEADER } from '@app/contract/auth';
import type { Agent, TestApp } from './test-app.ts';

export type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body built by hand (the browser's FormData). */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'image/jpeg'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadPhoto(
  t: TestApp,
  agent: Agent,
  orderId: number,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; type?: string },
  csrf = true,
  /** Another route of the upload (the legacy ones take the ad from the form's OrderID). */
  url = `/api/publish/${orderId}/images/upload`,
) {
  if (!agent.cookies.has('csrf')) await agent.get('/api/auth/customer');
  const parts: Part[] = Object.entries({ OrderID: String(orderId), ...fields }).map(([name, value]) => ({
    name,
    value,
  }));
  if (file) parts.push({ name: 'image', value: file.bytes, filename: file.name ?? 'photo.jpg', type: file.type });
  const { payload, contentType } = multipart(parts);
  const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': contentType,
      cookie,
      ...(csrf ? { [CSRF_HEADER]: agent.cookies.get('csrf') ?? '' } : {}),
    },
  });
}
