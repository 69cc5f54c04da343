import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { TurnEvent } from '../../src/modules/assistant/events.js';
import { runTurn } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { startFakeAnthropic, startFakeOpenAI } from './helpers/fake-llm.js';
import { conversationRow, createConversation, createShop, messagesOf } from './helpers/fixtures.js';

let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database.close();
});

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);

const providers = [
  { provider: 'openai', start: startFakeOpenAI, env: (url: string) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url }) },
  { provider: 'anthropic', start: startFakeAnthropic, env: (url: string) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: url }) },
] as const;

describe.each(providers)('a visitor leaving mid-answer ($provider)', ({ provider, start, env }) => {
  it('aborts the provider request and saves the partial answer', async () => {
    const llm = await start(() => [{ text: 'The first part of a long answer, ' }, { hang: true }]);
    try {
      const shop = await createShop(database.db, { agent: { provider } });
      const conversation = await createConversation(database.db, shop);
      const controller = new AbortController();
      const received: TurnEvent[] = [];
      const consume = (async () => {
        for await (const event of runTurn(
          { db: database.db, providerEnv: env(llm.baseUrl), addressPolicy: { allowPrivate: true } },
          {
            agent: shop.agent,
            conversation,
            message: 'Tell me everything about your shoes',
            mode: 'production',
            signal: controller.signal,
          },
        )) {
          received.push(event);
          // The SSE route aborts when the client's connection closes; here, after some text.
          if (received.filter((e) => e.type === 'delta').length === 4) controller.abort();
        }
      })();

      await within(llm.clientClosedEarly, 5000, 'the provider connection closing');
      await within(consume, 5000, 'the turn ending');

      const streamed = received.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
      expect(streamed.length).toBeGreaterThan(0);
      expect(received.map((e) => e.type)).not.toContain('done');
      const stored = await messagesOf(database.db, conversation.id);
      expect(stored.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'partial'],
      ]);
      expect(stored[1]?.content).toBe(streamed);
      expect(stored[1]?.content.startsWith('The first part')).toBe(true);
      expect(stored[1]?.usage).toMatchObject({ estimated: true });
      const row = await conversationRow(database.db, conversation.id);
      expect(row.turnsUsed).toBe(1);
      expect(row.busyUntil).toBeNull();
    } finally {
      await llm.close();
    }
  });
});

it('saves the partial answer when the consumer simply stops reading', async () => {
  const llm = await startFakeOpenAI(() => [{ text: 'Partial words here and more, ' }, { hang: true }]);
  try {
    const shop = await createShop(database.db, { agent: { provider: 'openai' } });
    const conversation = await createConversation(database.db, shop);
    let text = '';
    for await (const event of runTurn(
      { db: database.db, providerEnv: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: llm.baseUrl }, addressPolicy: { allowPrivate: true } },
      {
        agent: shop.agent,
        conversation,
        message: 'Hello',
        mode: 'production',
      },
    )) {
      if (event.type === 'delta') text += event.text;
      if (text.length > 10) break;
    }
    await within(llm.clientClosedEarly, 5000, 'the provider connection closing');
    const [, assistant] = await messagesOf(database.db, conversation.id);
    expect(assistant).toMatchObject({ status: 'partial', content: text });
    expect((await conversationRow(database.db, conversation.id)).busyUntil).toBeNull();
  } finally {
    await llm.close();
  }
});
