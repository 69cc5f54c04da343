import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

/**
 * The embedded database, the generated secret and the admin socket in DATA_DIR are the service's
 * OS user's only: another local user must not read the conversations, leads and password hashes
 * in its files. The real server is started as an operator would, with this test process's
 * umask (022 as a rule), and the modes looked at afterwards.
 */

/** Every path under `dir` whose mode lets its group or others in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      const mode = lstatSync(file).mode & 0o777;
      if (mode & 0o077) found.push(`${path.relative(dir, file)} ${mode.toString(8)}`);
      if (entry.isDirectory()) visit(file);
    }
  };
  visit(dir);
  return found;
}

function entriesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

describe('DATA_DIR permissions (a real server process)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sa-perms-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('a new DATA_DIR is 0700, and the database, secret, lock and socket in it are 0600', async () => {
    const dataDir = path.join(root, 'new', 'data');
    // APP_SECRET unset: the server generates one into DATA_DIR.
    server = await startServerProcess({ env: { DATA_DIR: dataDir, APP_SECRET: '' } });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const entries = entriesUnder(dataDir);
      expect(entries).toEqual(expect.arrayContaining(['app-secret', 'admin.sock', 'pglite.lock', path.join('pglite', 'PG_VERSION')]));
      expect(entries.length).toBeGreaterThan(100);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    } finally {
      await server.kill('SIGTERM');
      server = undefined;
    }
  }, 90_000);

  it('an existing world-readable DATA_DIR is closed at start, with everything already in it', async () => {
    const dataDir = path.join(root, 'old');
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'backups'), 0o755);
    writeFileSync(path.join(dataDir, 'demo-owner-password'), 'an old password\n');
    chmodSync(path.join(dataDir, 'demo-owner-password'), 0o644);
    writeFileSync(path.join(dataDir, 'backups', 'leads.csv'), 'ana@example.com\n');
    chmodSync(path.join(dataDir, 'backups', 'leads.csv'), 0o666);
    expect(openToOthers(dataDir)).toHaveLength(3);

    server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(statSync(path.join(dataDir, 'backups', 'leads.csv')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dataDir, 'backups')).mode & 0o777).toBe(0o700);
      expect(entriesUnder(dataDir)).toContain(path.join('pglite', 'PG_VERSION'));
    } finally {
      await server.kill('SIGTERM');
      server = undefined;
    }
  }, 90_000);
});
