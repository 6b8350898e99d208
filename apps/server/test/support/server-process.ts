import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** The sandbox key, read from the outbox link of the start-up log (undefined when there are no sandboxes). */
  sandboxKey: () => string | undefined;
}

/** The sandbox key in a start-up log: the ?key= of the outbox link. */
export function sandboxKeyFromLog(log: string): string | undefined {
  const m = /\/sandbox\/outbox\?key=([^\s&]+)/.exec(log);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/**
 * The server as production runs it: the bundle apps/server/build.mjs makes (dist/main.mjs), built once per test run
 * by the API and browser projects' global setup (build-server.ts), so it is never older than the sources.
 */
const SERVER_ARGS = ['--enable-source-maps', 'dist/main.mjs'];

/**
 * The overload guard's event-loop threshold for servers the tests start: the CI machine runs the tests many at a
 * time next to Chromium (load 10 and more), where a second of delay is the machine's, not the product's; the
 * overload test sets its own low thresholds.
 */
const TEST_OVERLOAD = { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '10000' };

/** Starts the real server as its own process and waits for its "Ready" line. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...TEST_OVERLOAD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Ready: (http:\/\/localhost:\d+)/.exec(out);
      if (m?.[1])
        resolve({
          child,
          url: m[1].replace('localhost', '127.0.0.1'),
          output: () => out,
          exited,
          sandboxKey: () => sandboxKeyFromLog(out),
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function startExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', ...TEST_OVERLOAD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

/** Minimal browser-like HTTP client for a running server: cookies and the CSRF header. */
export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(p: string) {
    const res = await fetch(this.base + p, { headers: { cookie: this.header() } });
    this.store(res);
    return res;
  }

  async post(p: string, body: unknown) {
    if (!this.cookies.has('csrf')) await this.get('/api/auth/customer');
    const res = await fetch(this.base + p, {
      method: 'POST',
      headers: {
        cookie: this.header(),
        'content-type': 'application/json',
        'x-csrf-token': this.cookies.get('csrf') ?? '',
      },
      body: JSON.stringify(body),
    });
    this.store(res);
    return res;
  }
}
