import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { authenticateApiToken } from '../../src/modules/auth/api-tokens.js';
import { admin, serviceDir, tsx } from '../helpers/admin-cli.js';

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      await fetch(`http://127.0.0.1:${port}/nope`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

describe('operator CLI on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sa-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  let workspaceId = '';

  it('creates a workspace, user, agent and token with --json output', async () => {
    const ws = await admin(dataDir, ['workspace:create', '--name', 'CLI shop', '--json']);
    expect(ws.code).toBe(0);
    workspaceId = JSON.parse(ws.stdout).id;
    expect(workspaceId).toMatch(/^[0-9a-f-]{36}$/);

    const user = await admin(dataDir, [
      'user:create',
      '--workspace',
      workspaceId,
      '--email',
      'Owner@Shop.example',
      '--password',
      'correct horse battery',
      '--role',
      'owner',
      '--json',
    ]);
    expect(JSON.parse(user.stdout)).toMatchObject({ email: 'owner@shop.example', role: 'owner', created: true });

    const agent = await admin(dataDir, [
      'agent:create',
      '--workspace',
      workspaceId,
      '--name',
      'Helper',
      '--site-type',
      'ecommerce',
      '--origin',
      'https://shop.example',
      '--origin',
      'https://www.shop.example:8443/',
      '--json',
    ]);
    expect(JSON.parse(agent.stdout)).toMatchObject({ allowed_origins: ['https://shop.example', 'https://www.shop.example:8443'] });

    const token = await admin(dataDir, ['token:create', '--workspace', workspaceId, '--name', 'WP', '--ability', 'wp:integration', '--json']);
    const created = JSON.parse(token.stdout);
    expect(created.token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(created.abilities).toEqual(['wp:integration']);
  }, 60_000);

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const badType = await admin(dataDir, [
      'agent:create',
      '--workspace',
      workspaceId,
      '--name',
      'X',
      '--site-type',
      'casino',
      '--origin',
      'https://a.example',
      '--json',
    ]);
    expect(badType.code).toBe(1);
    expect(JSON.parse(badType.stdout)).toMatchObject({ code: 'validation_failed', errors: { 'site-type': [expect.any(String)] } });
    const badOrigin = await admin(dataDir, [
      'agent:create',
      '--workspace',
      workspaceId,
      '--name',
      'X',
      '--site-type',
      'saas',
      '--origin',
      'https://a.example/path',
    ]);
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.stderr).toContain('must be an origin');
    const unknown = await admin(dataDir, ['workspace:delete']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command');
  }, 60_000);

  describe('while the server owns the database', () => {
    let server: ChildProcess;
    const port = 3900 + Math.floor(Math.random() * 90);
    beforeAll(async () => {
      server = spawn(tsx, ['src/server.ts'], {
        cwd: serviceDir,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          INIT_CWD: serviceDir,
          ALLOW_PRIVATE_SITE_URLS: 'true',
        },
        stdio: 'ignore',
      });
      await waitForPort(port, server);
    }, 60_000);
    afterAll(async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
    });

    it('runs commands through the admin socket, and the token works against the server', async () => {
      const token = await admin(dataDir, ['token:create', '--workspace', workspaceId, '--name', 'live', '--json']);
      expect(token.code).toBe(0);
      const plaintext = JSON.parse(token.stdout).token;
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/wp/handshake`, {
        method: 'POST',
        headers: { authorization: `Bearer ${plaintext}`, 'content-type': 'application/json' },
        body: JSON.stringify({ site_url: 'https://shop.example', plugin_version: '1.0.0', shop_plugin: { active: false } }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { workspace: { id: string } }).workspace.id).toBe(workspaceId);
    }, 60_000);
  });

  it('after the server stopped, opens the database itself and finds what the server wrote', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const tokens = await database.db.query.apiTokens.findMany();
      expect(
        tokens
          .filter((t) => t.workspaceId === workspaceId)
          .map((t) => t.name)
          .sort(),
      ).toEqual(['WP', 'live']);
    } finally {
      await database.close();
    }
    const again = await admin(dataDir, ['workspace:create', '--name', 'Second', '--json']);
    expect(again.code).toBe(0);
  }, 60_000);

  it('authenticates tokens by hash only', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(authenticateApiToken(database.db, 'Bearer svc_wrong', new Date())).rejects.toMatchObject({ code: 'unauthenticated' });
    } finally {
      await database.close();
    }
  }, 60_000);
});
