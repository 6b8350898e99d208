import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServer } from '../../apps/server/test/support/server-process.ts';

export interface Product {
  url: string;
  server: ServerProcess;
  /** The key of the sandbox surfaces, from the server's start-up log. */
  sandboxKey: string;
  stop(): Promise<void>;
}

/** The whole product as a user gets it: production server with the built web app and a fresh embedded DB. */
export async function startProduct(): Promise<Product> {
  const dist = path.resolve(import.meta.dirname, '../../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('apps/web/dist is missing: run `npm run build -w @app/web` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-e2e-'));
  const server = await startServer({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    OLD_SITE_URL: 'https://old.example.co.il',
    VEHICLE_PARTNER_URL: 'https://cars-partner.example.co.il/create',
    // Every browser test verifies phone numbers from 127.0.0.1: one address, many "users" (issue 9's IP limit).
    SMS_IP_HOURLY_LIMIT: '1000',
  });
  const sandboxKey = server.sandboxKey();
  if (!sandboxKey) throw new Error(`no sandbox key in the start-up log:\n${server.output()}`);
  return {
    url: server.url.replace('127.0.0.1', 'localhost'),
    server,
    sandboxKey,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
