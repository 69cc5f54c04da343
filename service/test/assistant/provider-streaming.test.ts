import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { agents } from '../../src/db/schema.js';
import type { TurnEvent } from '../../src/modules/assistant/events.js';
import { runTurn, type RuntimeDeps } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { startPluginPeer, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { hasToolResult, startFakeAnthropic, startFakeOpenAI, systemPromptOf, toolResultText, type FakeLlm } from './helpers/fake-llm.js';
import { collect, conversationRow, createConversation, createShop, indexPosts, messagesOf, type Shop } from './helpers/fixtures.js';

const SECRET = 'sss_stream_secret';

const providers = [
  { provider: 'openai', start: startFakeOpenAI, env: (url: string) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url }) },
  { provider: 'anthropic', start: startFakeAnthropic, env: (url: string) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: url }) },
  { provider: 'openai-compatible', start: startFakeOpenAI, env: (url: string) => ({ OPENAI_BASE_URL: url }) },
] as const;

describe.each(providers)('streaming through $provider', ({ provider, start, env }) => {
  let database: Database;
  let peer: PluginPeer;
  let shop: Shop;
  let llm: FakeLlm | undefined;

  beforeAll(async () => {
    database = await freshDatabase();
    peer = await startPluginPeer({
      secret: SECRET,
      orders: [{ id: 9, number: '1042', email: 'ana@example.com', userId: 42, status: 'processing', total: '59.00', currency: 'EUR' }],
    });
    shop = await createShop(database.db, { siteUrl: peer.siteUrl, secret: SECRET, agent: { provider, model: 'test-model' } });
    await indexPosts(database.db, shop, [
      { wpId: 1, title: 'Shipping', html: '<p>Orders leave our warehouse within two days. Tracking links are emailed.</p>' },
    ]);
  });

  afterEach(async () => {
    await llm?.close();
    llm = undefined;
  });

  afterAll(async () => {
    await peer.close();
    await database.close();
  });

  const depsFor = (fake: FakeLlm): RuntimeDeps => ({ db: database.db, providerEnv: env(fake.baseUrl), addressPolicy: { allowPrivate: true } });

  it('streams text deltas and stores the answer with the provider’s usage', async () => {
    llm = await start(() => [{ text: 'Orders leave our warehouse within two days, see [Shipping](https://shop.example/?p=1).' }]);
    const conversation = await createConversation(database.db, shop);
    const events = await collect(runTurn(depsFor(llm), { agent: shop.agent, conversation, message: 'When will my order ship?', mode: 'production' }));

    expect(events.map((e) => e.type)).toEqual(['start', ...Array(events.length - 3).fill('delta'), 'sources', 'done']);
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1) as Extract<TurnEvent, { type: 'done' }>;
    expect(done.message.content).toBe(deltas.join(''));
    expect(done.message.content).toBe('Orders leave our warehouse within two days, see [Shipping](https://shop.example/?p=1).');
    expect(done.message.sources).toEqual([{ title: 'Shipping', url: 'https://shop.example/?p=1' }]);

    const [request] = llm.requests;
    expect(request?.body.stream).toBe(true);
    expect(request?.body.model).toBe('test-model');
    const system = systemPromptOf(request!);
    expect(system).toContain('You are Shop assistant');
    expect(system).toContain('Orders leave our warehouse within two days');
    const toolNames = ((request?.body.tools ?? []) as { name?: string; function?: { name: string } }[]).map((t) => t.function?.name ?? t.name);
    expect(toolNames.sort()).toEqual(['escalate', 'lookup_order', 'offer_coupon', 'search_knowledge', 'show_products']);

    const stored = await messagesOf(database.db, conversation.id);
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(stored[1]).toMatchObject({ id: done.message.id, content: done.message.content });
    expect(stored[1]?.usage).toMatchObject({ estimated: false, input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    expect((stored[1]?.usage as { input_tokens: number }).input_tokens).toBeGreaterThanOrEqual(100);
    const row = await conversationRow(database.db, conversation.id);
    expect(row.turnsUsed).toBe(1);
    expect(row.tokensUsed).toBe((stored[1]?.usage as { total_tokens: number }).total_tokens);
    expect(row.busyUntil).toBeNull();
  });

  it('runs a tool call against the signed site route and answers from its result', async () => {
    llm = await start((request) =>
      hasToolResult(request)
        ? [{ text: toolResultText(request).includes('processing') ? 'Your order 1042 is being processed.' : 'I could not find it.' }]
        : [{ text: 'Let me check. ' }, { toolCall: { name: 'lookup_order', arguments: { order_number: '1042', email: 'ana@example.com' } } }],
    );
    const conversation = await createConversation(database.db, shop, { playground: true });
    const events = await collect(
      runTurn(depsFor(llm), { agent: shop.agent, conversation, message: 'Where is order 1042? My email is ana@example.com', mode: 'playground' }),
    );

    expect(peer.requests.at(-1)).toEqual({
      path: '/wp-json/service/v1/orders/lookup',
      body: { order_number: '1042', email: 'ana@example.com' },
      signatureValid: true,
    });
    expect(llm.requests).toHaveLength(2);
    expect(toolResultText(llm.requests[1]!)).toContain('"status":"processing"');

    const types = events.map((e) => e.type);
    expect(types.indexOf('tool_call')).toBeGreaterThan(types.indexOf('start'));
    expect(types.slice(-3)).toEqual(['sources', 'diagnostics', 'done']);
    const done = events.at(-1) as Extract<TurnEvent, { type: 'done' }>;
    expect(done.message.content).toBe('Let me check. Your order 1042 is being processed.');

    const diagnostics = (events.find((e) => e.type === 'diagnostics') as Extract<TurnEvent, { type: 'diagnostics' }>).diagnostics;
    expect(diagnostics.model).toBe(`${provider}:test-model`);
    expect(diagnostics.tool_calls).toEqual([
      {
        name: 'lookup_order',
        arguments: { order_number: '1042', email: 'ana@example.com' },
        result: expect.objectContaining({ status: 'found', orders: [expect.objectContaining({ number: '1042', status: 'processing', total: '59.00' })] }),
        duration_ms: expect.any(Number),
      },
    ]);
    expect(diagnostics.latency_ms.tools).toBeGreaterThan(0);
    expect(diagnostics.latency_ms.first_token).toBeGreaterThan(0);
    expect(diagnostics.latency_ms.total).toBeGreaterThanOrEqual(diagnostics.latency_ms.first_token!);
    expect(diagnostics.system_prompt).toBe(systemPromptOf(llm.requests[0]!));
    expect(diagnostics.usage.estimated).toBe(false);

    const [, assistant] = await messagesOf(database.db, conversation.id);
    expect(assistant?.toolCalls).toEqual(diagnostics.tool_calls);
    expect(assistant?.diagnostics).toMatchObject({ model: `${provider}:test-model`, confidence: diagnostics.confidence });
  });

  it('offers escalation itself when no source answers and the model called no tool', async () => {
    llm = await start(() => [{ text: 'I am not sure about that.' }]);
    const conversation = await createConversation(database.db, shop);
    const events = await collect(
      runTurn(depsFor(llm), { agent: shop.agent, conversation, message: 'Which telescope should I buy for Saturn?', mode: 'production' }),
    );
    const done = events.at(-1) as Extract<TurnEvent, { type: 'done' }>;
    expect(done.message.blocks).toEqual([{ kind: 'escalation_button', data: expect.objectContaining({ type: 'lead_form' }) }]);
    expect(events.filter((e) => e.type === 'block')).toHaveLength(1);
    expect(systemPromptOf(llm.requests[0]!)).toContain('Unless a tool answers it, say you are not sure');
  });

  it('sends the recent history with the new message', async () => {
    llm = await start(() => [{ text: 'Sure.' }]);
    const conversation = await createConversation(database.db, shop);
    const deps = depsFor(llm);
    await collect(runTurn(deps, { agent: shop.agent, conversation, message: 'My name is Ana.', mode: 'production' }));
    await collect(
      runTurn(deps, { agent: shop.agent, conversation: await conversationRow(database.db, conversation.id), message: 'What is my name?', mode: 'production' }),
    );
    const messages = (llm.requests[1]?.body.messages ?? []) as { role: string; content: unknown }[];
    const text = messages.filter((m) => m.role !== 'system').map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);
    expect(text.join('\n')).toMatch(/user:.*My name is Ana\.[\s\S]*assistant:.*Sure\.[\s\S]*user:.*What is my name\?/);
  });
});

it('falls back to the offline responder when the provider has no key', async () => {
  const database = await freshDatabase();
  try {
    const shop = await createShop(database.db, { agent: { provider: 'anthropic' } });
    const conversation = await createConversation(database.db, shop, { playground: true });
    const events = await collect(
      runTurn(
        { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } },
        { agent: shop.agent, conversation, message: 'hello there friend', mode: 'playground' },
      ),
    );
    const diagnostics = events.find((e) => e.type === 'diagnostics');
    expect(diagnostics?.type === 'diagnostics' && diagnostics.diagnostics).toMatchObject({
      model: 'offline:offline-responder',
      notes: ['offline responder used: ANTHROPIC_API_KEY is not set'],
    });
    const [agent] = await database.db.select().from(agents).where(eq(agents.id, shop.agent.id));
    expect(agent?.provider).toBe('anthropic');
  } finally {
    await database.close();
  }
});
