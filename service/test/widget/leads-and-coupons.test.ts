import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_LIMITS } from '../../src/app-deps.js';
import { couponApplies, leadSubmissions, leads, messages, outbox, sites } from '../../src/db/schema.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';
import { startPluginPeer, type PeerOptions, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { storedConversation } from '../helpers/conversation.js';
import { init, widgetPost } from '../helpers/widget.js';
import { asUser, createMember, signIn } from '../dashboard/helpers.js';

/** Connects the shop to a plugin peer on loopback, which verifies with the handshake's secret. */
async function connectPeer(t: TestApp, shop: SeededWorkspace, options: { coupons?: string[]; down?: () => boolean; confirming?: () => boolean } = {}) {
  const peerOptions: PeerOptions = {
    // Replaced below: the handshake decides the secret, and the handshake needs the peer's URL.
    secret: 'pending-handshake',
    ...(options.coupons ? { coupons: options.coupons } : {}),
    override: (req, res) => {
      if (options.confirming?.() && req.url?.endsWith('/wp-json/service/v1/leads')) {
        // The plugin's double opt-in: no user yet, a confirmation link was e-mailed.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ user_id: null, created: false, role: 'customer', pending_confirmation: true }));
        return true;
      }
      if (!options.down?.()) return false;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'maintenance', message: 'down for maintenance' } }));
      return true;
    },
  };
  const peer = await startPluginPeer(peerOptions);
  const handshake = await handshakeRequest(t.app, shop.token, { site_url: peer.siteUrl });
  peerOptions.secret = handshake.json().shopper_signing_secret as string;
  return { peer, siteUrl: peer.siteUrl, secret: peerOptions.secret };
}

