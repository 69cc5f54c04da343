import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { conversations, messages } from '../../src/db/schema.js';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest } from '../helpers/integration.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';
import { startPluginPeer, type PeerOptions, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { asUser, signedInMember } from '../dashboard/helpers.js';

/**
 * Through the real widget routes, the offline responder and a plugin peer on loopback: order
 * numbers guessed for a known email, and a shopper binding resumed without its token.
 */

const ORDERS_PATH = '/wp-json/service/v1/orders/lookup';

function shopperToken(secret: string, claims: Record<string, unknown>, lifetimeSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The shop's site: a plugin peer on loopback that knows order 1042 of ana@example.com, connected by a handshake. */
const it = appTest().extend<{ site: { peer: PluginPeer; secret: string } }>({
  site: [
    async ({ service, shop }, use) => {
      const options: PeerOptions = {
        secret: 'pending-handshake',
        orders: [{ id: 1, number: '1042', email: 'ana@example.com', userId: 42, status: 'processing', total: '59.00', currency: 'EUR' }],
      };
      const peer = await startPluginPeer(options);
      const secret = (await handshakeRequest(service.app, shop.token, { site_url: peer.siteUrl })).json().shopper_signing_secret as string;
      options.secret = secret;
      await use({ peer, secret });
      await peer.close();
    },
    { scope: 'file' },
  ],
});

const orderLookups = (peer: PluginPeer) => peer.requests.filter((request) => request.path === ORDERS_PATH);

function ask(service: TestApp, token: string, message: string, remoteAddress = '192.0.2.10') {
  return service.app.inject({
    method: 'POST',
    url: '/v1/widget/messages',
    remoteAddress,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: SHOP_ORIGIN },
    payload: JSON.stringify({ message }),
  });
}

/** The lookup_order calls the last answer of a conversation made, as stored with it. */
async function lastLookup(service: TestApp, conversationId: string) {
  const rows = await service.database.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.seq);
  const calls = (rows.at(-1)?.toolCalls ?? []) as { name: string; arguments: Record<string, unknown>; result: Record<string, unknown> }[];
  return calls.filter((call) => call.name === 'lookup_order');
}

describe('order numbers guessed for a known email', () => {
  it('the sixth wrong number in a conversation does not reach the shop, and the answer says to sign in', async ({ service, shop, site: { peer } }) => {
    const session = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, '192.0.2.10')).json();
    const before = orderLookups(peer).length;
    for (let i = 1; i <= 5; i += 1) {
      const reply = await ask(service, session.token, `Where is my order 400${i}? My email is ana@example.com`);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().message.content).toMatch(/couldn't find an order/i);
    }
    expect(orderLookups(peer).length).toBe(before + 5);
    const sixth = await ask(service, session.token, 'Where is my order 4006? My email is ana@example.com');
    expect(sixth.statusCode).toBe(200);
    expect(sixth.json().message.content).toMatch(/sign in/i);
    expect(orderLookups(peer).length).toBe(before + 5);
    expect(await lastLookup(service, session.conversation_id)).toEqual([
      expect.objectContaining({ arguments: { order_number: '4006', email: 'ana@example.com' } }),
    ]);
    // Even the right number is not looked up any more in this conversation.
    const right = await ask(service, session.token, 'Where is my order 1042? My email is ana@example.com');
    expect(right.json().message.content).toMatch(/sign in/i);
    expect(orderLookups(peer).length).toBe(before + 5);
  });

  it('misses from one address add up across conversations; another address is not held back', async ({ service, shop, site: { peer } }) => {
    const address = '192.0.2.20';
    const before = orderLookups(peer).length;
    // Two conversations of five misses each, a new email in each so that only the address is shared.
    for (const conversation of [0, 1]) {
      const session = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, address)).json();
      for (let i = 0; i < 5; i += 1) {
        await ask(service, session.token, `Order 5${conversation}0${i}? My email is guest${conversation}-${i}@example.com`, address);
      }
    }
    expect(orderLookups(peer).length).toBe(before + 10);
    const third = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, address)).json();
    const refused = await ask(service, third.token, 'Where is my order 5999? My email is someone-new@example.com', address);
    expect(refused.json().message.content).toMatch(/sign in/i);
    expect(orderLookups(peer).length).toBe(before + 10);
    const elsewhere = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, '192.0.2.21')).json();
    const answered = await ask(service, elsewhere.token, 'Where is my order 5998? My email is someone-new@example.com', '192.0.2.21');
    expect(answered.json().message.content).toMatch(/couldn't find an order/i);
    expect(orderLookups(peer).length).toBe(before + 11);
  });

  it('misses for one email add up across conversations and addresses', async ({ service, shop, site: { peer } }) => {
    const before = orderLookups(peer).length;
    for (let i = 0; i < 5; i += 1) {
      const address = `198.18.0.${i + 1}`;
      const session = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, address)).json();
      await ask(service, session.token, `Where is my order 600${i}? My email is target@example.com`, address);
    }
    expect(orderLookups(peer).length).toBe(before + 5);
    const session = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, '198.18.0.99')).json();
    const refused = await ask(service, session.token, 'Where is my order 6005? My email is target@example.com', '198.18.0.99');
    expect(refused.json().message.content).toMatch(/sign in/i);
    expect(orderLookups(peer).length).toBe(before + 5);
  });
});

