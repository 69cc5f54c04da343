import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { conversations } from '../../src/db/schema.js';
import { budgetOf, DEFAULT_BUDGET_TOKENS, DEFAULT_BUDGET_TURNS, outputTokenCap } from '../../src/modules/assistant/budget.js';
import { runTurn, type RuntimeDeps } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { collect, conversationRow, createConversation, createShop, messagesOf } from './helpers/fixtures.js';

let database: Database;
let deps: RuntimeDeps;

beforeAll(async () => {
  database = await freshDatabase();
  deps = { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } };
});

afterAll(async () => {
  await database.close();
});

describe('per-conversation budget', () => {
  it('defaults to 50 turns and 100,000 tokens, per agent otherwise', () => {
    expect([DEFAULT_BUDGET_TURNS, DEFAULT_BUDGET_TOKENS]).toEqual([50, 100_000]);
    expect(budgetOf({ budgetTurns: null, budgetTokens: null })).toEqual({ turns: 50, tokens: 100_000 });
    expect(budgetOf({ budgetTurns: 3, budgetTokens: 500 })).toEqual({ turns: 3, tokens: 500 });
    expect(outputTokenCap({ turns: 3, tokens: 500 }, { tokensUsed: 200 })).toBe(300);
    expect(outputTokenCap({ turns: 3, tokens: 50_000 }, { tokensUsed: 0 })).toBe(1024);
  });

  it('refuses a turn once the agent’s turn budget is used, changing nothing', async () => {
    const shop = await createShop(database.db, { agent: { budgetTurns: 2 } });
    const conversation = await createConversation(database.db, shop);
    for (const message of ['hello', 'hello again']) {
      const events = await collect(runTurn(deps, { agent: shop.agent, conversation, message, mode: 'production' }));
      expect(events.at(-1)?.type).toBe('done');
    }
    const events = await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'one more', mode: 'production' }));
    expect(events).toEqual([{ type: 'error', code: 'conversation_budget_exhausted', message: expect.stringContaining('2 replies') }]);
    expect(await messagesOf(database.db, conversation.id)).toHaveLength(4);
    const row = await conversationRow(database.db, conversation.id);
    expect(row.turnsUsed).toBe(2);
    expect(row.busyUntil).toBeNull();
  });

  it('refuses a turn once the token budget is used', async () => {
    const shop = await createShop(database.db, { agent: { budgetTokens: 100 } });
    const conversation = await createConversation(database.db, shop);
    await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'hello', mode: 'production' }));
    const row = await conversationRow(database.db, conversation.id);
    expect(row.tokensUsed).toBeGreaterThanOrEqual(100);
    const events = await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'hello', mode: 'production' }));
    expect(events[0]).toMatchObject({ type: 'error', code: 'conversation_budget_exhausted' });
  });

  it('runs one turn at a time per conversation', async () => {
    const shop = await createShop(database.db);
    const conversation = await createConversation(database.db, shop);
    await database.db
      .update(conversations)
      .set({ busyUntil: sql`now() + interval '1 minute'` })
      .where(eq(conversations.id, conversation.id));
    const events = await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'hello', mode: 'production' }));
    expect(events).toEqual([{ type: 'error', code: 'conversation_busy', message: expect.any(String) }]);
    // A hold left by a crashed instance expires.
    await database.db
      .update(conversations)
      .set({ busyUntil: sql`now() - interval '1 second'` })
      .where(eq(conversations.id, conversation.id));
    expect((await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'hello', mode: 'production' }))).at(-1)?.type).toBe('done');
  });
});
