import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { agents } from '../../src/db/schema.js';
import type { Diagnostics, TurnEvent } from '../../src/modules/assistant/events.js';
import { runTurn, type RuntimeDeps, type TurnInput } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { collect, createConversation, createShop, indexPosts, indexProducts, messagesOf, type Shop } from './helpers/fixtures.js';

let database: Database;
let deps: RuntimeDeps;
let shop: Shop;

beforeAll(async () => {
  database = await freshDatabase();
  deps = { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } };
  shop = await createShop(database.db);
  await indexPosts(database.db, shop, [
    { wpId: 1, title: 'Returns and refunds', html: '<p>You can return any item within 30 days of delivery for a full refund.</p>' },
    { wpId: 2, title: 'سياسة الإرجاع', html: '<p>يمكنك إرجاع أي منتج خلال 30 يومًا من التسليم واسترداد المبلغ كاملًا.</p>', language: 'ar' },
  ]);
  await indexProducts(database.db, shop, [
    { wpId: 10, name: 'Trail runner', description: 'Waterproof running shoe for muddy mountain trails', price: '17.90', regularPrice: '19.90' },
  ]);
});

afterAll(async () => {
  await database.close();
});

async function turn(input: Partial<TurnInput> & { message: string }, options: { playground?: boolean; locale?: string } = {}) {
  const conversation = await createConversation(database.db, shop, { playground: options.playground ?? false, locale: options.locale ?? null });
  const events = await collect(runTurn(deps, { agent: shop.agent, conversation, mode: options.playground ? 'playground' : 'production', ...input }));
  const done = events.find((e): e is Extract<TurnEvent, { type: 'done' }> => e.type === 'done');
  const diagnostics = events.find((e): e is Extract<TurnEvent, { type: 'diagnostics' }> => e.type === 'diagnostics')?.diagnostics;
  return { events, done, diagnostics, conversation, stored: await messagesOf(database.db, conversation.id) };
}

