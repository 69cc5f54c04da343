import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { agents } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { runSuite } from '../../src/modules/agent-tests/runner.js';
import { admin } from '../helpers/admin-cli.js';

const PAGE_URL = 'https://shop.example/product/ridgeline-jacket/';

/**
 * `test:add --page-url --page-title`: a saved test asked from a page, as the API and the
 * Playground's "Save as test" store it; the suite's run asks with that page context. Bad input
 * is refused with its reason and stores nothing.
 */
describe('test:add with a page context on the command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sa-test-page-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores the page, refuses bad input, and the run asks from that page', async () => {
    let database = await openDatabase({ kind: 'pglite', dataDir });
    let agentId = '';
    try {
      const workspace = String((await runCommand(database.db, 'workspace:create', { name: 'Page shop' })).id);
      agentId = String(
        (await runCommand(database.db, 'agent:create', { workspace, name: 'Helper', 'site-type': 'ecommerce', origin: ['https://shop.example'] })).id,
      );
    } finally {
      await database.close();
    }

    const added = await admin(dataDir, [
      'test:add',
      '--agent',
      agentId,
      '--question',
      'Is this jacket waterproof?',
      '--page-url',
      PAGE_URL,
      '--page-title',
      'Ridgeline jacket',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ question: 'Is this jacket waterproof?', page_context: { url: PAGE_URL, title: 'Ridgeline jacket' } });

    database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const add = (options: Record<string, unknown>) => runCommand(database.db, 'test:add', { agent: agentId, question: ['Is it warm?'], ...options });
      const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ 'page-url': 'javascript:alert(1)' }, { 'page-url': ['must be an http(s) address'] }],
        [{ 'page-url': 'not an address' }, { 'page-url': ['must be an http(s) address'] }],
        [{ 'page-title': 'Ridgeline jacket' }, { 'page-url': ['give --page-url with --page-title'] }],
        [{ 'page-url': PAGE_URL, 'page-title': '  ' }, { 'page-title': ['must not be empty'] }],
      ];
      for (const [options, errors] of refusals) {
        await expect(add(options), JSON.stringify(options)).rejects.toMatchObject({ code: 'validation_failed', errors });
      }
      const { tests } = await runCommand(database.db, 'test:list', { agent: agentId });
      expect(tests).toHaveLength(1);
      // Without a page: none stored, as before.
      expect(await add({})).toMatchObject({ page_context: null });

      const [agent] = await database.db.select().from(agents).where(eq(agents.id, agentId));
      const run = await runSuite({ db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } }, agent!, 'cli');
      const fromPage = run!.results.find((result) => result.question === 'Is this jacket waterproof?');
      expect(fromPage?.diagnostics?.page_context).toMatchObject({ url: PAGE_URL, title: 'Ridgeline jacket' });
      expect(run!.results.find((result) => result.question === 'Is it warm?')?.diagnostics?.page_context).toBeNull();
    } finally {
      await database.close();
    }
  }, 180_000);
});
