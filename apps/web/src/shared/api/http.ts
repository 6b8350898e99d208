import { CSRF_COOKIE, CSRF_HEADER } from '@app/contract/auth';

/** Result of a call: the parsed JSON body (or null) with the HTTP status; status 0 = network failure. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
}

/** Value of a cookie visible to scripts, or undefined. */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

async function parseBody<T>(response: Response): Promise<T | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

interface SendOptions {
  signal?: AbortSignal;
  /** A GET that changes state (the spec's GET reset-ad/save-ad): it carries the CSRF token like a POST. */
  changesState?: boolean;
  /** Extra request headers (e.g. the sandbox key). */
  headers?: Record<string, string>;
  /**
   * No Accept header of our own: the request then matches a `<link rel="preload" as="fetch"
   * crossorigin="use-credentials">` of the same URL in the page's HTML, and Chromium hands over that answer
   * instead of asking again (it reuses a preload only when every request header but a few cache ones is equal).
   */
  preloadable?: boolean;
}

async function send<T>(method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<ApiResult<T>> {
  const { signal, changesState = method !== 'GET' } = options;
  const headers: Record<string, string> = {
    ...(options.preloadable ? {} : { accept: 'application/json' }),
    ...options.headers,
  };
  if (changesState) {
    // The server sets the CSRF cookie on any GET /api/*; make one if this is the first call of the page.
    if (readCookie(CSRF_COOKIE) === undefined) await send('GET', '/api/auth/customer');
    headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? '';
  }
  const form = body instanceof FormData;
  // A FormData body sets its own multipart content type (with the boundary).
  if (method !== 'GET' && !form) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: method === 'GET' ? undefined : form ? body : JSON.stringify(body ?? {}),
      signal,
    });
    return { ok: response.ok, status: response.status, data: await parseBody<T>(response) };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

/** GET; an aborted call (signal) answers like a network failure (status 0). */
export const getJson = <T>(
  path: string,
  signal?: AbortSignal,
  options: Omit<SendOptions, 'signal'> = {},
): Promise<ApiResult<T>> => send<T>('GET', path, undefined, { ...options, signal });
/** A GET the page's HTML may have started already (apps/server/src/platform/http/page-preloads.ts): see `preloadable`. */
export const getPreloaded = <T>(path: string): Promise<ApiResult<T>> =>
  send<T>('GET', path, undefined, { preloadable: true });
/** A GET that changes state on the server: sent with the CSRF token. */
export const getChangingState = <T>(path: string): Promise<ApiResult<T>> =>
  send<T>('GET', path, undefined, { changesState: true });
export const postJson = <T>(
  path: string,
  body: unknown,
  options: Omit<SendOptions, 'signal'> = {},
): Promise<ApiResult<T>> => send<T>('POST', path, body, options);
/** A multipart POST (a photo upload), with the CSRF token; an aborted call answers status 0. */
export const postForm = <T>(path: string, form: FormData, signal?: AbortSignal): Promise<ApiResult<T>> =>
  send<T>('POST', path, form, { signal });
