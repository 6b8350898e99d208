/**
 * The test databases' pool (support/test-db.ts): a database a test dirtied in every way a test can (rows in plain
 * tables, in the tables the migrations filled and in the append-only audit log, sequences advanced, statistics
 * gathered, session settings, an advisory lock, LISTEN, a temporary table, a prepared statement) is handed out
 * again answering exactly as a freshly migrated one; one closed by its user or changed in structure is not handed
 * out again; and a call from its last user after the drop fails instead of reaching the next. Runs on PGlite and on
 * DATABASE_URL's PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/db.ts';
import { insertBoardAd, insertCustomer } from './support/board-ads.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';

/** The tables whose rows the migrations inserted (grep `INSERT INTO` in migrations/), and the ledger of migrations. */
const MIGRATION_TABLES = ['banned_words', 'blocked_phones', 'moderation_rules', 'sandbox_phone_settings'];

const open: TestDb[] = [];
afterAll(async () => {
  for (const t of open) await t.drop();
});
async function lease(options: { fresh?: boolean } = {}): Promise<TestDb> {
  const t = await openTestDb(options);
  open.push(t);
  return t;
}

/** Which database this is: its schema, and the start of its server (one per PGlite instance). */
async function identity(db: Db): Promise<string> {
  const [row] = await db.query<{ id: string }>(`SELECT current_schema() || ' ' || pg_postmaster_start_time() AS id`);
  return String(row?.id);
}

/**
 * All a test could read of the database, in parts. On PostgreSQL two schemas migrated at other times differ in the
 * moments the migrations wrote (now()), so the rows' timestamps are left out there; on PGlite every database comes
 * from one template and is compared whole.
 */
