import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEventSchema } from '../../src/contract/stream-events.js';
import { agents, conversations, messages } from '../../src/db/schema.js';
import { asUser, createMember, seedProductionConversation, signIn, type SignedIn } from '../dashboard/helpers.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { diagnosticsOf, playgroundTurn, resetUrl, seedShopContent, startOf, streamUrl } from './helpers.js';

const SHOP_PRODUCT_CONTEXT = {
  url: 'https://shop.example/product/trail-running-shoe?utm_source=mail#reviews',
  title: 'Trail running shoe <b>sale</b>',
  description: 'Waterproof trail shoe',
  og: { title: 'Trail running shoe', type: 'product', image: 'javascript:alert(1)' },
  json_ld: [{ '@type': 'Product', name: 'Trail running shoe', offers: { price: '17.90', priceCurrency: 'EUR' } }],
  headings: ['Trail running shoe', 'Reviews'],
  body_text: 'A waterproof running shoe for muddy paths.',
  tracking_pixel: 'dropped',
};

describe('Playground routes', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let other: SeededWorkspace;
  let editor: SignedIn;
  let viewer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Fernhill');
    other = await seedWorkspace(t.database, 'Other shop');
    await seedShopContent(t.app, shop.token);
    editor = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'editor'));
    viewer = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('page-context preview', () => {
    const url = () => `/app/agents/${shop.agentId}/playground/page-context`;

    it('answers what the runtime would see: markup stripped, tracking removed, caps applied', async () => {
      const response = await asUser(t.app, editor, 'POST', url(), {
        page_context: {
          url: 'https://shop.example/p/boots?utm_source=x#reviews',
          title: '<b>Trail boots</b><script>alert(1)</script>',
          body_text: 'é'.repeat(6000),
          unknown_field: 'dropped',
        },
      });
      expect(response.statusCode).toBe(200);
      const context = response.json().page_context;
      expect(context.url).toBe('https://shop.example/p/boots');
      expect(context.title).toBe('Trail boots');
      expect(Buffer.byteLength(context.body_text, 'utf8')).toBeLessThanOrEqual(8 * 1024);
      expect(context).not.toHaveProperty('unknown_field');
    });

    it('is null without a valid http(s) URL, and follows the Playground rules', async () => {
      expect((await asUser(t.app, editor, 'POST', url(), { page_context: { url: 'javascript:alert(1)' } })).json()).toEqual({ page_context: null });
      expect((await asUser(t.app, viewer, 'POST', url(), { page_context: null })).statusCode).toBe(403);
      expect((await asUser(t.app, editor, 'POST', url(), { page_context: null }, { csrf: false })).statusCode).toBe(403);
      expect((await asUser(t.app, editor, 'POST', `/app/agents/${other.agentId}/playground/page-context`, { page_context: null })).statusCode).toBe(404);
    });
  });

  describe('who may use it', () => {
    it('a viewer is refused: 403 for the page, the stream and reset', async () => {
      expect((await asUser(t.app, viewer, 'GET', `/app/agents/${shop.agentId}/playground`)).statusCode).toBe(403);
      const stream = await asUser(t.app, viewer, 'POST', streamUrl(shop.agentId), { message: 'Hello' });
      expect(stream.statusCode).toBe(403);
      expect(stream.json().code).toBe('forbidden');
      expect((await asUser(t.app, viewer, 'POST', resetUrl(shop.agentId), { conversation_id: crypto.randomUUID() })).json().code).toBe('forbidden');
    });

    it("another workspace's agent is not found", async () => {
      expect((await asUser(t.app, editor, 'GET', `/app/agents/${other.agentId}/playground`)).statusCode).toBe(404);
      const stream = await asUser(t.app, editor, 'POST', streamUrl(other.agentId), { message: 'Hello' });
      expect(stream.statusCode).toBe(404);
      expect(stream.json().code).toBe('not_found');
    });

    it('a state-changing request without the CSRF token is refused', async () => {
      const stream = await asUser(t.app, editor, 'POST', streamUrl(shop.agentId), { message: 'Hello' }, { csrf: false });
      expect(stream.statusCode).toBe(403);
      expect(stream.json().code).toBe('csrf_failed');
      const reset = await asUser(t.app, editor, 'POST', resetUrl(shop.agentId), { conversation_id: crypto.randomUUID() }, { csrf: false });
      expect(reset.json().code).toBe('csrf_failed');
    });

    it('without a session: 401 for the API, a redirect to sign-in for the page', async () => {
      const stream = await asUser(t.app, null, 'POST', streamUrl(shop.agentId), { message: 'Hello' });
      expect(stream.statusCode).toBe(401);
      expect(stream.json().code).toBe('unauthenticated');
      const page = await asUser(t.app, null, 'GET', `/app/agents/${shop.agentId}/playground`);
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(`/app/login?next=${encodeURIComponent(`/app/agents/${shop.agentId}/playground`)}`);
    });

    it('refuses an invalid body: empty message, unknown site type or locale', async () => {
      for (const body of [{ message: ' ' }, { message: 'Hi', site_type_override: 'casino' }, { message: 'Hi', language_override: 'xx-unknown' }]) {
        const response = await asUser(t.app, editor, 'POST', streamUrl(shop.agentId), body);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('validation_failed');
      }
    });

    it('continues only a Playground conversation of this agent', async () => {
      const production = await seedProductionConversation(t.app, shop.agentId, 'Do you ship to Norway?');
      const turn = await playgroundTurn(t.app, editor, shop.agentId, { message: 'Hello', conversation_id: production.conversationId });
      expect(turn.status).toBe(404);
    });
  });

  describe('the page', () => {
    it('renders the map of verticals, the 132 locales and the six templates, with no inline script', async () => {
      const page = await asUser(t.app, editor, 'GET', `/app/agents/${shop.agentId}/playground`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const body = page.body;
      expect(body.match(/class="pg-vertical"/g)).toHaveLength(7);
      expect(body).toContain('data-prompt="Do you have running shoes in size 42?"');
      expect(body).toContain('data-block="pricing_card"');
      expect(body.match(/<option value="[^"]+" data-direction=/g)).toHaveLength(132);
      expect(body.match(/data-template="/g)).toHaveLength(6);
      expect(body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
      const script = /src="(\/app\/playground-assets\/playground\.js\?v=\w+)"/.exec(body)![1]!;
      const asset = await asUser(t.app, null, 'GET', script);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('text/javascript');
    });
  });

  describe('a turn', () => {
    it('streams through the runtime with every contract-9 diagnostics field, in a new is_playground conversation', async () => {
      // A catalog search (a price bound, no product named): the turn calls a tool and shows cards.
      const turn = await playgroundTurn(t.app, editor, shop.agentId, { message: 'Anything under €20?' });
      expect(turn.status).toBe(200);
      const names = turn.events.map((e) => e.event);
      expect(names[0]).toBe('start');
      expect(names.at(-1)).toBe('done');
      expect(names.indexOf('diagnostics')).toBe(names.length - 2);
      expect(names).toContain('tool_call');
      const conversationId = startOf(turn).conversation_id;
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
      expect(row).toMatchObject({ isPlayground: true, agentId: shop.agentId, workspaceId: shop.workspaceId });

      const diagnostics = diagnosticsOf(turn);
      expect(Object.keys(diagnostics)).toEqual(
        expect.arrayContaining([
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
        ]),
      );
      expect(diagnostics.latency_ms).toEqual({
        retrieval: expect.any(Number),
        first_token: expect.any(Number),
        tools: expect.any(Number),
        total: expect.any(Number),
      });
      expect(diagnostics.confidence).toEqual(expect.any(Number));
      expect(diagnostics.sources.length).toBeGreaterThan(0);
      for (const source of diagnostics.sources) {
        expect(source).toEqual({
          rank: expect.any(Number),
          score: expect.any(Number),
          title: expect.any(String),
          url: expect.any(String),
          snippet: expect.any(String),
          kind: expect.stringMatching(/^(post|product|snippet)$/),
        });
      }
      expect(diagnostics.tool_calls[0]).toEqual({
        name: 'show_products',
        arguments: expect.anything(),
        result: expect.anything(),
        duration_ms: expect.any(Number),
      });
      expect(diagnostics.blocks.map((b) => b.kind)).toContain('product_card');
      expect(diagnostics.system_prompt).toContain('shopping assistant');
      expect(diagnostics.model).toEqual(expect.any(String));
      expect(diagnostics.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: expect.any(Number), total_tokens: expect.any(Number) });
      expect(diagnostics).toMatchObject({ site_type: 'ecommerce', language: 'en', direction: 'ltr', page_context: null });
      // Products shown by the catalog tool answered: synced content, not a gap; stored with the answer too.
      expect(diagnostics.outcome).toMatchObject({ answered_by: 'synced_content', abstained: false, small_talk: false });
      const [stored] = await t.database.db
        .select({ outcome: messages.outcome })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')));
      expect(stored?.outcome).toEqual(diagnostics.outcome);
      // Every block kind is previewed in the Playground, and the event stream carries it.
      expect(turn.events.filter((e) => e.event === 'block').map((e) => e.data.kind)).toContain('product_card');
    });

    it('writes only events of the contract, each kind a turn with tools and cards has', async () => {
      const response = await asUser(t.app, editor, 'POST', streamUrl(shop.agentId), { message: 'Anything under €20?' });
      const events = response.body
        .split('\n\n')
        .filter((frame) => frame.startsWith('event: '))
        .map((frame) => {
          const [name, data] = frame.split('\n');
          return { event: name!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as unknown };
        });
      for (const event of events) expect(streamEventSchema.safeParse(event).error).toBeUndefined();
      expect(new Set(events.map((e) => e.event))).toEqual(new Set(['start', 'delta', 'block', 'tool_call', 'sources', 'diagnostics', 'done']));
      // And the schema is no rubber stamp: a block of an unknown kind is refused.
      expect(streamEventSchema.safeParse({ event: 'block', data: { kind: 'banner', data: {} } }).success).toBe(false);
    });

    it('applies every override to the turn and never writes one to the agent', async () => {
      const [before] = await t.database.db.select().from(agents).where(eq(agents.id, shop.agentId));
      const turn = await playgroundTurn(t.app, editor, shop.agentId, {
        message: 'What plans do you offer?',
        site_type_override: 'saas',
        language_override: 'ar',
        page_context: SHOP_PRODUCT_CONTEXT,
      });
      expect(turn.status).toBe(200);
      expect(startOf(turn)).toMatchObject({ language: 'ar', direction: 'rtl' });
      const diagnostics = diagnosticsOf(turn);
      expect(diagnostics).toMatchObject({ site_type: 'saas', language: 'ar', direction: 'rtl' });
      expect(diagnostics.system_prompt).toContain('product specialist');
      // The sanitized page context: tracking parameters, fragment, markup, bad links and unknown keys gone.
      expect(diagnostics.page_context).toEqual({
        url: 'https://shop.example/product/trail-running-shoe',
        title: 'Trail running shoe sale',
        description: 'Waterproof trail shoe',
        og: { title: 'Trail running shoe', type: 'product' },
        json_ld: SHOP_PRODUCT_CONTEXT.json_ld,
        headings: ['Trail running shoe', 'Reviews'],
        body_text: 'A waterproof running shoe for muddy paths.',
      });
      expect(diagnostics.system_prompt).toContain('Trail running shoe sale');
      const [after] = await t.database.db.select().from(agents).where(eq(agents.id, shop.agentId));
      expect(after).toEqual(before);
      expect(after!.siteType).toBe('ecommerce');
    });

    it('a page context from any origin is used: the Playground has no allowed-origins gate', async () => {
      const turn = await playgroundTurn(t.app, editor, shop.agentId, {
        message: 'Tell me about this page',
        page_context: { url: 'https://elsewhere.example/docs', title: 'Elsewhere' },
      });
      expect(diagnosticsOf(turn).page_context).toEqual({ url: 'https://elsewhere.example/docs', title: 'Elsewhere' });
    });

    it('continues the same conversation, and reset clears its history', async () => {
      const first = await playgroundTurn(t.app, editor, shop.agentId, { message: 'How long does shipping take?' });
      const conversationId = startOf(first).conversation_id;
      const second = await playgroundTurn(t.app, editor, shop.agentId, { message: 'And to Austria?', conversation_id: conversationId });
      expect(startOf(second).conversation_id).toBe(conversationId);
      const stored = () => t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(await stored()).toHaveLength(4);

      // History persists across page loads until Reset.
      const page = await asUser(t.app, editor, 'GET', `/app/agents/${shop.agentId}/playground`);
      expect(page.body).toContain(conversationId);
      expect(page.body).toContain('And to Austria?');

      const reset = await asUser(t.app, editor, 'POST', resetUrl(shop.agentId), { conversation_id: conversationId });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ cleared: 4 });
      expect(await stored()).toHaveLength(0);
      expect((await asUser(t.app, editor, 'POST', resetUrl(shop.agentId), { conversation_id: conversationId })).json()).toEqual({ cleared: 0 });
      const third = await playgroundTurn(t.app, editor, shop.agentId, { message: 'Hello again', conversation_id: conversationId });
      expect(third.status).toBe(200);
      expect(await stored()).toHaveLength(2);
    });

    it("reset refuses a production conversation and another agent's", async () => {
      const production = await seedProductionConversation(t.app, shop.agentId, 'Where is my parcel?');
      const reset = await asUser(t.app, editor, 'POST', resetUrl(shop.agentId), { conversation_id: production.conversationId });
      expect(reset.statusCode).toBe(404);
      const stored = await t.database.db.select().from(messages).where(eq(messages.conversationId, production.conversationId));
      expect(stored).toHaveLength(2);
    });
  });
});