describe('the shopper binding lives with its token', () => {
  /** A conversation bound to shopper 42 at init, and its ids as the widget keeps them. */
  async function boundConversation(service: TestApp, shop: SeededWorkspace, secret: string, lifetimeSeconds = 3600) {
    const token = await shopperToken(secret, { sub: '42', sid: 'wc-session-42', email: 'ana@example.com' }, lifetimeSeconds);
    const session = (await init(service.app, { agent_id: shop.agentId, shopper_token: token }, SHOP_ORIGIN, {}, '192.0.2.40')).json();
    return session as { conversation_id: string; visitor_id: string; token: string };
  }

  it('a bound conversation finds the shopper’s orders (control)', async ({ service, shop, site: { peer, secret } }) => {
    const session = await boundConversation(service, shop, secret);
    const before = orderLookups(peer).length;
    const reply = await ask(service, session.token, 'Where is my order?', '192.0.2.40');
    expect(reply.json().message.content).toContain('1042');
    expect(orderLookups(peer).slice(before)).toEqual([expect.objectContaining({ body: { user_id: 42 } })]);
  });

  it('resuming without a shopper token continues unbound: no lookup by account, the shop is not asked', async ({ service, shop, site: { peer, secret } }) => {
    const bound = await boundConversation(service, shop, secret);
    const resumed = await init(
      service.app,
      { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: bound.visitor_id },
      SHOP_ORIGIN,
      {},
      '192.0.2.41',
    );
    expect(resumed.json().conversation_id).toBe(bound.conversation_id);
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, bound.conversation_id));
    expect(row!.shopper).toBeNull();
    const before = orderLookups(peer).length;
    const reply = await ask(service, resumed.json().token, 'Where is my order?', '192.0.2.41');
    expect(reply.statusCode).toBe(200);
    expect(await lastLookup(service, bound.conversation_id)).toEqual([
      expect.objectContaining({ arguments: {}, result: expect.objectContaining({ status: 'verification_required' }) }),
    ]);
    expect(orderLookups(peer).length).toBe(before);
    // The earlier widget token is no way around it: the binding is gone from the conversation.
    await ask(service, bound.token, 'Where is my order?', '192.0.2.40');
    expect(await lastLookup(service, bound.conversation_id)).toEqual([
      expect.objectContaining({ result: expect.objectContaining({ status: 'verification_required' }) }),
    ]);
    expect(orderLookups(peer).length).toBe(before);
  });

  it('resuming with an invalid shopper token clears the binding too', async ({ service, shop, site: { secret } }) => {
    const bound = await boundConversation(service, shop, secret);
    const forged = await shopperToken('not-the-secret', { sub: '42' });
    await init(
      service.app,
      { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: bound.visitor_id, shopper_token: forged },
      SHOP_ORIGIN,
      {},
      '192.0.2.42',
    );
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, bound.conversation_id));
    expect(row!.shopper).toBeNull();
  });

  it('resuming with a fresh valid token binds again, with that token’s expiry', async ({ service, shop, site: { secret } }) => {
    const bound = await boundConversation(service, shop, secret);
    await init(service.app, { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: bound.visitor_id }, SHOP_ORIGIN, {}, '192.0.2.43');
    const token = await shopperToken(secret, { sub: '42' }, 1800);
    await init(
      service.app,
      { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: bound.visitor_id, shopper_token: token },
      SHOP_ORIGIN,
      {},
      '192.0.2.43',
    );
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, bound.conversation_id));
    expect(row!.shopper).toMatchObject({ user_id: 42, expires_at: expect.any(String) });
    expect(Math.abs(Date.parse(row!.shopper!.expires_at!) - (Date.now() + 1800_000))).toBeLessThan(60_000);
  });

  it('a turn after the shopper token expired treats the visitor as unbound', async ({ service, shop, site: { peer, secret } }) => {
    const bound = await boundConversation(service, shop, secret, 10 * 60);
    service.clock.advance(11 * 60 * 1000);
    try {
      const before = orderLookups(peer).length;
      const reply = await ask(service, bound.token, 'Where is my order?', '192.0.2.40');
      expect(reply.statusCode).toBe(200);
      expect(await lastLookup(service, bound.conversation_id)).toEqual([
        expect.objectContaining({ arguments: {}, result: expect.objectContaining({ status: 'verification_required' }) }),
      ]);
      expect(orderLookups(peer).length).toBe(before);
    } finally {
      service.clock.advance(-11 * 60 * 1000);
    }
  });
});

