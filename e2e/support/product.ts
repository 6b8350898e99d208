import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Db } from '../../apps/server/src/platform/db/db.ts';
import { lockDataDir } from '../../apps/server/src/platform/db/lock.ts';
import { openPglite } from '../../apps/server/src/platform/db/pglite.ts';
import { type ServerProcess, startServer } from '../../apps/server/test/support/server-process.ts';

export interface Product {
  url: string;
  server: ServerProcess;
  /** The key of the sandbox surfaces, from the server's start-up log ('' with a real mail server: none exist). */
  sandboxKey: string;
  /**
   * Stops the server, runs `change` on its embedded database (the repositories, as the product would), and starts
   * it again on the same data: for states nothing in the product makes yet (an active ad). The URL's port and the
   * sandbox key change; cookies (host-wide) and sessions (in the database) stay.
   */
  offline(change: (db: Db) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** The whole product as a user gets it: production server with the built web app and its own embedded DB (a copy of
 * the seeded template of global-setup.ts). */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dist = path.resolve(import.meta.dirname, '../../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('apps/web/dist is missing: run `npm run build -w @app/web` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-e2e-'));
  // The data the product had after its first start (global-setup.ts), copied: this file's own database.
  fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const start = async () => {
    const server = await startServer({
      NODE_ENV: 'production',
      // The production build run locally (as `npm start`): the public origins are the listening address.
      LOCAL_ORIGINS: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OLD_SITE_URL: 'https://old.example.co.il',
      VEHICLE_PARTNER_URL: 'https://cars-partner.example.co.il/create',
      // Every browser test verifies phone numbers from 127.0.0.1: one address, many "users", so the SMS limit per
      // address is raised.
      SMS_IP_HOURLY_LIMIT: '1000',
      // No demo board ads unless a file asks for them (global-setup.ts).
      SEED_DEMO_ADS: 'false',
      SEED_DEMO_DEALER_ADS: 'false',
      // A file's own settings (a real provider's adapter pointed at a local double).
      ...env,
    });
    // No sandbox surface exists beside a real mail server (MAIL_PROVIDER=smtp): no key then.
    const sandboxKey = server.sandboxKey() ?? '';
    if (!sandboxKey && env.MAIL_PROVIDER !== 'smtp')
      throw new Error(`no sandbox key in the start-up log:\n${server.output()}`);
    return { server, sandboxKey, url: server.url.replace('127.0.0.1', 'localhost') };
  };
  const product: Product = {
    ...(await start()),
    async offline(change) {
      product.server.child.kill('SIGTERM');
      await product.server.exited;
      const release = lockDataDir(dataDir);
      const db = await openPglite(path.join(dataDir, 'pgdata'));
      try {
        await change(db);
      } finally {
        await db.close();
        release();
      }
      Object.assign(product, await start());
    },
    async stop() {
      product.server.child.kill('SIGTERM');
      await product.server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return product;
}
