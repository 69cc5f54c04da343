import { describe, expect } from 'vitest';
import { runCommand } from '../../src/modules/admin/commands.js';
import { listRuns } from '../../src/modules/agent-tests/store.js';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { asUser, signedInMember, type SignedIn } from '../dashboard/helpers.js';

/**
 * Long enough that the edits below, sent one after another, all land before it passes even on a
 * busy machine: each restarts the wait, so together they make one run.
 */
const DELAY_MS = 1_500;

const it = appTest({
  config: { testSuiteDelayMs: DELAY_MS },
  shop: { name: 'Edit shop' },
  prepare: async (service, shop) => {
    const owner = await signedInMember(service, shop.workspaceId, 'owner');
    const otherAgentId = String(
      (
        await runCommand(service.database.db, 'agent:create', {
          workspace: shop.workspaceId,
          name: 'Second',
          'site-type': 'ecommerce',
          origin: ['https://shop.example'],
        })
      ).id,
    );
    for (const agent of [shop.agentId, otherAgentId]) await runCommand(service.database.db, 'test:add', { agent, question: ['Do you ship to the moon?'] });
    return { owner, otherAgentId };
  },
});

/**
 * The automatic run after an agent edit (TEST_SUITE_DELAY_MS after the last one): several edits
 * in a row make one run, of the edited agent only, with the trigger `agent_edit`; a refused edit
 * schedules nothing.
 */
describe('automatic suite runs after agent edits', () => {
  const runsOf = (service: TestApp, shop: SeededWorkspace, agentId: string) => listRuns(service.database.db, shop.workspaceId, agentId, 50);
  const edit = (service: TestApp, shop: SeededWorkspace, owner: SignedIn, body: Record<string, unknown>) =>
    asUser(service.app, owner, 'PATCH', `/app/api/agents/${shop.agentId}`, body);

  it('several edits in a row make one run of the edited agent, after the last', async ({ service, shop, prepared: { owner, otherAgentId } }) => {
    const greetings = ['Hello!', 'Hi there!', 'Welcome to the shop!'];
    for (const greeting of greetings) expect((await edit(service, shop, owner, { greeting })).statusCode).toBe(200);
    const lastEditAt = Date.now();
    await service.app.deps.suites.settled();

    const runs = await runsOf(service, shop, shop.agentId);
    expect(runs.map((run) => run.trigger)).toEqual(['agent_edit']);
    expect(runs[0]).toMatchObject({ total: 1 });
    // Debounced from the last edit, not the first.
    expect(runs[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(lastEditAt + DELAY_MS - 50);
    expect(await runsOf(service, shop, otherAgentId)).toEqual([]);

    // A later edit, once things were quiet, makes another.
    expect((await edit(service, shop, owner, { greeting: 'Good day!' })).statusCode).toBe(200);
    await service.app.deps.suites.settled();
    expect((await runsOf(service, shop, shop.agentId)).map((run) => run.trigger)).toEqual(['agent_edit', 'agent_edit']);
  }, 60_000);

  it('a refused edit schedules nothing', async ({ service, shop, prepared: { owner } }) => {
    const before = (await runsOf(service, shop, shop.agentId)).length;
    const refused = await edit(service, shop, owner, { greeting: 'Hello! '.repeat(100) });
    expect(refused.statusCode).toBe(400);
    await service.app.deps.suites.settled();
    expect(await runsOf(service, shop, shop.agentId)).toHaveLength(before);
  }, 60_000);
});
