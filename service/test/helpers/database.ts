import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { POSTGRES_ADMIN_URL } from './services.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The database suites run on unless they ask for one: the embedded PGlite, or, when
 * DATABASE_URL is set (as for the service itself), a fresh database on that PostgreSQL server.
 * `DATABASE_URL=postgres://... npm test` therefore runs every suite in PostgreSQL mode.
 */
export const defaultDatabaseKind: DatabaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one suite: an in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped again on close.
 */
export async function freshDatabase(kind: DatabaseKind = defaultDatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const empty = await emptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 5 });
  return {
    ...database,
    url: empty.url,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, unmigrated database on the PostgreSQL server, and how to drop it again. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
