import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { agents, modelPrices, modelUsageDaily, workspaces } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { capState, spendToday, spentOf } from '../../src/modules/assistant/cost-governor.js';
import type { TurnEvent } from '../../src/modules/assistant/events.js';
import { runTurn, type RuntimeDeps } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { startFakeOpenAI, type FakeLlm } from './helpers/fake-llm.js';
import { collect, createConversation, createShop, indexPosts, messagesOf, type Shop } from './helpers/fixtures.js';

let database: Database;
let llm: FakeLlm;
let deps: RuntimeDeps;

beforeAll(async () => {
  database = await freshDatabase();
  // Every call reports 100 prompt tokens and a few completion tokens (see fake-llm.ts).
  llm = await startFakeOpenAI(() => [{ text: 'Orders leave within two days.' }]);
  deps = { db: database.db, providerEnv: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl }, addressPolicy: { allowPrivate: true } };
});

afterEach(() => {
  llm.requests.length = 0;
});

afterAll(async () => {
  await llm.close();
  await database.close();
});

async function shopWith(agent: Partial<typeof agents.$inferInsert>): Promise<Shop> {
  const shop = await createShop(database.db, { agent: { provider: 'openai', model: 'gpt-4o-mini', ...agent } });
  await indexPosts(database.db, shop, [{ wpId: 1, title: 'Shipping', html: '<p>Orders leave our warehouse within two days.</p>' }]);
  return shop;
}

/** One turn in a conversation of its own, as a script starting new conversations would. */
async function turnInNewConversation(shop: Shop, mode: 'production' | 'playground' = 'production') {
  const conversation = await createConversation(database.db, shop, { playground: mode === 'playground' });
  const events = await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'When will my order ship?', mode }));
  const stored = (await messagesOf(database.db, conversation.id)).find((m) => m.role === 'assistant');
  return { events, stored, notes: (stored?.diagnostics?.notes ?? []) as string[] };
}