describe('the dashboard shows no visitor id that resumes a conversation', () => {
  it('inbox JSON and HTML, the transcript and the leads CSV carry a label init does not accept', async ({ service, shop, site: { secret } }) => {
    const bound = await (async () => {
      const token = await shopperToken(secret, { sub: '42', email: 'ana@example.com' });
      return (await init(service.app, { agent_id: shop.agentId, shopper_token: token }, SHOP_ORIGIN, {}, '192.0.2.50')).json() as {
        conversation_id: string;
        visitor_id: string;
        token: string;
      };
    })();
    await ask(service, bound.token, 'Hello, do you ship to Austria?', '192.0.2.50');
    await widgetPost(service.app, '/v1/widget/leads', bound.token, { email: 'ana@example.com', name: 'Ana' });
    const viewer = await signedInMember(service, shop.workspaceId, 'viewer');

    const list = await asUser(service.app, viewer, 'GET', '/app/api/conversations');
    const summary = (list.json().conversations as Record<string, unknown>[]).find((c) => c.id === bound.conversation_id);
    expect(summary).toBeDefined();
    const detail = await asUser(service.app, viewer, 'GET', `/app/api/conversations/${bound.conversation_id}`);
    const inboxPage = await asUser(service.app, viewer, 'GET', '/app/inbox');
    const transcriptPage = await asUser(service.app, viewer, 'GET', `/app/inbox/${bound.conversation_id}`);
    const csv = await asUser(service.app, viewer, 'GET', '/app/api/leads.csv');
    for (const response of [list, detail, inboxPage, transcriptPage, csv]) expect(response.statusCode).toBe(200);
    const label = detail.json().conversation.visitor as string;
    expect(label).toMatch(/^v-[0-9a-f]{10}$/);
    expect(summary!.visitor).toBe(label);
    expect(transcriptPage.body).toContain(label);

    const shown = [list.body, detail.body, inboxPage.body, transcriptPage.body, csv.body].join('\n');
    expect(shown).not.toContain(bound.visitor_id);
    // Whatever visitor-like value the dashboard shows, init does not resume the conversation with it.
    const candidates = new Set([label, ...(shown.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])]);
    for (const candidate of candidates) {
      const attempt = await init(
        service.app,
        { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: candidate },
        SHOP_ORIGIN,
        {},
        '192.0.2.51',
      );
      if (attempt.statusCode === 200) expect(attempt.json().conversation_id).not.toBe(bound.conversation_id);
    }
    // The visitor's own ids still resume it (control).
    const own = await init(
      service.app,
      { agent_id: shop.agentId, conversation_id: bound.conversation_id, visitor_id: bound.visitor_id },
      SHOP_ORIGIN,
      {},
      '192.0.2.50',
    );
    expect(own.json().conversation_id).toBe(bound.conversation_id);
  });
});
