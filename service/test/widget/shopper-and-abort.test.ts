import { hkdfSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, messages } from '../../src/db/schema.js';
import { startFakeOpenAI, type FakeLlm } from '../assistant/helpers/fake-llm.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';
import { init, widgetPost } from '../helpers/widget.js';

function shopperToken(secret: string, claims: Record<string, unknown>, lifetimeSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(new TextEncoder().encode(secret));
}

describe('shopper tokens on init', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let current: string;
  let previous: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
    previous = (await handshakeRequest(t.app, shop.token)).json().shopper_signing_secret;
    current = (await handshakeRequest(t.app, shop.token)).json().shopper_signing_secret;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A guest's conversation is stored on first use, with no binding; a shopper's at init. */
  const bindingOf = async (conversationId: string) =>
    (await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId)))[0]?.shopper ?? null;

  it('binds the conversation to the shopper of a token signed with the current secret', async () => {
    const token = await shopperToken(current, { sub: '42', sid: 'wc-session-1', email: 'kim@example.com' });
    const session = (await init(t.app, { agent_id: shop.agentId, shopper_token: token })).json();
    expect(await bindingOf(session.conversation_id)).toMatchObject({ user_id: 42, session_key: 'wc-session-1', email: 'kim@example.com' });
  });

  it('accepts the previous secret within 10 minutes of a re-handshake, not after', async () => {
    const token = await shopperToken(previous, { sid: 'guest-session' });
    const within = (await init(t.app, { agent_id: shop.agentId, shopper_token: token })).json();
    expect(await bindingOf(within.conversation_id)).toMatchObject({ session_key: 'guest-session' });
    t.clock.advance(11 * 60 * 1000);
    try {
      const late = (await init(t.app, { agent_id: shop.agentId, shopper_token: await shopperToken(previous, { sid: 'guest-session' }, 7200) })).json();
      expect(await bindingOf(late.conversation_id)).toBeNull();
    } finally {
      t.clock.advance(-11 * 60 * 1000);
    }
  });

  it('ignores a forged, overlong or malformed token: the visitor continues as a guest', async () => {
    for (const token of [
      await shopperToken('not-the-secret', { sub: '1' }),
      await shopperToken(current, { sub: '1' }, 48 * 3600),
      await shopperToken(current, { sub: 'admin' }),
      'garbage',
    ]) {
      const response = await init(t.app, { agent_id: shop.agentId, shopper_token: token });
      expect(response.statusCode).toBe(200);
      expect(await bindingOf(response.json().conversation_id)).toBeNull();
    }
  });
});

describe('widget token claims', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a token signed with the real key but for another audience or issuer', async () => {
    const real = (await init(t.app, { agent_id: shop.agentId })).json();
    // The attacker is assumed to hold the key: only the claims are wrong.
    const key = new Uint8Array(hkdfSync('sha256', t.config.appSecret, 'storefront-assistant', 'widget-jwt-v1', 32));
    const claims = decodeJwt(real.token);
    const events = { events: [{ name: 'dismiss', at: new Date().toISOString() }] };
    for (const override of [{ aud: 'dashboard' }, { iss: 'https://evil.example' }]) {
      const forged = await new SignJWT({ ...claims, ...override }).setProtectedHeader({ alg: 'HS256' }).sign(key);
      const response = await widgetPost(t.app, '/v1/widget/events', forged, events);
      expect(response.statusCode).toBe(401);
    }
    const control = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await widgetPost(t.app, '/v1/widget/events', control, events)).statusCode).toBe(200);
  });
});

describe('a visitor leaving mid-answer', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let model: FakeLlm;
  beforeAll(async () => {
    model = await startFakeOpenAI(() => [{ text: 'Let me look that up for you. ' }, { hang: true }]);
    t = await createTestApp({ providerEnv: { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: model.baseUrl } });
    shop = await seedWorkspace(t.database);
    await t.database.db.update(agents).set({ provider: 'openai', model: 'test-model' }).where(eq(agents.id, shop.agentId));
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('aborts the provider request and keeps the partial answer', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const leave = new AbortController();
    const response = await fetch(`${url}/v1/widget/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: 'https://shop.example' },
      body: JSON.stringify({ message: 'Where is my parcel?' }),
      signal: leave.signal,
    });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader.read()).value);
    leave.abort();
    await model.clientClosedEarly;
    let stored: (typeof messages.$inferSelect)[] = [];
    for (let i = 0; i < 50 && stored.length < 2; i += 1) {
      stored = await t.database.db.select().from(messages).where(eq(messages.conversationId, session.conversation_id)).orderBy(messages.seq);
      if (stored.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1]).toMatchObject({ status: 'partial' });
    // What had been generated when the visitor left: a non-empty prefix of the model's text.
    expect(stored[1]!.content.length).toBeGreaterThan(0);
    expect('Let me look that up for you. '.startsWith(stored[1]!.content)).toBe(true);
    // The conversation is free again for the next turn.
    const [conversation] = await t.database.db.select().from(conversations).where(eq(conversations.id, session.conversation_id));
    expect(conversation!.busyUntil).toBeNull();
  });
});
