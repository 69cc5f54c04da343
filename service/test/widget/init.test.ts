import { hkdfSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, messages } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { storedConversation } from '../helpers/conversation.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';

describe('POST /v1/widget/init', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('happy path', () => {
    it('starts a conversation: ids, a 60-minute HS256 token with the contract claims, agent configuration', async () => {
      const response = await init(t.app, { agent_id: shop.agentId, locale: 'de-DE' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        conversation_id: expect.any(String),
        visitor_id: expect.any(String),
        agent: { id: shop.agentId, name: 'Test shop assistant', site_type: 'ecommerce', direction: 'ltr' },
        messages: [],
      });
      expect(body.agent.locale).toMatch(/^de/);
      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ aud: 'widget', sub: body.visitor_id, cid: body.conversation_id, aid: shop.agentId, iss: t.config.publicBaseUrl });
      expect(claims.exp! - claims.iat!).toBe(3600);
      expect(typeof claims.jti).toBe('string');
      expect(new Date(body.expires_at).getTime()).toBe(claims.exp! * 1000);
      // The token is signed with node:crypto's HMAC; an independent verifier (jose, HS256 pinned)
      // accepts it with the widget key and refuses it with one bit of the payload changed.
      const key = new Uint8Array(hkdfSync('sha256', t.config.appSecret, 'storefront-assistant', 'widget-jwt-v1', 32));
      const verified = await jwtVerify(body.token, key, { algorithms: ['HS256'], audience: 'widget', issuer: t.config.publicBaseUrl });
      expect(verified.protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(verified.payload).toEqual(claims);
      const [header, payload, signature] = body.token.split('.');
      const tampered = Buffer.from(payload, 'base64url');
      tampered.writeUInt8(tampered.readUInt8(tampered.length - 2) ^ 1, tampered.length - 2);
      await expect(jwtVerify(`${header}.${tampered.toString('base64url')}.${signature}`, key, { algorithms: ['HS256'] })).rejects.toThrow();
      expect(response.headers['access-control-allow-origin']).toBe(SHOP_ORIGIN);
      expect(response.headers.vary).toContain('Origin');
    });

    it('resumes with exactly the last 30 messages, oldest first', async () => {
      const first = await storedConversation(t.app, { agent_id: shop.agentId });
      for (let i = 1; i <= 35; i += 1) {
        await t.database.db.insert(messages).values({
          id: randomUUID(),
          conversationId: first.conversation_id,
          workspaceId: shop.workspaceId,
          role: i % 2 ? 'user' : 'assistant',
          content: `message ${i}`,
          blocks:
            i === 34
              ? [
                  { kind: 'product_card', data: {} },
                  { kind: 'escalation_button', data: { label: 'Talk to us', type: 'email', value: 'help@shop.example', reason: 'asked for a person' } },
                  // Stored under an older block schema: not a block the widget could render.
                  { kind: 'escalation_button', data: { label: 'Call us' } },
                ]
              : [],
        });
      }
      const resumed = (await init(t.app, { agent_id: shop.agentId, visitor_id: first.visitor_id, conversation_id: first.conversation_id })).json();
      expect(resumed.conversation_id).toBe(first.conversation_id);
      expect(resumed.messages.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i + 6}`));
      // Production's allowlist applies to resumed messages too.
      expect(resumed.messages[28].blocks).toEqual([
        { kind: 'escalation_button', data: { label: 'Talk to us', type: 'email', value: 'help@shop.example', reason: 'asked for a person' } },
      ]);
    });

    it("does not resume another visitor's conversation", async () => {
      const victim = (await init(t.app, { agent_id: shop.agentId })).json();
      const attacker = await init(t.app, { agent_id: shop.agentId, visitor_id: randomUUID(), conversation_id: victim.conversation_id });
      expect(attacker.statusCode).toBe(200);
      expect(attacker.json().conversation_id).not.toBe(victim.conversation_id);
      expect(attacker.json().messages).toEqual([]);
    });
  });

  describe('origin gate and CORS', () => {
    it.each([
      ['another scheme', 'http://shop.example'],
      ['another port', 'https://shop.example:8443'],
      ['a trailing path', 'https://shop.example/'],
      ['null', 'null'],
      ['a suffix domain', 'https://shop.example.evil.com'],
      ['a subdomain', 'https://www.shop.example'],
    ])('refuses %s with 403 origin_not_allowed and no CORS header', async (_name, origin) => {
      const response = await init(t.app, { agent_id: shop.agentId }, origin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'origin_not_allowed', errors: {} });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses a request without Origin', async () => {
      const response = await init(t.app, { agent_id: shop.agentId }, null);
      expect(response.statusCode).toBe(403);
    });

    it('refuses everything for an agent with no allowed origins', async () => {
      const agent = await runCommand(t.database.db, 'agent:create', {
        workspace: shop.workspaceId,
        name: 'No origins',
        'site-type': 'generic',
        published: true,
      });
      expect((await init(t.app, { agent_id: agent.id })).statusCode).toBe(403);
    });

    it('answers preflights only for listed origins, never with *', async () => {
      const allowed = await t.app.inject({
        method: 'OPTIONS',
        url: '/v1/widget/messages/stream',
        headers: { origin: SHOP_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(SHOP_ORIGIN);
      expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: '/v1/widget/init',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('404 for an unknown or unpublished agent', async () => {
      expect((await init(t.app, { agent_id: randomUUID() })).json().code).toBe('not_found');
      const draft = await runCommand(t.database.db, 'agent:create', { workspace: shop.workspaceId, name: 'Draft', 'site-type': 'saas', origin: [SHOP_ORIGIN] });
      expect((await init(t.app, { agent_id: draft.id })).statusCode).toBe(404);
    });

    it('validates the body in the envelope', async () => {
      const response = await init(t.app, { agent_id: 'nope', locale: 42 });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(['agent_id', 'locale']);
    });
  });

  describe('widget token attacks', () => {
    const events = { events: [{ name: 'launcher_open', at: new Date().toISOString() }] };

    it('refuses alg none, another key, wrong audience, and a token for another conversation', async () => {
      const real = (await init(t.app, { agent_id: shop.agentId })).json();
      const claims = decodeJwt(real.token);
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-key-another-key-another-key!'));
      const other = (await init(t.app, { agent_id: shop.agentId })).json();
      // A real token's claims moved onto another conversation cannot be re-signed without the key.
      const swapped = await new SignJWT({ ...claims, cid: other.conversation_id }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('guess'));
      // One bit of the signature changed. Not by rewriting its last characters: those carry padding
      // bits that base64url decoding ignores, so a rewrite can leave the signature intact.
      const [header, payload, signature] = real.token.split('.');
      const flipped = Buffer.from(signature, 'base64url');
      flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
      const badSignature = `${header}.${payload}.${flipped.toString('base64url')}`;
      for (const token of [unsigned, otherKey, swapped, 'not.a.jwt', badSignature]) {
        const response = await widgetPost(t.app, '/v1/widget/events', token, events);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('unauthenticated');
      }
      expect((await widgetPost(t.app, '/v1/widget/events', real.token, events)).statusCode).toBe(200);
    });

    it('401 token_expired after 60 minutes', async () => {
      const real = (await init(t.app, { agent_id: shop.agentId })).json();
      t.clock.advance(61 * 60 * 1000);
      try {
        const response = await widgetPost(t.app, '/v1/widget/events', real.token, events);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('token_expired');
      } finally {
        t.clock.advance(-61 * 60 * 1000);
      }
    });

    it('refuses a token used from an origin its agent does not list', async () => {
      const real = (await init(t.app, { agent_id: shop.agentId })).json();
      const response = await widgetPost(t.app, '/v1/widget/events', real.token, events, { origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
    });

    it('never reaches a Playground conversation', async () => {
      const real = await storedConversation(t.app, { agent_id: shop.agentId });
      await t.database.db.update(conversations).set({ isPlayground: true }).where(eq(conversations.id, real.conversation_id));
      const response = await widgetPost(t.app, '/v1/widget/events', real.token, events);
      expect(response.statusCode).toBe(401);
    });
  });
});

describe('rotating APP_SECRET', () => {
  it('accepts tokens signed with APP_SECRET_PREVIOUS until they expire, and no others', async () => {
    const before = await createTestApp();
    try {
      const shop = await seedWorkspace(before.database);
      const issuedBefore = (await init(before.app, { agent_id: shop.agentId })).json();
      const events = { events: [{ name: 'launcher_open', at: new Date().toISOString() }] };
      const restarted = async (previousAppSecret: string | undefined) => {
        const next = await createTestApp({
          database: before.database,
          config: { appSecret: 'the-new-secret-the-new-secret-the-new-secret', previousAppSecret },
        });
        const status = (await widgetPost(next.app, '/v1/widget/events', issuedBefore.token, events)).statusCode;
        const issuedAfter = (await init(next.app, { agent_id: shop.agentId })).json();
        const freshStatus = (await widgetPost(next.app, '/v1/widget/events', issuedAfter.token, events)).statusCode;
        await next.app.close();
        return { status, freshStatus };
      };
      expect(await restarted(before.config.appSecret)).toEqual({ status: 200, freshStatus: 200 });
      expect(await restarted('some-other-secret-some-other-secret-0000')).toEqual({ status: 401, freshStatus: 200 });
      expect(await restarted(undefined)).toEqual({ status: 401, freshStatus: 200 });
    } finally {
      await before.close();
    }
  });
});

describe('what init stores', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });
  const storedRows = async (id: string) => t.database.db.select().from(conversations).where(eq(conversations.id, id));
  const events = { events: [{ name: 'launcher_open', at: new Date().toISOString() }] };

  it('stores no conversation for a page view; the first use of the token stores it with the visitor and locale', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId, locale: 'fr-FR' })).json();
    expect(await storedRows(session.conversation_id)).toEqual([]);
    expect((await widgetPost(t.app, '/v1/widget/events', session.token, events)).statusCode).toBe(200);
    const [row] = await storedRows(session.conversation_id);
    expect(row).toMatchObject({ agentId: shop.agentId, workspaceId: shop.workspaceId, visitorId: session.visitor_id, locale: 'fr-FR', isPlayground: false });
    // Using it again neither duplicates nor changes it.
    expect((await widgetPost(t.app, '/v1/widget/events', session.token, events)).statusCode).toBe(200);
    expect(await storedRows(session.conversation_id)).toHaveLength(1);
  });

  it('a refused first request stores nothing: a bad body on every token route leaves no conversation', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    for (const [url, body] of [
      ['/v1/widget/messages', { message: '' }],
      ['/v1/widget/messages/stream', { message: 42 }],
      ['/v1/widget/leads', { email: 'not an email' }],
      ['/v1/widget/events', { events: [] }],
      ['/api/v1/widget/coupon/apply', { code: '' }],
    ] as const) {
      const response = await widgetPost(t.app, url, session.token, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect(await storedRows(session.conversation_id)).toEqual([]);
  });

  it('a token cannot store its conversation once the agent is unpublished', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    await t.database.db.update(agents).set({ published: false }).where(eq(agents.id, shop.agentId));
    try {
      const response = await widgetPost(t.app, '/v1/widget/events', session.token, events);
      expect(response.statusCode).toBe(401);
      expect(await storedRows(session.conversation_id)).toEqual([]);
    } finally {
      await t.database.db.update(agents).set({ published: true }).where(eq(agents.id, shop.agentId));
    }
  });

  it('answers init from an agent read at most 2 seconds earlier: an unpublished agent is gone after that', async () => {
    expect((await init(t.app, { agent_id: shop.agentId })).statusCode).toBe(200);
    await t.database.db.update(agents).set({ published: false }).where(eq(agents.id, shop.agentId));
    try {
      t.clock.advance(2_001);
      const response = await init(t.app, { agent_id: shop.agentId });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    } finally {
      await t.database.db.update(agents).set({ published: true }).where(eq(agents.id, shop.agentId));
      t.clock.advance(2_001);
    }
    expect((await init(t.app, { agent_id: shop.agentId })).statusCode).toBe(200);
  });
});