describe('daily caps', () => {
  it('an agent past its daily token cap is answered by the offline responder, without calling the model, with a note saying why', async () => {
    const shop = await shopWith({ dailyTokenCap: 200 });
    // Each call costs a little over 100 tokens: the first two start under the cap.
    for (let i = 0; i < 2; i += 1) {
      const turn = await turnInNewConversation(shop);
      expect(turn.events.at(-1)?.type).toBe('done');
      expect(turn.stored?.diagnostics?.model).toBe('openai:gpt-4o-mini');
    }
    expect(llm.requests).toHaveLength(2);
    const [usage] = await database.db.select().from(modelUsageDaily).where(eq(modelUsageDaily.agentId, shop.agent.id));
    expect(usage).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', turns: 2, inputTokens: 200 });

    const capped = await turnInNewConversation(shop);
    expect(llm.requests).toHaveLength(2);
    const done = capped.events.at(-1) as Extract<TurnEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    expect(done.message.content.length).toBeGreaterThan(0);
    expect(capped.stored?.status).toBe('complete');
    expect(capped.stored?.diagnostics?.model).toBe('offline:offline-responder');
    expect(capped.notes).toContainEqual(expect.stringMatching(/^offline responder used: the agent's daily cap is reached \(2\d\d of 200 tokens today, UTC\)$/));
    // The offline responder's turns are not spending.
    const [after] = await database.db.select().from(modelUsageDaily).where(eq(modelUsageDaily.agentId, shop.agent.id));
    expect(after?.turns).toBe(2);
  });

  it('shows the note in the Playground diagnostics', async () => {
    const shop = await shopWith({ dailyTokenCap: 100 });
    await turnInNewConversation(shop, 'playground');
    expect(llm.requests).toHaveLength(1);
    const capped = await turnInNewConversation(shop, 'playground');
    expect(llm.requests).toHaveLength(1);
    const diagnostics = capped.events.find((e) => e.type === 'diagnostics');
    expect(diagnostics && 'diagnostics' in diagnostics ? diagnostics.diagnostics.notes : []).toContainEqual(
      expect.stringContaining("the agent's daily cap is reached"),
    );
  });

  it('a workspace cap counts every agent of the workspace', async () => {
    const shop = await shopWith({});
    await database.db.update(workspaces).set({ dailyTokenCap: 150 }).where(eq(workspaces.id, shop.workspaceId));
    const [other] = await database.db
      .insert(agents)
      .values({ id: randomUUID(), workspaceId: shop.workspaceId, name: 'Second', siteType: 'ecommerce', provider: 'openai', model: 'gpt-4o-mini' })
      .returning();
    const second: Shop = { ...shop, agent: other! };
    expect((await turnInNewConversation(second)).notes.join()).not.toContain('cap');
    expect(llm.requests).toHaveLength(1);
    await turnInNewConversation(second);
    expect(llm.requests).toHaveLength(2);
    const capped = await turnInNewConversation(shop);
    expect(llm.requests).toHaveLength(2);
    expect(capped.notes).toContainEqual(expect.stringMatching(/the workspace's daily cap is reached \(2\d\d of 150 tokens/));
  });

  it('a money cap is priced with the workspace’s own price over the built-in table', async () => {
    const shop = await shopWith({ model: 'house-model', dailyCostCapUsd: 0.01 });
    // Not in the built-in table: unpriced, so it costs nothing and the cap is never reached.
    await turnInNewConversation(shop);
    await turnInNewConversation(shop);
    expect(llm.requests).toHaveLength(2);
    const unpriced = spentOf(await spendToday(database.db, shop.workspaceId), shop.agent.id);
    expect(unpriced).toMatchObject({ costUsd: 0, unpriced: ['openai:house-model'] });
    // $50 per million prompt tokens: 200 prompt tokens are $0.01.
    await database.db
      .insert(modelPrices)
      .values({ workspaceId: shop.workspaceId, provider: 'openai', model: 'house-model', inputUsdPerMtok: 50, outputUsdPerMtok: 0 });
    const priced = spentOf(await spendToday(database.db, shop.workspaceId), shop.agent.id);
    expect(priced.costUsd).toBeCloseTo(0.01, 6);
    const capped = await turnInNewConversation(shop);
    expect(llm.requests).toHaveLength(2);
    expect(capped.notes).toContainEqual(expect.stringContaining("the agent's daily cap is reached ($0.01 of $0.01 today, UTC)"));
  });

  it('prices the default model with the built-in table', async () => {
    const shop = await shopWith({});
    await turnInNewConversation(shop);
    const spent = spentOf(await spendToday(database.db, shop.workspaceId));
    // gpt-4o-mini: $0.15 per million prompt tokens, $0.60 per million completion tokens.
    expect(spent.costUsd).toBeGreaterThan((100 * 0.15) / 1e6);
    expect(spent.costUsd).toBeLessThan((100 * 0.15 + 50 * 0.6) / 1e6);
    expect(spent.unpriced).toEqual([]);
  });

  it('the operator sets and removes a workspace’s price with price:set and price:remove', async () => {
    const shop = await shopWith({});
    await turnInNewConversation(shop);
    const builtIn = spentOf(await spendToday(database.db, shop.workspaceId)).costUsd;
    // Values arrive from the command line as text.
    await runCommand(database.db, 'price:set', { workspace: shop.workspaceId, provider: 'openai', model: 'gpt-4o-mini', input: '1500', output: '0' });
    const overridden = spentOf(await spendToday(database.db, shop.workspaceId)).costUsd;
    expect(overridden).toBeCloseTo((100 * 1500) / 1e6, 6);
    expect(overridden).not.toBeCloseTo(builtIn, 6);
    await expect(
      runCommand(database.db, 'price:set', { workspace: shop.workspaceId, provider: 'openai', model: 'gpt-4o-mini', input: '-1', output: '0' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await runCommand(database.db, 'price:remove', { workspace: shop.workspaceId, provider: 'openai', model: 'gpt-4o-mini' });
    expect(spentOf(await spendToday(database.db, shop.workspaceId)).costUsd).toBeCloseTo(builtIn, 9);
    await expect(runCommand(database.db, 'price:remove', { workspace: shop.workspaceId, provider: 'openai', model: 'gpt-4o-mini' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('warns at 80% and stops at 100% of whichever cap is nearest', () => {
    const spent = { tokens: 800, costUsd: 0.5, turns: 3, unpriced: [] };
    expect(capState({ tokens: null, costUsd: null }, spent)).toEqual({ level: 'ok', share: 0, detail: null });
    expect(capState({ tokens: 1001, costUsd: null }, spent).level).toBe('ok');
    expect(capState({ tokens: 1000, costUsd: null }, spent)).toMatchObject({ level: 'warning', detail: '800 of 1,000 tokens' });
    expect(capState({ tokens: 10_000, costUsd: 0.5 }, spent)).toMatchObject({ level: 'reached', detail: '$0.50 of $0.50' });
  });
});
