import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { sendAdminCommand, serverCommandContext, startAdminSocket } from '../../src/modules/admin/socket.js';
import { listRuns } from '../../src/modules/agent-tests/store.js';
import { admin } from '../helpers/admin-cli.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';

const QUESTION = 'Do you offer gift wrapping?';
const VARIANT = 'Can you wrap presents?';

/**
 * `answer:update`: the options given replace the answer's, the others stay; the search index
 * follows; bad input is refused with its reason and changes nothing. Run through the server's
 * admin socket, a change to the answers schedules the agents' automatic suite runs, as the
 * dashboard's changes do.
 */
describe('answer:update through the running server', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let answerId = '';
  let socket: { close: () => Promise<void> };
  const socketDir = mkdtempSync(path.join(tmpdir(), 'sa-answer-socket-'));

  beforeAll(async () => {
    t = await createTestApp({ config: { testSuiteDelayMs: 50 } });
    shop = await seedWorkspace(t.database, 'Wrap shop');
    // The socket as server.ts starts it, with the running app's context.
    socket = await startAdminSocket(socketDir, t.database.db, t.app.log, serverCommandContext(t.app.deps));
    const added = await runCommand(t.database.db, 'answer:add', { workspace: shop.workspaceId, question: [QUESTION, VARIANT], answer: 'Yes, orders can be gift wrapped for 3 EUR.', language: ['en'] });
    answerId = String(added.id);
    await runCommand(t.database.db, 'test:add', { agent: shop.agentId, question: [QUESTION], pattern: 'recycled paper' });
  }, 60_000);
  afterAll(async () => {
    await socket?.close();
    await t?.close();
    rmSync(socketDir, { recursive: true, force: true });
  });

  const update = (options: Record<string, unknown>) => sendAdminCommand(socketDir, 'answer:update', { workspace: shop.workspaceId, id: answerId, ...options });
  const runsOf = (trigger: string) => listRuns(t.database.db, shop.workspaceId, shop.agentId, 50).then((runs) => runs.filter((run) => run.trigger === trigger));

  it('replaces the options given, keeps the rest, and the automatic run after it sees the new answer', async () => {
    const first = await runCommand(t.database.db, 'agent:test', { agent: shop.agentId });
    expect(first).toMatchObject({ passed: 0, failed: 1 });

    const updated = await update({ answer: 'Yes: we wrap orders in recycled paper for 3 EUR.' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: answerId, questions: [QUESTION, VARIANT], answer: 'Yes: we wrap orders in recycled paper for 3 EUR.', languages: ['en'], agent_ids: [] });

    await t.app.deps.suites.settled();
    const automatic = await runsOf('answers');
    expect(automatic).toHaveLength(1);
    // The index followed the edit: the run found the new text.
    expect(automatic[0]).toMatchObject({ total: 1, passed: 1 });
  });

  it('an empty --language or --agent clears the list; a given --agent list replaces it', async () => {
    expect((await update({ language: [''], agent: [shop.agentId] })).body).toMatchObject({ languages: [], agent_ids: [shop.agentId], questions: [QUESTION, VARIANT] });
    expect((await update({ agent: [''] })).body).toMatchObject({ agent_ids: [], answer: 'Yes: we wrap orders in recycled paper for 3 EUR.' });
    expect((await update({ question: ['Is gift wrapping available?'] })).body).toMatchObject({ questions: ['Is gift wrapping available?'] });
  });

  it('refuses bad input with its reason, changes nothing and schedules nothing', async () => {
    await t.app.deps.suites.settled();
    const automaticBefore = (await runsOf('answers')).length;
    const listed = () => runCommand(t.database.db, 'answer:list', { workspace: shop.workspaceId });
    const unchanged = await listed();
    const other = await seedWorkspace(t.database, 'Other shop');
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
      const refused = await update(options);
      expect(refused.status, JSON.stringify(options)).toBe(status);
      expect(refused.body).toMatchObject(envelope);
    }
    expect(await listed()).toEqual(unchanged);
    await t.app.deps.suites.settled();
    expect(await runsOf('answers')).toHaveLength(automaticBefore);
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
