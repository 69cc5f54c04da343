import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: readFileSync(migrationsDir + name, 'utf8') }));
}

/**
 * Applies pending SQL migrations in one transaction under an advisory lock, so that several
 * instances starting together migrate once and a failed migration leaves nothing half-applied.
 */
export async function runMigrations(database: Database): Promise<string[]> {
  const migrations = listMigrations();
  return database.withMigrationLock(async (exec, query) => {
    await exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const rows = (await query('SELECT name FROM schema_migrations')) as { name: string }[];
    const applied = new Set(rows.map((row) => row.name));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await exec(migration.sql);
      await query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      newlyApplied.push(migration.name);
    }
    return newlyApplied;
  });
}
