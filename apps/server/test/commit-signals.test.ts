/**
 * Commit signals: a transaction's signal is heard once it commits (once, however often it was raised), never when it
 * rolls back, and a statement outside a transaction is heard at once; a listener that stopped hears nothing. Runs on
 * PGlite and on DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, signalAfterCommit } from '../src/platform/db/db.ts';
import { openTestDb } from './support/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});
afterAll(async () => {
  await drop();
});

describe('commit signals', () => {
  it('are heard after the commit, once, and not after a rollback', async () => {
    const heard: string[] = [];
    const stop = db.onCommitted('work', () => heard.push('work'));
    try {
      await db.transaction(async (tx) => {
        signalAfterCommit(tx, 'work');
        signalAfterCommit(tx, 'work');
        signalAfterCommit(tx, 'other');
        await tx.query('SELECT 1');
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['work']);

      await expect(
        db.transaction(async (tx) => {
          signalAfterCommit(tx, 'work');
          throw new Error('the work fails after its signal');
        }),
      ).rejects.toThrow('fails after');
      expect(heard).toEqual(['work']);

      signalAfterCommit(db, 'work');
      expect(heard).toEqual(['work', 'work']);
    } finally {
      stop();
    }
    await db.transaction(async (tx) => signalAfterCommit(tx, 'work'));
    expect(heard).toEqual(['work', 'work']);
  });
});
