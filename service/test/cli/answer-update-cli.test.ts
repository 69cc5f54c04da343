import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { sendAdminCommand, serverCommandContext, startAdminSocket } from '../../src/modules/admin/socket.js';
import { listRuns } from '../../src/modules/agent-tests/store.js';
import { admin } from '../helpers/admin-cli.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';

const QUESTION = 'Do you offer gift wrapping?';
const VARIANT = 'Can you wrap presents?';

/**
 * `answer:update`: the options given replace the answer's, the others stay; the search index
 * follows; bad input is refused with its reason and changes nothing. Run through the server's
 * admin socket, a change to the answers schedules the agents' automatic suite runs, as the
 * dashboard's changes do.
 */
const socketDir = mkdtempSync(path.join(tmpdir(), 'sa-answer-socket-'));

/** The app with the admin socket open on it, and an answer (with a test that needs its update) to change. */
const serverTest = appTest({ config: { testSuiteDelayMs: 50 }, shop: { name: 'Wrap shop' } }).extend<{ answerId: string }>({
  answerId: [
    async ({ service, shop }, use) => {
      // The socket as server.ts starts it, with the running app's context.
      const socket = await startAdminSocket(socketDir, service.database.db, service.app.log, serverCommandContext(service.app.deps));
      const added = await runCommand(service.database.db, 'answer:add', {
        workspace: shop.workspaceId,
        question: [QUESTION, VARIANT],
        answer: 'Yes, orders can be gift wrapped for 3 EUR.',
        language: ['en'],
      });
      await runCommand(service.database.db, 'test:add', { agent: shop.agentId, question: [QUESTION], pattern: 'recycled paper' });
      await use(String(added.id));
      await socket.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
});

describe('answer:update through the running server', () => {
  const update = (shop: SeededWorkspace, answerId: string, options: Record<string, unknown>) =>
    sendAdminCommand(socketDir, 'answer:update', { workspace: shop.workspaceId, id: answerId, ...options });
  const runsOf = (service: TestApp, shop: SeededWorkspace, trigger: string) =>
    listRuns(service.database.db, shop.workspaceId, shop.agentId, 50).then((runs) => runs.filter((run) => run.trigger === trigger));

  serverTest('replaces the options given, keeps the rest, and the automatic run after it sees the new answer', async ({ service, shop, answerId }) => {
    const first = await runCommand(service.database.db, 'agent:test', { agent: shop.agentId });
    expect(first).toMatchObject({ passed: 0, failed: 1 });

    const updated = await update(shop, answerId, { answer: 'Yes: we wrap orders in recycled paper for 3 EUR.' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: answerId,
      questions: [QUESTION, VARIANT],
      answer: 'Yes: we wrap orders in recycled paper for 3 EUR.',
      languages: ['en'],
      agent_ids: [],
    });

    await service.app.deps.suites.settled();
    const automatic = await runsOf(service, shop, 'answers');
    expect(automatic).toHaveLength(1);
    // The index followed the edit: the run found the new text.
    expect(automatic[0]).toMatchObject({ total: 1, passed: 1 });
  });

  serverTest('an empty --language or --agent clears the list; a given --agent list replaces it', async ({ shop, answerId }) => {
    expect((await update(shop, answerId, { language: [''], agent: [shop.agentId] })).body).toMatchObject({
      languages: [],
      agent_ids: [shop.agentId],
      questions: [QUESTION, VARIANT],
    });
    expect((await update(shop, answerId, { agent: [''] })).body).toMatchObject({ agent_ids: [], answer: 'Yes: we wrap orders in recycled paper for 3 EUR.' });
    expect((await update(shop, answerId, { question: ['Is gift wrapping available?'] })).body).toMatchObject({ questions: ['Is gift wrapping available?'] });
  });

  serverTest('refuses bad input with its reason, changes nothing and schedules nothing', async ({ service, shop, answerId }) => {
    await service.app.deps.suites.settled();
    const automaticBefore = (await runsOf(service, shop, 'answers')).length;
    const listed = () => runCommand(service.database.db, 'answer:list', { workspace: shop.workspaceId });
    const unchanged = await listed();
    const other = await seedWorkspace(service.database, 'Other shop');
    const refusals: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{}, 400, { code: 'validation_failed', errors: { _: ['give at least one of --question, --answer, --language, --agent'] } }],
      [{ question: [''] }, 400, { code: 'validation_failed', errors: { 'questions.0': [expect.any(String)] } }],
      [{ answer: '   ' }, 400, { code: 'validation_failed', errors: { answer: [expect.any(String)] } }],
      [{ language: ['English please'] }, 400, { code: 'validation_failed', errors: { 'languages.0': ['must be a language tag such as en or de-CH'] } }],
      [{ agent: [other.agentId] }, 400, { code: 'validation_failed', errors: { agent_ids: ['unknown agent'] } }],
      [{ id: 'gift', answer: 'x' }, 400, { code: 'validation_failed', errors: { id: ['must be an answer id'] } }],
      [{ workspace: other.workspaceId, answer: 'x' }, 404, { code: 'not_found' }],
    ];
    for (const [options, status, envelope] of refusals) {
      const refused = await update(shop, answerId, options);
      expect(refused.status, JSON.stringify(options)).toBe(status);
      expect(refused.body).toMatchObject(envelope);
    }
    expect(await listed()).toEqual(unchanged);
    await service.app.deps.suites.settled();
    expect(await runsOf(service, shop, 'answers')).toHaveLength(automaticBefore);
  });
});

/** The command itself, as an operator types it with the server stopped. */
describe('answer:update on the command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sa-answer-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the updated answer, and refuses bad input with its reason', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let workspace = '';
    let answerId = '';
    try {
      workspace = String((await runCommand(database.db, 'workspace:create', { name: 'Wrap shop' })).id);
      answerId = String((await runCommand(database.db, 'answer:add', { workspace, question: [QUESTION], answer: 'Yes, for 3 EUR.' })).id);
    } finally {
      await database.close();
    }

    const updated = await admin(dataDir, ['answer:update', '--workspace', workspace, '--id', answerId, '--answer', 'Yes, for 4 EUR.', '--language', 'en']);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('answer: Yes, for 4 EUR.\n');
    expect(updated.stdout).toContain('languages: en\n');
    const refused = await admin(dataDir, ['answer:update', '--workspace', workspace, '--id', answerId, '--language', 'English please', '--answer', 'Free!']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('languages.0: must be a language tag such as en or de-CH');

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const { answers } = await runCommand(reopened.db, 'answer:list', { workspace });
      expect(answers).toMatchObject([{ id: answerId, answer: 'Yes, for 4 EUR.', languages: ['en'] }]);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