describe('Playground and production conversations of one agent', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let editor: SignedIn;
  let production: string;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Mixed shop');
    editor = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'editor'));
    production = (await seedProductionConversation(t.app, shop.agentId, 'Where is my parcel?')).conversationId;
    const turn = await playgroundTurn(t.app, editor, shop.agentId, { message: 'Playground probe: tell me about shipping' });
    expect(turn.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => (await asUser(t.app, editor, 'GET', url)).json();

  it('only the production one appears in the inbox', async () => {
    expect((await get('/app/api/conversations')).conversations.map((c: { id: string }) => c.id)).toEqual([production]);
  });

  it('only the production one counts in analytics', async () => {
    expect((await get('/app/api/analytics?days=2')).totals).toMatchObject({ conversations: 1, messages: 2 });
  });

  it('only the production one is billed in usage', async () => {
    const [month] = (await get('/app/api/usage?months=1')).months;
    const tokens = (await t.database.db.select({ usage: messages.usage }).from(messages).where(eq(messages.conversationId, production)))
      .map((m) => (m.usage as { total_tokens?: number } | null)?.total_tokens ?? 0)
      .reduce((sum, n) => sum + n, 0);
    expect(month).toMatchObject({ conversations: 1, messages: 2, total_tokens: tokens });
  });
});