/** A guest shopper's token from the site: the shop session `sid`, signed with the site's secret. */
function shopperToken(secret: string, sid: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

describe('leads and their delivery to the site', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let peer: PluginPeer;
  let down = false;
  let confirming = false;
  beforeAll(async () => {
    // The per-address lead limit is measured by its own test, on an app of its own.
    t = await createTestApp({ limits: { leadsPerIpPerHour: 10_000 } });
    shop = await seedWorkspace(t.database);
    ({ peer } = await connectPeer(t, shop, { down: () => down, confirming: () => confirming }));
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('a repeat submission of an email changes nothing on the lead, is kept in its history, and is not delivered again', async () => {
    const victim = (await init(t.app, { agent_id: shop.agentId })).json();
    const first = await widgetPost(t.app, '/v1/widget/leads', victim.token, {
      email: 'Ana@Example.com',
      name: 'Ana',
      consent: { marketing: true },
      fields: { topic: 'sizes' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ lead_id: expect.any(String), created: true });
    const leadId = first.json().lead_id as string;
    await serviceOutboxWorker(t.app.deps).runOnce();
    const deliveredBefore = peer.requests.filter((r) => r.path === '/wp-json/service/v1/leads' && r.body.lead_id === leadId).length;
    expect(deliveredBefore).toBe(1);

    // Anyone can type the same address, from another conversation, with other values.
    const attacker = (await init(t.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '203.0.113.90')).json();
    const repeat = await widgetPost(t.app, '/v1/widget/leads', attacker.token, {
      email: 'ana@example.com',
      name: 'Eve',
      phone: '+1 555 0100',
      consent: { marketing: false },
      fields: { topic: 'refund to my card' },
    });
    expect(repeat.json()).toEqual({ lead_id: leadId, created: false });

    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({
      email: 'ana@example.com',
      name: 'Ana',
      phone: null,
      consent: { marketing: true },
      fields: { topic: 'sizes' },
      conversationId: victim.conversation_id,
    });
    const history = await t.database.db.select().from(leadSubmissions).where(eq(leadSubmissions.leadId, leadId));
    expect(history).toEqual([
      expect.objectContaining({
        name: 'Eve',
        phone: '+1 555 0100',
        consent: { marketing: false },
        fields: { topic: 'refund to my card' },
        conversationId: attacker.conversation_id,
      }),
    ]);
    // Nothing new to deliver: the site never sees the repeat's values.
    expect(await t.database.db.$count(outbox, sql`${outbox.payload}->>'lead_id' = ${leadId}`)).toBe(1);
    await serviceOutboxWorker(t.app.deps).runOnce();
    const calls = peer.requests.filter((r) => r.path === '/wp-json/service/v1/leads' && r.body.lead_id === leadId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ email: 'ana@example.com', name: 'Ana', conversation_id: victim.conversation_id });
    expect(JSON.stringify(calls[0]!.body)).not.toContain('Eve');

    // The owner sees the repeat in the lead's history, and the lead as first submitted.
    const owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
    const detail = (await asUser(t.app, owner, 'GET', `/app/api/leads/${leadId}`)).json();
    expect(detail.lead).toMatchObject({ name: 'Ana', conversation_id: victim.conversation_id });
    expect(detail.history).toEqual([
      {
        submitted_at: expect.any(String),
        name: 'Eve',
        phone: '+1 555 0100',
        consent: { marketing: false },
        fields: { topic: 'refund to my card' },
        conversation_id: attacker.conversation_id,
      },
    ]);
    const page = (await asUser(t.app, owner, 'GET', `/app/leads/${leadId}`)).body;
    expect(page).toContain('History');
    expect(page).toContain('Eve');
    expect(page).toContain('refund to my card');
    expect(page).toContain(`href="/app/inbox/${attacker.conversation_id}"`);
  }, 60_000);

  it("20 concurrent submissions of one email make one lead with one submission's values, the other 19 in its history", async () => {
    const sessions = await Promise.all(Array.from({ length: 4 }, async () => (await init(t.app, { agent_id: shop.agentId })).json()));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        widgetPost(t.app, '/v1/widget/leads', sessions[i % 4].token, { email: 'race@example.com', fields: { [`f${i}`]: i } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // Five per token: exactly the per-token limit, so every one must be saved.
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.agentId, shop.agentId), eq(leads.email, 'race@example.com')));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!.fields)).toHaveLength(1);
    expect(responses.filter((r) => r.json().created === true)).toHaveLength(1);
    const history = await t.database.db.select().from(leadSubmissions).where(eq(leadSubmissions.leadId, rows[0]!.id));
    expect(history).toHaveLength(19);
    const allFields = [rows[0]!.fields, ...history.map((h) => h.fields)].flatMap((f) => Object.keys(f)).sort();
    expect(allFields).toEqual(Array.from({ length: 20 }, (_, i) => `f${i}`).sort());
  });

  it(`one address gets ${SPEC_LIMITS.leadsPerIpPerHour} leads an hour, whatever the tokens; then 429 with Retry-After`, async () => {
    const flooded = await createTestApp({ database: t.database });
    const address = '203.0.113.120';
    const post = async (token: string, email: string) =>
      flooded.app.inject({
        method: 'POST',
        url: '/v1/widget/leads',
        remoteAddress: address,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: 'https://shop.example' },
        payload: JSON.stringify({ email }),
      });
    try {
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < SPEC_LIMITS.leadsPerIpPerHour + 5; i += 1) {
        // A fresh widget token every few leads, as a flood would take: the per-token limit never applies.
        const session = (await init(flooded.app, { agent_id: shop.agentId }, 'https://shop.example', {}, `198.51.100.${200 + (i % 40)}`)).json();
        const response = await post(session.token, `flood-${i}@example.com`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) retryAfter = response.headers['retry-after'] as string;
      }
      expect(statuses.slice(0, SPEC_LIMITS.leadsPerIpPerHour).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(SPEC_LIMITS.leadsPerIpPerHour).every((s) => s === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(60);
      expect(await t.database.db.$count(leads, sql`${leads.email} LIKE 'flood-%'`)).toBe(SPEC_LIMITS.leadsPerIpPerHour);
    } finally {
      await flooded.app.close();
    }
  }, 60_000);

  it('a site with double opt-in answers that it e-mailed a confirmation: the lead awaits it, with no site user yet', async () => {
    confirming = true;
    try {
      const session = (await init(t.app, { agent_id: shop.agentId })).json();
      const { lead_id: leadId } = (await widgetPost(t.app, '/v1/widget/leads', session.token, { email: 'confirm-me@example.com' })).json();
      await serviceOutboxWorker(t.app.deps).runOnce();
      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
      expect(row).toMatchObject({ siteSyncStatus: 'awaiting_confirmation', siteUserId: null });
      const [delivery] = await t.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'lead_id' = ${leadId}`);
      expect(delivery!.deliveredAt).not.toBeNull();
      const owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
      expect((await asUser(t.app, owner, 'GET', `/app/leads/${leadId}`)).body).toContain('awaiting e-mail confirmation');
    } finally {
      confirming = false;
    }
  }, 60_000);

  it('the 6th lead in a minute from one token gets 429 with Retry-After', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    for (let i = 0; i < 5; i += 1) {
      expect((await widgetPost(t.app, '/v1/widget/leads', session.token, { email: `n${i}@example.com` })).statusCode).toBe(200);
    }
    const sixth = await widgetPost(t.app, '/v1/widget/leads', session.token, { email: 'n6@example.com' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('delivers a lead signed to the plugin once it is back, also after a service restart', async () => {
    down = true;
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const { lead_id: leadId } = (await widgetPost(t.app, '/v1/widget/leads', session.token, { email: 'later@example.com', name: 'Later' })).json();
    const worker = serviceOutboxWorker(t.app.deps);
    await worker.runOnce();
    const [pending] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(pending!.siteSyncStatus).toBe('pending');
    const [queued] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'lead.upsert')).orderBy(outbox.id);
    expect(queued).toBeDefined();

    // "Restart": a new service on the same database, the plugin back up, the retry due.
    await t.app.close();
    const restarted = await createTestApp({ database: t.database });
    try {
      down = false;
      await t.database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      await serviceOutboxWorker(restarted.app.deps).runOnce();
      const [delivered] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
      expect(delivered).toMatchObject({ siteSyncStatus: 'delivered', siteUserId: 77 });
      const calls = peer.requests.filter((r) => r.path === '/wp-json/service/v1/leads' && r.body.lead_id === leadId);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      expect(calls.every((c) => c.signatureValid)).toBe(true);
      expect(calls.at(-1)!.body).toMatchObject({ email: 'later@example.com', name: 'Later', conversation_id: session.conversation_id, lead_id: leadId });
      const undelivered = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'lead.upsert'));
      expect(undelivered.filter((row) => row.deliveredAt === null && row.failedAt === null)).toEqual([]);
    } finally {
      t.app = restarted.app;
    }
  });
});

describe('coupon apply', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let peer: PluginPeer;
  let siteUrl: string;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
    ({ peer, siteUrl, secret } = await connectPeer(t, shop, { coupons: ['SPRING10'] }));
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  /** A conversation of a shopper with a shop session (or of a guest without one), offered `code`. */
  async function conversationOffering(code: string, shopper: 'session' | 'none' = 'session') {
    const binding = shopper === 'session' ? { shopper_token: await shopperToken(secret, 't_shopper_1') } : {};
    const session = await storedConversation(t.app, { agent_id: shop.agentId, ...binding });
    await t.database.db.insert(messages).values({
      id: randomUUID(),
      conversationId: session.conversation_id,
      workspaceId: shop.workspaceId,
      role: 'assistant',
      content: `Here is a coupon: ${code}`,
      blocks: [{ kind: 'coupon_offer', data: { code, description: '10% off' } }],
    });
    return session as { token: string; conversation_id: string };
  }

  it('stages an offered coupon through the signed plugin route', async () => {
    const session = await conversationOffering('SPRING10');
    const response = await widgetPost(t.app, '/api/v1/widget/coupon/apply', session.token, { code: 'spring10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'staged', code: 'SPRING10', cart_url: `${siteUrl}/cart/` });
    expect(new Date(response.json().expires_at).getTime() - t.clock.now().getTime()).toBe(900_000);
    const call = peer.requests.find((r) => r.path === '/wp-json/service/v1/cart/coupon');
    expect(call).toMatchObject({ signatureValid: true, body: { code: 'SPRING10', session_key: 't_shopper_1' } });
    const applies = await t.database.db.select().from(couponApplies).where(eq(couponApplies.conversationId, session.conversation_id));
    expect(applies.map((a) => a.status)).toEqual(['staged']);
  });

  it('400 coupon_invalid for a code never offered in this conversation, without calling the site', async () => {
    const session = await conversationOffering('SPRING10');
    const before = peer.requests.length;
    const response = await widgetPost(t.app, '/api/v1/widget/coupon/apply', session.token, { code: 'STAFF50' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('coupon_invalid');
    expect(peer.requests.length).toBe(before);
  });

  it('409 cart_not_found without a shopper binding, without calling the site', async () => {
    const session = await conversationOffering('SPRING10', 'none');
    const before = peer.requests.length;
    const response = await widgetPost(t.app, '/api/v1/widget/coupon/apply', session.token, { code: 'SPRING10' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'cart_not_found', message: expect.stringContaining('reload') });
    expect(peer.requests.length).toBe(before);
    expect(await t.database.db.select().from(couponApplies).where(eq(couponApplies.conversationId, session.conversation_id))).toEqual([]);
  });

  it('400 coupon_invalid when the plugin says the coupon does not exist', async () => {
    const session = await conversationOffering('GONE5');
    const response = await widgetPost(t.app, '/api/v1/widget/coupon/apply', session.token, { code: 'GONE5' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('coupon_invalid');
  });

  it('refuses the API token: only the widget token applies coupons', async () => {
    const response = await widgetPost(t.app, '/api/v1/widget/coupon/apply', shop.token, { code: 'SPRING10' });
    expect(response.statusCode).toBe(401);
  });

  it('the 31st apply in a minute from one IP gets 429', async () => {
    const session = await conversationOffering('SPRING10');
    const statuses: number[] = [];
    // A visitor address of its own, so the earlier tests' applies do not count.
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/widget/coupon/apply',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: 'https://shop.example' },
        payload: JSON.stringify({ code: 'NOPE' }),
      });
    for (let i = 0; i < 31; i += 1) statuses.push((await apply()).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the 31st apply in a minute from one IPv6 /64 gets 429, whichever address of it each comes from', async () => {
    const session = await conversationOffering('SPRING10');
    const apply = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/widget/coupon/apply',
        remoteAddress,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: 'https://shop.example' },
        payload: JSON.stringify({ code: 'NOPE' }),
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i += 1) statuses.push((await apply(`2001:db8:c0:1:${i.toString(16)}::${i.toString(16)}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await apply('2001:db8:c0:2::1')).statusCode).toBe(400);
  });

  it('502 site_unreachable when the site does not answer within 5 s', async () => {
    const slow = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const session = await conversationOffering('SPRING10');
    await t.database.db
      .update(sites)
      .set({ siteUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}` })
      .where(eq(sites.workspaceId, shop.workspaceId));
    try {
      const fresh = await createTestApp({ database: t.database, limits: { couponApplyPerIp: 1000 } });
      const response = await widgetPost(fresh.app, '/api/v1/widget/coupon/apply', session.token, { code: 'SPRING10' });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('site_unreachable');
      await fresh.app.close();
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  }, 20_000);
});
