import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { restrictDataDir } from '../lib/data-dir.js';
import * as schema from './schema.js';
import { runMigrations } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (no parameters). */
  exec(script: string): Promise<void>;
  /** Runs `fn` in one transaction holding a cluster-wide advisory lock (migrations). */
  withMigrationLock<T>(
    fn: (exec: (script: string) => Promise<void>, query: (text: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string | 'memory' };

const MIGRATION_LOCK_KEY = 72_707_001;

export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<Database> {
  const database = target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : await openPglite(target.dataDir);
  if (options.migrate !== false) {
    try {
      await runMigrations(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection (server restart, pg_terminate_backend) must not crash
  // the process; the pool replaces it on next use.
  pool.on('error', () => {});
  // The pool listens for errors on idle clients only. A connection lost while a client is checked
  // out (mid-transaction) would be emitted with no listener and end the process; the query in
  // flight is rejected anyway, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async exec(script) {
      await pool.query(script);
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        const result = await fn(
          async (script) => {
            await client.query(script);
          },
          async (text, params) => (await client.query(text, params as unknown[])).rows,
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded database runs in this thread: a statement executes synchronously and its promise
 * settles without the event loop turning, so the dozen statements of a turn (20-30 ms for a long
 * message) or of a sync batch would run as one stretch during which no other request is even
 * read. Here every statement the application sends first lets the loop turn once, so that
 * /healthz and other visitors are served between statements. (The driver reads only `query` and
 * `transaction`; the rest passes through, bound to PGlite itself, whose methods use private fields.)
 */
function turningTheLoopBeforeEachStatement(client: PGlite, statements: StatementsInFlight): PGlite {
  const yielding = <T extends object>(target: T, wrap: (key: string | symbol, value: (...args: never[]) => unknown) => unknown): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        return typeof value === 'function' ? wrap(key, (value as (...args: never[]) => unknown).bind(object)) : value;
      },
    });
  const queryAfterATurn =
    (query: (...args: never[]) => unknown) =>
    async (...args: never[]) => {
      await nextLoopTurn();
      return query(...args);
    };
  return yielding(client, (key, method) => {
    if (key === 'query') return (...args: never[]) => statements.track(() => queryAfterATurn(method)(...args));
    if (key !== 'transaction') return method;
    return (callback: (tx: Transaction) => Promise<unknown>) =>
      statements.track(() =>
        client.transaction((tx) => callback(yielding(tx, (txKey, txMethod) => (txKey === 'query' ? queryAfterATurn(txMethod) : txMethod)))),
      );
  });
}

/**
 * The statements sent to the embedded database and not yet answered, so that closing it waits
 * for them: PGlite closed with a statement in flight spins forever at full CPU inside its
 * protocol loop (electric-sql/pglite#1058), and a statement waiting for its loop turn, or one
 * the application did not wait for (an ANALYZE after a sync), is in flight at any moment.
 */
class StatementsInFlight {
  private readonly pending = new Set<Promise<unknown>>();
  private closing = false;

  track<T>(run: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('The embedded database is closing.'));
    const statement = run();
    this.pending.add(statement);
    const settled = () => this.pending.delete(statement);
    statement.then(settled, settled);
    return statement;
  }

  /**
   * Refuses new statements and waits until those in flight are answered (or failed), for at most
   * DRAIN_LIMIT_MS: a transaction waiting on something outside the database does not hold the
   * process open.
   */
  async drain(): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    while (this.pending.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadline - Date.now());
      });
      await Promise.race([Promise.allSettled([...this.pending]), limit]);
      clearTimeout(timer);
    }
  }
}

const DRAIN_LIMIT_MS = 10_000;

async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir === 'memory') {
    client = await PGlite.create({ extensions: { btree_gin, pg_trgm } });
  } else {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { btree_gin, pg_trgm } });
    } catch (error) {
      releaseLock();
      throw error;
    }
    // A new database arrives with files 0666, whatever the umask; later ones follow the umask.
    restrictDataDir(dataDir);
  }
  const statements = new StatementsInFlight();
  const db = drizzlePglite({ client: turningTheLoopBeforeEachStatement(client, statements), schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async exec(script) {
      await statements.track(() => client.exec(script));
    },
    async withMigrationLock(fn) {
      // One process owns an embedded database, so a transaction is lock enough.
      return statements.track(() =>
        client.transaction(async (tx) =>
          fn(
            async (script) => {
              await tx.exec(script);
            },
            async (text, params) => (await tx.query(text, params)).rows,
          ),
        ),
      );
    },
    async close() {
      await statements.drain();
      await client.close();
      releaseLock();
    },
  };
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is open in another process (pid ${pid}).`);
  }
}

/**
 * The embedded database admits one process at a time: a second writer would corrupt it. A lock
 * file holding the owner's pid keeps a second process out; a stale lock (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  const holder = readLockHolder(dataDir);
  if (holder !== undefined && holder !== process.pid) throw new DataDirLockedError(dataDir, holder);
  writeFileSync(lockFile, String(process.pid), { mode: 0o600 });
  return () => {
    if (readLockHolder(dataDir) === process.pid) rmSync(lockFile, { force: true });
  };
}

/** The pid of the live process holding the data directory, if any. */
export function readLockHolder(dataDir: string): number | undefined {
  const lockFile = path.join(dataDir, 'pglite.lock');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Runs a raw SQL query and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