describe('runTurn', () => {
  it('keeps product cards in the Playground and only their text in production', async () => {
    // A catalog search (a price bound, no product named): the offline responder calls show_products.
    const question = 'Anything under €20?';
    const playground = await turn({ message: question }, { playground: true });
    const card = playground.done?.message.blocks.find((b) => b.kind === 'product_card');
    expect(card?.kind === 'product_card' && card.data.price.price).toBe('17.90');
    expect(playground.events.some((e) => e.type === 'block' && e.block.kind === 'product_card')).toBe(true);

    const production = await turn({ message: question });
    expect(production.done?.message.blocks).toEqual([]);
    expect(production.events.some((e) => e.type === 'block')).toBe(false);
    expect(production.done?.message.content).toContain('[Trail runner](https://shop.example/product/10)');
    expect(production.done?.message.content).toContain('17.90 EUR');
    expect(production.stored[1]?.blocks).toEqual([]);
    // The card's product is what the answer showed: it is the source in both modes.
    expect(production.done?.message.sources).toEqual([{ title: 'Trail runner', url: 'https://shop.example/product/10' }]);
    expect(playground.done?.message.sources).toEqual([{ title: 'Trail runner', url: 'https://shop.example/product/10' }]);
  });

  it('answers a question about a named product from its synced price, in the reply language', async () => {
    const { done } = await turn({ message: 'How much is the trail runner?' });
    expect(done?.message.content).toContain('[Trail runner](https://shop.example/product/10)');
    expect(done?.message.content).toMatch(/€17\.90/);
    expect(done?.message.content).toMatch(/€19\.90/);
    expect(done?.message.sources).toEqual([{ title: 'Trail runner', url: 'https://shop.example/product/10' }]);
  });

  it('stores both messages with content, blocks, sources, tool calls, usage and diagnostics', async () => {
    const { done, diagnostics, stored } = await turn({ message: 'Do you have a coupon?' }, { playground: true });
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ content: 'Do you have a coupon?', status: 'complete' });
    expect(stored[1]).toMatchObject({
      id: done?.message.id,
      content: done?.message.content,
      blocks: [{ kind: 'coupon_offer', data: { code: 'SPRING10', description: '10% off your first order' } }],
      toolCalls: [expect.objectContaining({ name: 'offer_coupon' })],
      status: 'complete',
    });
    expect(stored[1]?.usage).toMatchObject({ total_tokens: expect.any(Number) });
    const keys: (keyof Diagnostics)[] = [
      'latency_ms',
      'confidence',
      'sources',
      'tool_calls',
      'blocks',
      'system_prompt',
      'model',
      'usage',
      'site_type',
      'language',
      'direction',
      'page_context',
    ];
    for (const key of keys) expect(diagnostics).toHaveProperty(key);
    expect(Object.keys(diagnostics!.latency_ms).sort()).toEqual(['first_token', 'retrieval', 'tools', 'total']);
    expect(stored[1]?.diagnostics).toMatchObject({ system_prompt: diagnostics?.system_prompt, blocks: diagnostics?.blocks });
  });

  it('emits diagnostics and tool calls in the Playground only', async () => {
    const production = await turn({ message: 'Do you have a coupon?' });
    expect(production.events.map((e) => e.type)).not.toContain('diagnostics');
    expect(production.events.map((e) => e.type)).not.toContain('tool_call');
    expect(production.done?.message.blocks.map((b) => b.kind)).toEqual(['coupon_offer']);
    expect(production.stored[1]?.diagnostics).toMatchObject({ model: 'offline:offline-responder' });
  });

  it('lists ranked sources with scores in the diagnostics', async () => {
    const { diagnostics, done } = await turn({ message: 'How many days do I have to return an item for a refund?' }, { playground: true });
    expect(diagnostics?.sources[0]).toMatchObject({
      rank: 1,
      title: 'Returns and refunds',
      url: 'https://shop.example/?p=1',
      score: expect.any(Number),
      snippet: expect.stringContaining('30 days'),
    });
    expect(diagnostics!.confidence).toBeGreaterThan(0.35);
    expect(done?.message.sources[0]).toEqual({ title: 'Returns and refunds', url: 'https://shop.example/?p=1' });
  });

  it('replies right to left for Arabic, and says so from the start', async () => {
    const { events, done } = await turn({ message: 'ما هي سياسة الإرجاع لديكم؟' });
    expect(events[0]).toMatchObject({ type: 'start', language: 'ar', direction: 'rtl' });
    expect(done?.message).toMatchObject({ language: 'ar', direction: 'rtl' });
    expect(done?.message.content).toContain('سياسة الإرجاع');
  });

  it('uses a language the message says clearly, else the visitor’s locale, and ignores language overrides in production', async () => {
    const clear = await turn({ message: 'How many days do I have to return an item?', locale: 'fr-CA' });
    expect(clear.events[0]).toMatchObject({ language: 'en' });
    // A product name alone does not say which language it is in: the visitor's locale does.
    const unclear = await turn({ message: 'Trail runner?', locale: 'fr-CA' });
    expect(unclear.events[0]).toMatchObject({ language: 'fr-CA' });
    expect(unclear.done?.message.content).toMatch(/17,90\s€/);
    const ignored = await turn({ message: 'How many days do I have to return an item?', overrides: { language: 'de', siteType: 'saas' } });
    expect(ignored.events[0]).toMatchObject({ language: 'en' });
    expect(ignored.stored[1]?.diagnostics).toMatchObject({ site_type: 'ecommerce', language: 'en' });
  });

  it('answers a message in another language than the visitor’s locale in its own language, and notes why', async () => {
    const { events, stored } = await turn({ message: 'كم يومًا لدي لإرجاع منتج؟', locale: 'en-US' });
    expect(events[0]).toMatchObject({ type: 'start', language: 'ar', direction: 'rtl' });
    expect((stored[1]?.diagnostics as { notes?: string[] } | undefined)?.notes).toContain(
      "reply language ar: the message is written in it, not in the visitor's locale (en-US)",
    );
    // Another language in the locale's own script, clearly written, is answered in that language too.
    const german = await turn({ message: 'Wie viele Tage habe ich für eine Rückgabe?', locale: 'en-US' });
    expect(german.events[0]).toMatchObject({ language: 'de' });
    expect((german.stored[1]?.diagnostics as { notes?: string[] } | undefined)?.notes).toContain(
      "reply language de: the message is written in it, not in the visitor's locale (en-US)",
    );
    // The locale's own language: nothing is noted.
    const english = await turn({ message: 'How many days do I have to return an item?', locale: 'en-US' });
    expect(english.events[0]).toMatchObject({ language: 'en' });
    expect((english.stored[1]?.diagnostics as { notes?: string[] } | undefined)?.notes).toEqual([]);
  });

  it('applies Playground overrides without saving them to the agent', async () => {
    const { diagnostics } = await turn({ message: 'How much does it cost?', overrides: { siteType: 'documentation', language: 'he' } }, { playground: true });
    expect(diagnostics).toMatchObject({ site_type: 'documentation', language: 'he', direction: 'rtl' });
    expect(diagnostics?.system_prompt).toContain('a precise technical documentation assistant');
    expect(diagnostics?.system_prompt).not.toContain('show_products');
    const [agent] = await database.db.select().from(agents).where(eq(agents.id, shop.agent.id));
    expect(agent).toMatchObject({ siteType: 'ecommerce', defaultLocale: 'en' });
  });

  it('sanitizes the page context, and drops it in production off the allowed origins', async () => {
    const pageContext = { url: 'https://shop.example/p/trail?utm_source=x', title: '<b>Trail</b> runner', body_text: '<script>x()</script>Great shoe' };
    const playground = await turn({ message: 'Tell me about this page', overrides: { pageContext } }, { playground: true });
    expect(playground.diagnostics?.page_context).toEqual({ url: 'https://shop.example/p/trail', title: 'Trail runner', body_text: 'Great shoe' });
    expect(playground.diagnostics?.system_prompt).toContain('"body_text":"Great shoe"');

    const allowed = await turn({ message: 'Tell me about this page', overrides: { pageContext } });
    expect(allowed.stored[1]?.diagnostics).toMatchObject({ page_context: { title: 'Trail runner' } });
    const foreign = await turn({ message: 'Tell me about this page', overrides: { pageContext: { ...pageContext, url: 'https://elsewhere.example/' } } });
    expect(foreign.stored[1]?.diagnostics).toMatchObject({ page_context: null });
    expect((foreign.stored[1]?.diagnostics as unknown as Diagnostics).system_prompt).not.toContain('page_context');
  });

  it('rejects invalid input without writing anything', async () => {
    for (const message of ['   ', 'x'.repeat(4001)]) {
      const { events, stored } = await turn({ message });
      expect(events).toEqual([{ type: 'error', code: 'validation_failed', message: expect.any(String) }]);
      expect(stored).toEqual([]);
    }
    const playgroundConversation = await createConversation(database.db, shop, { playground: true });
    const mixed = await collect(runTurn(deps, { agent: shop.agent, conversation: playgroundConversation, message: 'hi', mode: 'production' }));
    expect(mixed[0]).toMatchObject({ type: 'error', code: 'validation_failed' });
    const other = await createShop(database.db);
    const foreign = await collect(runTurn(deps, { agent: other.agent, conversation: playgroundConversation, message: 'hi', mode: 'playground' }));
    expect(foreign[0]).toMatchObject({ type: 'error', code: 'not_found' });
    expect(await messagesOf(database.db, playgroundConversation.id)).toEqual([]);
  });
});
