import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, Queryable } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createPglite, openPglite, type PgliteHandle, pgliteDb } from '../../src/platform/db/pglite.ts';
import { openPostgres } from '../../src/platform/db/postgres.ts';

const require = createRequire(import.meta.url);
const migrationsDir = path.resolve(import.meta.dirname, '../../migrations');

/**
 * A migrated PGlite data directory as a tarball, made once per set of migrations and shared by every test file
 * (each file runs in its own process): creating a PGlite cluster is initdb in WebAssembly, 2 s on a quiet machine
 * and 30 s and more on a loaded one, while opening the template takes 0.3 s. The file's name carries a hash of the
 * migrations and of PGlite's version, so a changed migration makes a new template; it is written under another
 * name and renamed, so two processes making it at once never read half a file.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json')));
  for (const f of fs.readdirSync(migrationsDir).sort()) {
    hash.update(f);
    hash.update(fs.readFileSync(path.join(migrationsDir, f)));
  }
  const file = path.join(os.tmpdir(), `yad-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const db = await openPglite(undefined);
    await migrate(db);
    const tar = Buffer.from(await (await db.dump()).arrayBuffer());
    await db.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, tar);
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

export interface TestDb {
  db: Db;
  /** Ends this use of the database (closing `db`); a pooled one is reset and waits for the next openTestDb. */
  drop: () => Promise<void>;
}

/**
 * A migrated database as fresh as a new one, for one test app: in-memory PGlite by default, or an own schema in the
 * PostgreSQL server of DATABASE_URL, so the same suite runs on both. Opening a database is most of a test app's
 * cost (a PGlite instance from the template is 2-3 s of CPU on a loaded machine; a PostgreSQL schema is every
 * migration run), so each test process keeps the databases its apps dropped and hands them out again, reset: every
 * table that holds rows emptied and the rows the migrations inserted put back, every sequence where the migrations
 * left it, the planner's statistics cleared, and on PGlite the session's state discarded (settings, temporary
 * tables, prepared statements, advisory locks, LISTEN); on PostgreSQL each use has its own connections. A database
 * closed by its user, one whose structure was changed (a table created, a column altered) or one whose reset failed
 * is not handed out again. `fresh` asks for a new database anyway (dropped afterwards).
 */
export async function openTestDb(options: { fresh?: boolean } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) return options.fresh ? freshPglite() : pooledPglite();
  return options.fresh ? freshSchema(url) : pooledSchema(url);
}

async function freshPglite(): Promise<TestDb> {
  const db = await openPglite(undefined, await migratedTemplate());
  // Nothing to apply from the template; still run, as a server start does, to prove the template is current.
  await migrate(db);
  return { db, drop: () => db.close() };
}

