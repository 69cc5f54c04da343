import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { agents } from '../../src/db/schema.js';
import { asUser, createMember, PASSWORD, signIn } from '../dashboard/helpers.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest } from '../helpers/integration.js';
import { init, widgetPost } from '../helpers/widget.js';

/**
 * Text that PostgreSQL cannot store (U+0000) or that Node cannot send in a header (controls and
 * non-Latin characters in a redirect target) is bad input like any other: a 4xx in the envelope
 * that names the field, and nothing written, never a 500.
 */

const NUL = '\u0000';

const it = appTest({
  limits: { widgetInitPerIp: 1e6, leadsPerToken: 1e6, eventsPerToken: 1e6, couponApplyPerIp: 1e6, messagesPerConversation: 1e6, messagesPerAddress: 1e6 },
  prepare: async (service, shop) => {
    // Nobody of the team takes over here (live handoff off): the owner is signed in, and two
    // answers without sources in a row would hand the conversation to them and hold the fuzzed
    // messages (202) instead of answering them; what is tested is what the database can store.
    await service.database.db
      .update(agents)
      .set({ handoff: { type: 'lead_form', live: false } })
      .where(eq(agents.id, shop.agentId));
    expect((await handshakeRequest(service.app, shop.token)).statusCode).toBe(200);
    const ownerEmail = await createMember(service.database, shop.workspaceId, 'owner');
    const owner = await signIn(service.app, ownerEmail);
    const widgetToken = (await init(service.app, { agent_id: shop.agentId })).json().token;
    // The conversation is stored on the token's first use; make that happen before counting rows.
    const event = await widgetPost(service.app, '/v1/widget/events', widgetToken, { events: [{ name: 'launcher_open', at: new Date().toISOString() }] });
    expect(event.statusCode).toBe(200);
    return { ownerEmail, owner, widgetToken };
  },
});

