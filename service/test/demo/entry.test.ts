import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

/**
 * The demo store is its own entry point: `npm start` asks for it with `--demo`, and a production
 * start without the flag (or DEMO=1) never loads a module of modules/demo/. The real server
 * process runs with a module hook that records every module it resolves.
 */

const RECORDER = path.join(import.meta.dirname, 'helpers', 'record-imports.mjs');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'sa-demo-entry-'));
const started: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGTERM')));
  rmSync(workDir, { recursive: true, force: true });
});

async function start(name: string, options: { args?: string[]; env?: Record<string, string> }) {
  const importsFile = path.join(workDir, `${name}.imports`);
  const server = await startServerProcess({
    nodeArgs: ['--import', RECORDER],
    env: { DATA_DIR: path.join(workDir, name), DEMO: '', LOG_LEVEL: 'warn', RECORD_IMPORTS_FILE: importsFile, ...options.env },
    ...(options.args ? { args: options.args } : {}),
  });
  started.push(server);
  const loaded = () => readFileSync(importsFile, 'utf8').split('\n').filter(Boolean);
  return { server, loaded, demoModules: () => loaded().filter((url) => url.includes('/service/src/modules/demo/')) };
}

describe('the demo entry point', () => {
  it('is not loaded by a start without --demo or DEMO=1, and /demo is not served', async () => {
    const { server, loaded, demoModules } = await start('production', {});
    // The recorder works: the service's own modules are in the list.
    expect(loaded().some((url) => url.endsWith('/service/src/app.ts'))).toBe(true);
    expect(loaded().some((url) => url.endsWith('/service/src/modules/widget/routes.ts'))).toBe(true);
    expect((await fetch(`${server.baseUrl}/demo`)).status).toBe(404);
    expect(demoModules()).toEqual([]);
  }, 90_000);

  it('is not loaded with --demo when DEMO=0 turns it off', async () => {
    const { server, demoModules } = await start('turned-off', { args: ['--demo'], env: { DEMO: '0' } });
    expect((await fetch(`${server.baseUrl}/demo`)).status).toBe(404);
    expect(demoModules()).toEqual([]);
  }, 90_000);

  it('serves the seeded demo store with --demo, as npm start runs it', async () => {
    const { server, demoModules } = await start('npm-start', { args: ['--demo'] });
    // The store is seeded once the server listens.
    let status = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      status = (await fetch(`${server.baseUrl}/demo`)).status;
      if (status === 200) break;
    }
    expect(status).toBe(200);
    expect(demoModules().some((url) => url.endsWith('/modules/demo/routes.ts'))).toBe(true);
  }, 120_000);
});
