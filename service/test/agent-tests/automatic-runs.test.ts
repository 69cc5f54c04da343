import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/modules/admin/commands.js';
import { listRuns } from '../../src/modules/agent-tests/store.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { asUser, createMember, signIn, type SignedIn } from '../dashboard/helpers.js';

/**
 * Long enough that the edits below, sent one after another, all land before it passes even on a
 * busy machine: each restarts the wait, so together they make one run.
 */
const DELAY_MS = 1_500;

/**
 * The automatic run after an agent edit (TEST_SUITE_DELAY_MS after the last one): several edits
 * in a row make one run, of the edited agent only, with the trigger `agent_edit`; a refused edit
 * schedules nothing.
 */
describe('automatic suite runs after agent edits', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let otherAgentId = '';
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ config: { testSuiteDelayMs: DELAY_MS } });
    shop = await seedWorkspace(t.database, 'Edit shop');
    owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'owner'));
    otherAgentId = String((await runCommand(t.database.db, 'agent:create', { workspace: shop.workspaceId, name: 'Second', 'site-type': 'ecommerce', origin: ['https://shop.example'] })).id);
    for (const agent of [shop.agentId, otherAgentId]) await runCommand(t.database.db, 'test:add', { agent, question: ['Do you ship to the moon?'] });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const runsOf = (agentId: string) => listRuns(t.database.db, shop.workspaceId, agentId, 50);
  const edit = (body: Record<string, unknown>) => asUser(t.app, owner, 'PATCH', `/app/api/agents/${shop.agentId}`, body);

  it('several edits in a row make one run of the edited agent, after the last', async () => {
    const greetings = ['Hello!', 'Hi there!', 'Welcome to the shop!'];
    for (const greeting of greetings) expect((await edit({ greeting })).statusCode).toBe(200);
    const lastEditAt = Date.now();
    await t.app.deps.suites.settled();

    const runs = await runsOf(shop.agentId);
    expect(runs.map((run) => run.trigger)).toEqual(['agent_edit']);
    expect(runs[0]).toMatchObject({ total: 1 });
    // Debounced from the last edit, not the first.
    expect(runs[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(lastEditAt + DELAY_MS - 50);
    expect(await runsOf(otherAgentId)).toEqual([]);

    // A later edit, once things were quiet, makes another.
    expect((await edit({ greeting: 'Good day!' })).statusCode).toBe(200);
    await t.app.deps.suites.settled();
    expect((await runsOf(shop.agentId)).map((run) => run.trigger)).toEqual(['agent_edit', 'agent_edit']);
  }, 60_000);

  it('a refused edit schedules nothing', async () => {
    const before = (await runsOf(shop.agentId)).length;
    const refused = await edit({ greeting: 'Hello! '.repeat(100) });
    expect(refused.statusCode).toBe(400);
    await t.app.deps.suites.settled();
    expect(await runsOf(shop.agentId)).toHaveLength(before);
  }, 60_000);
});