describe('text the database cannot hold, and redirect targets a header cannot carry', () => {
  async function rowCounts(service: TestApp): Promise<Record<string, number>> {
    const [row] = await queryRows<Record<string, string>>(
      service.database.db,
      sql`SELECT (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM widget_events) AS events,
                 (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM api_tokens) AS tokens, (SELECT count(*) FROM users) AS users,
                 (SELECT count(*) FROM conversations) AS conversations`,
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
  }

  it('refuses U+0000 in any stored field with 400 naming the field, and writes nothing', async ({
    service,
    shop,
    prepared: { ownerEmail, owner, widgetToken },
  }) => {
    const widget = (url: string, body: unknown) => widgetPost(service.app, url, widgetToken, body);
    const cases: [string, () => ReturnType<typeof widget>, string][] = [
      ['message', () => widget('/v1/widget/messages', { message: `hello${NUL} there` }), 'message'],
      ['stream', () => widget('/v1/widget/messages/stream', { message: `hello${NUL}` }), 'message'],
      ['lead name', () => widget('/v1/widget/leads', { email: 'a@example.com', name: `Ada${NUL}` }), 'name'],
      ['lead field', () => widget('/v1/widget/leads', { email: 'a@example.com', fields: { note: `x${NUL}` } }), 'fields.note'],
      ['lead field key', () => widget('/v1/widget/leads', { email: 'a@example.com', fields: { [`no${NUL}te`]: 'x' } }), 'fields'],
      [
        'event prop',
        () => widget('/v1/widget/events', { events: [{ name: 'cta_click', at: new Date().toISOString(), props: { label: `x${NUL}` } }] }),
        'events.0.props.label',
      ],
      ['coupon', () => widget('/api/v1/widget/coupon/apply', { code: `WELCOME${NUL}` }), 'code'],
      ['handshake', () => handshakeRequest(service.app, shop.token, { platform_version: `6.6${NUL}` }), 'platform_version'],
      ['sign-in', () => service.app.inject({ method: 'POST', url: '/app/login', payload: { email: `${ownerEmail}${NUL}`, password: PASSWORD } }), 'email'],
      ['agent', () => asUser(service.app, owner, 'POST', '/app/api/agents', { name: `Agent${NUL}`, site_type: 'ecommerce' }), 'name'],
      ['agent patch', () => asUser(service.app, owner, 'PATCH', `/app/api/agents/${shop.agentId}`, { greeting: `Hi${NUL}` }), 'greeting'],
      ['token', () => asUser(service.app, owner, 'POST', '/app/api/tokens', { name: `WP${NUL}`, abilities: ['wp:integration'] }), 'name'],
      [
        'member',
        () =>
          asUser(service.app, owner, 'POST', '/app/api/members', { email: 'new@example.com', password: 'a long password', role: 'viewer', name: `N${NUL}` }),
        'name',
      ],
      ['inbox search', () => asUser(service.app, owner, 'GET', '/app/api/conversations?q=a%00b'), 'q'],
      ['lead search', () => asUser(service.app, owner, 'GET', '/app/api/leads?q=%00'), 'q'],
      ['playground', () => asUser(service.app, owner, 'POST', `/app/agents/${shop.agentId}/playground/stream`, { message: `hi${NUL}` }), 'message'],
    ];
    for (const [name, send, field] of cases) {
      const before = await rowCounts(service);
      const response = await send();
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.json(), name).toMatchObject({ code: 'validation_failed', errors: { [field]: [expect.stringContaining('NUL')] } });
      expect(await rowCounts(service), name).toEqual(before);
    }
    // The dashboard's pages answer the same refusal as a page.
    const page = await asUser(service.app, owner, 'GET', '/app/inbox?q=%00');
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  }, 30_000);

  it('still takes page context with U+0000: it is stripped of control characters before any use', async ({ service, shop, prepared: { widgetToken } }) => {
    const context = { url: 'https://shop.example/p', title: `Trail${NUL} runner`, body_text: `Light${NUL} shoe` };
    expect((await init(service.app, { agent_id: shop.agentId, page_context: context })).statusCode).toBe(200);
    const reply = await widgetPost(service.app, '/v1/widget/messages', widgetToken, { message: 'hello', page_context: context });
    expect(reply.statusCode).toBe(200);
  });

  it('answers any visitor text (controls, lone surrogates, astral characters) with 200 or 400, never 5xx', async ({ service, prepared: { widgetToken } }) => {
    const text = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }));
    await fc.assert(
      fc.asyncProperty(text, fc.option(text, { nil: undefined }), async (message, name) => {
        const before = await rowCounts(service);
        const reply = await widgetPost(service.app, '/v1/widget/messages', widgetToken, { message });
        expect(reply.statusCode, reply.body.slice(0, 200)).toBeLessThan(500);
        if (reply.statusCode !== 200) {
          expect(reply.statusCode).toBe(400);
          expect((await rowCounts(service)).messages).toBe(before.messages);
        }
        const lead = await widgetPost(service.app, '/v1/widget/leads', widgetToken, { email: 'fuzz@example.com', ...(name === undefined ? {} : { name }) });
        expect(lead.statusCode, lead.body.slice(0, 200)).toBeLessThan(500);
        if (message.includes(NUL)) expect(reply.statusCode).toBe(400);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('sends a signed-in user only to a printable path inside /app, whatever `next` holds', async ({ service, prepared: { ownerEmail, owner } }) => {
    const targets = [
      `/app/${NUL}x`,
      '/app/\r\nSet-Cookie: sa_session=attacker',
      '/app/\nLocation: https://evil.example',
      '/app/é',
      '/app/☃',
      '//evil.example',
      '/app//evil.example',
      '/\\evil.example',
      'https://evil.example/app',
      '/application',
      '/app/login',
    ];
    const inside = /^\/app(\/[\x21-\x7e]*)?$/;
    // A session already signed in is sent on from the sign-in page: every target, no password check.
    for (const next of targets) {
      const response = await service.app.inject({ method: 'GET', url: `/app/login?next=${encodeURIComponent(next)}`, headers: { cookie: owner.cookie } });
      expect(response.statusCode, `${JSON.stringify(next)}: ${response.body.slice(0, 200)}`).toBe(303);
      expect(String(response.headers.location), JSON.stringify(next)).toMatch(inside);
    }
    // Signing in with the form takes the same path after a successful password check (which is
    // slow on purpose, and limited to 10 per account: a few targets of each kind).
    for (const next of [`/app/${NUL}x`, '/app/\r\nSet-Cookie: sa_session=attacker', '/app/☃', '//evil.example']) {
      const form = new URLSearchParams({ email: ownerEmail, password: PASSWORD, next }).toString();
      const response = await service.app.inject({
        method: 'POST',
        url: '/app/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(response.statusCode, `${JSON.stringify(next)}: ${response.body.slice(0, 200)}`).toBe(303);
      expect(String(response.headers.location), JSON.stringify(next)).toMatch(inside);
      expect(response.headers['set-cookie']).toBeDefined();
    }
    // An ordinary target still works.
    const ordinary = await service.app.inject({
      method: 'POST',
      url: '/app/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: ownerEmail, password: PASSWORD, next: '/app/leads?q=ada%20lovelace' }).toString(),
    });
    expect(ordinary.headers.location).toBe('/app/leads?q=ada%20lovelace');
  }, 60_000);
});