async function freshSchema(url: string): Promise<TestDb> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const db = await openPostgres(url, schema);
  await migrate(db);
  let dropped = false;
  return {
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/** At most this many reset databases wait in a test process (a PGlite instance holds some 200 MB). */
const MAX_IDLE = 2;

/** What a database held right after migrating, to put it back so: see openTestDb. */
interface Baseline {
  /** The catalogue's fingerprint (structureOf). */
  structure: string;
  /** Every table that held rows, with its columns that take a value and its rows as JSON. */
  rows: { table: string; columns: string[]; json: string }[];
  /** Every sequence of the schema: where it stood. */
  sequences: { name: string; value: string; called: boolean }[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const OWN = 'c.relnamespace = current_schema()::regnamespace';

/**
 * A fingerprint of the schema's structure: its relations by name, kind, grants and options, and every catalogue row
 * that describes them (columns, defaults, constraints, indexes, triggers, rules, policies, functions, types,
 * statistics objects) by its id and the transaction that wrote it, so any DDL changes it while rows, TRUNCATE and
 * ANALYZE do not; when `whole` (a PGlite instance is the test's alone), also the instance's schemas, roles,
 * databases, extensions, per-role or per-database settings and large objects. No definition is printed: that is
 * ten times the cost.
 */
async function structureOf(q: Queryable, whole: boolean): Promise<string> {
  const rel = (catalog: string, column: string) =>
    `SELECT concat_ws(' ', '${catalog}', x.oid, x.xmin) FROM ${catalog} x JOIN pg_class c ON c.oid = x.${column} WHERE ${OWN}`;
  const own = (catalog: string, column: string) =>
    `SELECT concat_ws(' ', '${catalog}', x.oid, x.xmin) FROM ${catalog} x WHERE x.${column} = current_schema()::regnamespace`;
  const all = (catalog: string) => `SELECT concat_ws(' ', '${catalog}', x.oid, x.xmin) FROM ${catalog} x`;
  const parts = [
    `SELECT concat_ws(' ', 'pg_class', c.oid, c.relname, c.relkind, c.relpersistence, c.relacl, c.reloptions)
     FROM pg_class c WHERE ${OWN}`,
    `SELECT concat_ws(' ', 'pg_attribute', a.attrelid, a.attnum, a.xmin) FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid WHERE ${OWN}`,
    rel('pg_attrdef', 'adrelid'),
    rel('pg_constraint', 'conrelid'),
    `SELECT concat_ws(' ', 'pg_index', i.indexrelid, i.xmin) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
     WHERE ${OWN}`,
    rel('pg_trigger', 'tgrelid'),
    rel('pg_rewrite', 'ev_class'),
    rel('pg_policy', 'polrelid'),
    own('pg_proc', 'pronamespace'),
    own('pg_type', 'typnamespace'),
    own('pg_statistic_ext', 'stxnamespace'),
  ];
  if (whole) {
    parts.push(
      `SELECT concat_ws(' ', 'pg_namespace', x.oid, x.xmin) FROM pg_namespace x WHERE nspname !~ '^pg_(toast_)?temp_'`,
      all('pg_authid'),
      all('pg_database'),
      all('pg_extension'),
      `SELECT concat_ws(' ', 'pg_db_role_setting', x.setdatabase, x.setrole, x.xmin) FROM pg_db_role_setting x`,
      all('pg_largeobject_metadata'),
    );
  }
  const [row] = await q.query<{ structure: string }>(
    `SELECT md5(string_agg(x, E'\n' ORDER BY x)) AS structure FROM (${parts.join(' UNION ALL ')}) s(x)`,
  );
  return row?.structure ?? '';
}

/** The tables of the schema that may hold rows now: every one that ever had a row since it was last emptied. */
async function tablesWithPages(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
     WHERE ${OWN} AND c.relkind = 'r' AND (pg_relation_size(c.oid) > 0 OR c.reltuples >= 0) ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** What a just migrated database holds (see Baseline); `q` reads the schema of its search path. */
async function baselineOf(q: Queryable, whole: boolean): Promise<Baseline> {
  const rows: Baseline['rows'] = [];
  for (const table of await tablesWithPages(q)) {
    const [{ json }] = (await q.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${ident(table)} t`,
    )) as [{ json: string | null }];
    if (json === null) continue;
    const columns = await q.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [ident(table)],
    );
    rows.push({ table, columns: columns.map((c) => c.name), json });
  }
  const sequences: Baseline['sequences'] = [];
  const names = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE ${OWN} AND c.relkind = 'S' ORDER BY 1`,
  );
  for (const { name } of names) {
    const [s] = (await q.query<{ value: string; called: boolean }>(
      `SELECT last_value::text AS value, is_called AS called FROM ${ident(name)}`,
    )) as [{ value: string; called: boolean }];
    sequences.push({ name, ...s });
  }
  return { structure: await structureOf(q, whole), rows, sequences };
}

/**
 * Puts a database back as `baseline` found it, inside the caller's transaction (search path on the schema).
 * Answers false, having changed nothing, when its structure is no longer the migrations' (the caller discards it).
 * Needs a superuser (PGlite's, or the PostgreSQL tests' role): triggers are off while it works (staff_audit refuses
 * a TRUNCATE), and the statistics are a catalogue's rows.
 */
async function resetTo(tx: Queryable, baseline: Baseline, whole: boolean): Promise<boolean> {
  if ((await structureOf(tx, whole)) !== baseline.structure) return false;
  await tx.query('SET LOCAL session_replication_role = replica');
  const emptied = new Set([...(await tablesWithPages(tx)), ...baseline.rows.map((r) => r.table)]);
  await tx.query(`TRUNCATE ${[...emptied].map(ident).join(', ')} RESTART IDENTITY CASCADE`);
  for (const { table, columns, json } of baseline.rows) {
    const list = columns.map(ident).join(', ');
    await tx.query(
      `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${list} FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`,
      [json],
    );
  }
  await tx.query(
    `SELECT setval(format('%I', s.name)::regclass, s.value, s.called)
     FROM json_to_recordset($1::json) AS s(name text, value bigint, called boolean)`,
    [JSON.stringify(baseline.sequences)],
  );
  await tx.query(`DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c WHERE ${OWN})`);
  return true;
}

/**
 * One use of a pooled PGlite instance: the app's calls go through it until it is dropped, so a call the app left
 * running after its close fails as on a closed database instead of reaching the next user.
 */
class PgliteLease implements PgliteHandle {
  private revoked = false;
  closedByUser = false;
  constructor(private readonly pg: PGlite) {}
  get closed(): boolean {
    return this.revoked || this.pg.closed;
  }
  private live(): void {
    if (this.closed) throw new Error('PGlite is closed');
  }
  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.live();
    return this.pg.query<T>(query, params, options);
  }
  async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    this.live();
    return this.pg.exec(query, options);
  }
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    this.live();
    return this.pg.transaction(callback);
  }
  async dumpDataDir(compression?: Parameters<PGlite['dumpDataDir']>[0]): Promise<File | Blob> {
    this.live();
    return this.pg.dumpDataDir(compression);
  }
  async close(): Promise<void> {
    if (this.closed) return;
    this.closedByUser = true;
    this.revoked = true;
    await this.pg.close();
  }
  revoke(): void {
    this.revoked = true;
  }
}

interface PooledPglite {
  pg: PGlite;
  baseline: Baseline;
}
const idlePglite: PooledPglite[] = [];

const rowsOf = (pg: Pick<PGlite, 'query'>): Queryable => ({
  async query<T>(sql: string, params?: unknown[]) {
    return (await pg.query<T>(sql, params)).rows;
  },
});

async function pooledPglite(): Promise<TestDb> {
  let pooled = idlePglite.pop();
  if (!pooled) {
    const pg = await createPglite(undefined, await migratedTemplate());
    // Nothing to apply from the template; still run, as a server start does, to prove the template is current.
    await migrate(pgliteDb(pg, undefined));
    pooled = { pg, baseline: await baselineOf(rowsOf(pg), true) };
  }
  const { pg, baseline } = pooled;
  const lease = new PgliteLease(pg);
  let dropped = false;
  return {
    db: pgliteDb(lease, undefined),
    async drop() {
      if (dropped) return;
      dropped = true;
      lease.revoke();
      if (lease.closedByUser || pg.closed) return;
      let reset = false;
      try {
        // Settings, temporary tables, prepared statements, advisory locks, LISTEN; fails inside an open transaction.
        await pg.exec('DISCARD ALL');
        reset = await pg.transaction((tx) => resetTo(rowsOf(tx), baseline, true));
      } catch {
        reset = false;
      }
      if (reset && idlePglite.length < MAX_IDLE) idlePglite.push({ pg, baseline });
      else await pg.close();
    },
  };
}

interface PooledSchema {
  schema: string;
  baseline: Baseline;
}
const idleSchemas: PooledSchema[] = [];

/** Two-key advisory locks of the pooled schemas' owners: (POOL_LOCK, owner id), held while the owner runs. */
const POOL_LOCK = 727002;
let owner: Promise<{ id: number; admin: pg.Pool }> | undefined;

/**
 * This process's hold on its pooled schemas (`tp_<owner>_<random>`): a connection that keeps the owner's advisory
 * lock, so a later run drops the schemas of an owner that has ended (sweepPooledSchemas) and never those of one
 * that still runs. The admin pool resets schemas one at a time.
 */
function ownerOf(url: string): Promise<{ id: number; admin: pg.Pool }> {
  owner ??= (async () => {
    const id = crypto.randomInt(1, 2 ** 31 - 1);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1, $2)', [POOL_LOCK, id]);
    // The process may end with the hold open: the server releases the lock when the connection goes.
    holder.on('error', () => undefined);
    await sweepPooledSchemas(url);
    return { id, admin: new pg.Pool({ connectionString: url, max: 1 }) };
  })();
  return owner;
}

/** Drops the pooled schemas whose owner has ended (its lock is free), whoever left them. */
async function sweepPooledSchemas(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const schemas = await admin.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname ~ '^tp_[0-9]+_[0-9a-f]+$'`,
    );
    const byOwner = new Map<number, string[]>();
    for (const { name } of schemas.rows) {
      const id = Number(name.split('_')[1]);
      byOwner.set(id, [...(byOwner.get(id) ?? []), name]);
    }
    for (const [id, names] of byOwner) {
      const [{ free }] = (await admin.query('SELECT pg_try_advisory_lock($1, $2) AS free', [POOL_LOCK, id])).rows;
      if (!free) continue;
      for (const name of names) await admin.query(`DROP SCHEMA IF EXISTS ${ident(name)} CASCADE`);
      await admin.query('SELECT pg_advisory_unlock($1, $2)', [POOL_LOCK, id]);
    }
  } finally {
    await admin.end();
  }
}

/** Runs `fn` in a transaction of the admin pool with the search path on `schema`. */
async function inSchema<T>(admin: pg.Pool, schema: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await admin.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL search_path TO ${ident(schema)}`);
    const out = await fn({
      async query<R>(sql: string, params?: unknown[]) {
        return (await client.query(sql, params)).rows as R[];
      },
    });
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function pooledSchema(url: string): Promise<TestDb> {
  const { id, admin } = await ownerOf(url);
  let pooled = idleSchemas.pop();
  let db: Db;
  if (pooled) {
    db = await openPostgres(url, pooled.schema);
  } else {
    const schema = `tp_${id}_${crypto.randomBytes(6).toString('hex')}`;
    db = await openPostgres(url, schema);
    await migrate(db);
    pooled = { schema, baseline: await inSchema(admin, schema, (tx) => baselineOf(tx, false)) };
  }
  const { schema, baseline } = pooled;
  // The app's connections end with this use: whatever a session kept (settings, locks, LISTEN) goes with them.
  let closing: Promise<void> | undefined;
  const close = db.close.bind(db);
  db.close = () => {
    closing ??= close();
    return closing;
  };
  let dropped = false;
  return {
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close();
      let reset = false;
      try {
        reset = await inSchema(admin, schema, (tx) => resetTo(tx, baseline, false));
      } catch {
        reset = false;
      }
      if (reset && idleSchemas.length < MAX_IDLE) idleSchemas.push({ schema, baseline });
      else await admin.query(`DROP SCHEMA ${ident(schema)} CASCADE`);
    },
  };
}

/**
 * Storage that outlives one app, for restart tests: every open() gives a new connection to the same data (a
 * PGlite data directory, or one PostgreSQL schema), migrated. On PGlite one open() at a time (close before the
 * next); on PostgreSQL several may be open at once, like several server processes.
 */
export async function reopenableTestDb(): Promise<{ open: () => Promise<Db>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-jobs-'));
    return {
      async open() {
        const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
        const db = await openPglite(dir, fresh ? await migratedTemplate() : undefined);
        await migrate(db);
        return db;
      },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  return {
    async open() {
      const db = await openPostgres(url, schema);
      await migrate(db);
      return db;
    },
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