async function dumpOf(db: Db): Promise<Record<string, unknown>> {
  const names = async (kind: string) =>
    (
      await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = $1
         ORDER BY 1`,
        [kind],
      )
    ).map((r) => r.name);
  const rowsOf = async (table: string) => {
    const stamps = (
      await db.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
         WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND atttypid = 'timestamptz'::regtype`,
        [table],
      )
    ).map((r) => r.name);
    const masked = db.kind === 'postgres' ? stamps : [];
    const [row] = await db.query<{ rows: unknown }>(
      `SELECT coalesce(jsonb_agg(r ORDER BY r::text), '[]') AS rows
       FROM (SELECT to_jsonb(x) - $1::text[] AS r FROM ${table} x) s`,
      [masked],
    );
    return row?.rows;
  };
  const tables: Record<string, unknown> = {};
  for (const table of await names('r')) tables[table] = await rowsOf(table);
  const sequences: Record<string, unknown> = {};
  for (const seq of await names('S')) {
    [sequences[seq]] = await db.query(`SELECT last_value::text, is_called FROM ${seq}`);
  }
  const lastval = await db.query('SELECT lastval()::text AS v').then(
    (rows) => rows,
    () => 'none in this session',
  );
  const one = async (sql: string) => db.query(sql);
  return {
    // The session's: on PostgreSQL each use of a database has connections of its own.
    ...(db.kind === 'pglite' ? { lastval } : {}),
    migrationRows: Object.fromEntries(MIGRATION_TABLES.map((t) => [t, tables[t]])),
    migrations: tables.schema_migrations,
    tables,
    sequences,
    settings: await one(`SELECT name, setting FROM pg_settings WHERE source = 'session' ORDER BY 1`),
    advisoryLocks: await one(
      `SELECT objid::text FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() ORDER BY 1`,
    ),
    listening: await one('SELECT pg_listening_channels() AS channel ORDER BY 1'),
    temporaryTables: await one('SELECT relname FROM pg_class WHERE relnamespace = pg_my_temp_schema() ORDER BY 1'),
    preparedStatements: await one('SELECT name FROM pg_prepared_statements ORDER BY 1'),
    statistics: await one(
      `SELECT starelid::regclass::text AS rel, count(*)::int FROM pg_statistic
       WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace)
       GROUP BY 1 ORDER BY 1`,
    ),
    structure: await one(
      `SELECT c.relname, c.relkind, count(a.attnum)::int AS columns FROM pg_class c
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE c.relnamespace = current_schema()::regnamespace GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  };
}

/** Leaves behind everything a test can: each part of dumpOf differs afterwards. */
async function dirty(db: Db): Promise<void> {
  // Rows: a plain table and one that refers to it, the append-only audit log (it refuses a TRUNCATE).
  const owner = await insertCustomer(db);
  const now = new Date();
  await insertBoardAd(db, { customerId: owner, cat: 1, subcat: 1, publishedAt: now, endsAt: now });
  const [staff] = await db.query<{ id: number }>(
    `INSERT INTO staff (email, name, role, created_at) VALUES ('a@example.co.il', 'א', 'admin', now()) RETURNING id`,
  );
  await db.query(`INSERT INTO staff_audit (staff_id, action, at) VALUES ($1, 'test', now())`, [staff?.id]);
  // The migrations' rows: changed, removed, added to.
  await db.query(`UPDATE moderation_rules SET rules = '{}'`);
  await db.query(`UPDATE sandbox_phone_settings SET sms_failure = 'fail'`);
  await db.query(`DELETE FROM blocked_phones`);
  await db.query(`INSERT INTO banned_words (word) VALUES ('מילה')`);
  await db.query(`DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)`);
  // A sequence advanced while its table stays empty (no TRUNCATE restarts it), and the session's lastval with it.
  await db.query(`SELECT nextval('leads_id_seq')`);
  await db.query('ANALYZE ads');
  // The session's state.
  await db.query(`SET statement_timeout = '7s'`);
  await db.query(`SET TIME ZONE 'Asia/Jerusalem'`);
  await db.query('SELECT pg_advisory_lock(4242)');
  await db.query('LISTEN pool_check');
  await db.query('CREATE TEMP TABLE scratch (x int)');
  await db.query('PREPARE pool_check AS SELECT 1');
}

describe('the test databases pool', () => {
  it('hands a dirtied database out again answering exactly as a freshly migrated one', async () => {
    const reference = await lease({ fresh: true });
    const fresh = await dumpOf(reference.db);
    await reference.drop();

    const first = await lease();
    const used = await identity(first.db);
    await dirty(first.db);
    const dirtied = await dumpOf(first.db);
    // Every part is dirtied, so a reset that forgets one is caught below.
    for (const part of Object.keys(fresh)) {
      if (part === 'structure') continue;
      expect(dirtied[part], part).not.toEqual(fresh[part]);
    }
    await first.drop();
    // The last user's calls fail after the drop (as on a closed database) and never reach the next one.
    await expect(first.db.query('SELECT 1')).rejects.toThrow();

    const second = await lease();
    expect(await identity(second.db)).toBe(used);
    expect(await dumpOf(second.db)).toEqual(fresh);
  });

  it('does not hand out again a database closed by its user or changed in structure', async () => {
    const reference = await lease({ fresh: true });
    const fresh = await dumpOf(reference.db);
    await reference.drop();

    const closed = await lease();
    const closedId = await identity(closed.db);
    await closed.db.close();
    await closed.drop();
    const afterClosed = await lease();
    // On PostgreSQL a closed use only ends its connections: the schema itself is reset and handed out again.
    if (afterClosed.db.kind === 'pglite') expect(await identity(afterClosed.db)).not.toBe(closedId);
    expect(await dumpOf(afterClosed.db)).toEqual(fresh);

    const changedId = await identity(afterClosed.db);
    await afterClosed.db.query('ALTER TABLE ads ADD COLUMN pool_check int');
    await afterClosed.drop();
    const afterChanged = await lease();
    expect(await identity(afterChanged.db)).not.toBe(changedId);
    expect(await dumpOf(afterChanged.db)).toEqual(fresh);
  });
});
