import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { ShopperBinding } from '../../src/db/schema.js';
import {
  authorizeOrderLookup,
  buildTools,
  emptyEffects,
  pricePointsIn,
  productCard,
  type ToolEffects,
  type ToolName,
} from '../../src/modules/assistant/tools.js';
import { messageFacts } from '../../src/modules/assistant/visitor-facts.js';
import { freshDatabase } from '../helpers/database.js';
import { startPluginPeer, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { createShop, indexPosts, indexProducts, type Shop } from './helpers/fixtures.js';

const SECRET = 'sss_tools_secret';
let database: Database;
let peer: PluginPeer;
let shop: Shop;

beforeAll(async () => {
  database = await freshDatabase();
  peer = await startPluginPeer({
    secret: SECRET,
    orders: [
      { id: 1, number: '1042', email: 'ana@example.com', userId: 42, status: 'processing', total: '59.00', currency: 'EUR' },
      { id: 2, number: '1001', email: 'victim@example.com', userId: 7, status: 'completed', total: '980.00', currency: 'EUR' },
    ],
  });
  shop = await createShop(database.db, { siteUrl: peer.siteUrl, secret: SECRET });
  await indexProducts(database.db, shop, [
    { wpId: 10, name: 'Trail runner', description: 'Waterproof running shoe for muddy mountain trails', price: '17.90', regularPrice: '19.90' },
    { wpId: 11, name: 'Road runner', description: 'Light running shoe for asphalt', price: '89.00', currency: 'CHF', stock: 'onbackorder' },
  ]);
});

afterAll(async () => {
  await peer.close();
  await database.close();
});

function tools(options: { shopper?: ShopperBinding | null; visitor?: string[]; names?: ToolName[]; conversationId?: string; clientAddress?: string } = {}) {
  const effects: ToolEffects = emptyEffects();
  const set = buildTools(
    options.names ?? ['search_knowledge', 'show_products', 'lookup_order', 'offer_coupon', 'escalate'],
    {
      db: database.db,
      agent: shop.agent,
      shopper: options.shopper ?? null,
      languageTag: 'en',
      visitorFacts: (options.visitor ?? []).map(messageFacts),
      addressPolicy: { allowPrivate: true },
      signal: new AbortController().signal,
      conversationId: options.conversationId ?? randomUUID(),
      ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    },
    effects,
  );
  const call = (name: ToolName, input: unknown) => {
    const execute = set[name]?.execute;
    if (!execute) throw new Error(`no tool ${name}`);
    return execute(input as never, { toolCallId: `call-${name}`, messages: [] }) as Promise<Record<string, unknown>>;
  };
  return { call, effects };
}

describe('lookup_order', () => {
  it('refuses without a verified shopper or an order number with the visitor’s email', async () => {
    const before = peer.requests.length;
    const { call } = tools({ visitor: ['Where is my order?'] });
    await expect(call('lookup_order', {})).resolves.toMatchObject({ status: 'verification_required' });
    await expect(call('lookup_order', { order_number: '1042' })).resolves.toMatchObject({ status: 'verification_required' });
    expect(peer.requests.length).toBe(before);
  });

  it('refuses an email or an order number the visitor did not type', async () => {
    const before = peer.requests.length;
    const { call } = tools({ visitor: ['Order 1042 please, my email is ana@example.com'] });
    await expect(call('lookup_order', { order_number: '1001', email: 'ana@example.com' })).resolves.toMatchObject({ status: 'verification_required' });
    await expect(call('lookup_order', { order_number: '1042', email: 'victim@example.com' })).resolves.toMatchObject({ status: 'verification_required' });
    expect(peer.requests.length).toBe(before);
  });

  it('looks up by order number with the email the visitor gave, signed', async () => {
    const { call } = tools({ visitor: ['Hi', 'Where is order #1042? My email is Ana@Example.com'] });
    const result = await call('lookup_order', { order_number: '#1042', email: 'ana@example.com' });
    expect(result).toMatchObject({ status: 'found', orders: [{ number: '1042', status: 'processing', total: '59.00' }] });
    expect(peer.requests.at(-1)).toEqual({
      path: '/wp-json/service/v1/orders/lookup',
      body: { order_number: '1042', email: 'ana@example.com' },
      signatureValid: true,
    });
  });

  it('looks up a verified shopper by their own user id only, whatever the arguments say', async () => {
    const { call } = tools({ shopper: { site_id: shop.siteId, user_id: 42 } });
    await expect(call('lookup_order', { user_id: 7 })).resolves.toMatchObject({ status: 'found', orders: [{ number: '1042' }] });
    expect(peer.requests.at(-1)?.body).toEqual({ user_id: 42 });
  });

  it('accepts the verified shopper’s own email with an order number they typed', async () => {
    const { call } = tools({ shopper: { site_id: shop.siteId, email: 'ana@example.com' }, visitor: ['status of 1042?'] });
    await expect(call('lookup_order', { order_number: '1042', email: 'ana@example.com' })).resolves.toMatchObject({ status: 'found' });
  });

  it('reports an unreachable store without failing the turn', async () => {
    const other = await createShop(database.db, { siteUrl: 'http://127.0.0.1:9', secret: SECRET });
    const effects = emptyEffects();
    const set = buildTools(
      ['lookup_order'],
      {
        db: database.db,
        agent: other.agent,
        shopper: { site_id: other.siteId, user_id: 42 },
        languageTag: 'de',
        visitorFacts: [],
        addressPolicy: { allowPrivate: true },
        signal: new AbortController().signal,
        conversationId: randomUUID(),
      },
      effects,
    );
    const result = (await set.lookup_order!.execute!({} as never, { toolCallId: 'x', messages: [] })) as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'store_unavailable', error: 'site_unreachable' });
    expect(result.message).toContain('Shop');
  });
});

describe('lookup_order misses (order numbers guessed for a known email)', () => {
  const lookups = () => peer.requests.filter((request) => request.path === '/wp-json/service/v1/orders/lookup').length;
  /** One conversation's tools, the visitor having typed this email and these numbers. */
  const guesser = (email: string, numbers: string[], options: { conversationId?: string; clientAddress?: string } = {}) =>
    tools({ visitor: [`My email is ${email}, order ${numbers.join(' or ')}`], ...options });

  it('refuses the sixth wrong number in a conversation without asking the shop, and asks the visitor to sign in', async () => {
    const numbers = ['5001', '5002', '5003', '5004', '5005', '5006'];
    const { call } = guesser('target@example.com', numbers, { clientAddress: '198.51.100.1' });
    const before = lookups();
    for (const number of numbers.slice(0, 5)) {
      await expect(call('lookup_order', { order_number: number, email: 'target@example.com' })).resolves.toMatchObject({ status: 'not_found' });
    }
    expect(lookups()).toBe(before + 5);
    const sixth = await call('lookup_order', { order_number: '5006', email: 'target@example.com' });
    expect(sixth).toMatchObject({ status: 'verification_required' });
    expect(String(sixth.message)).toMatch(/sign in/i);
    expect(lookups()).toBe(before + 5);
  });

  it('lets twenty numbers tried at once reach the shop five times', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => String(6000 + i));
    const { call } = guesser('burst@example.com', numbers, { clientAddress: '198.51.100.2' });
    const before = lookups();
    const results = await Promise.all(numbers.map((number) => call('lookup_order', { order_number: number, email: 'burst@example.com' })));
    expect(lookups() - before).toBe(5);
    expect(results.filter((result) => result.status === 'verification_required')).toHaveLength(15);
  });

  it('limits misses from one address across conversations (10 an hour)', async () => {
    const before = lookups();
    // A new conversation and a new email for every guess: only the address is common.
    for (let i = 0; i < 10; i += 1) {
      const email = `addr${i}@example.com`;
      const { call } = guesser(email, [String(7000 + i)], { clientAddress: '198.51.100.3' });
      await expect(call('lookup_order', { order_number: String(7000 + i), email })).resolves.toMatchObject({ status: 'not_found' });
    }
    const { call } = guesser('addr10@example.com', ['7010'], { clientAddress: '198.51.100.3' });
    await expect(call('lookup_order', { order_number: '7010', email: 'addr10@example.com' })).resolves.toMatchObject({ status: 'verification_required' });
    expect(lookups()).toBe(before + 10);
    // Another address is not held back by it.
    const other = guesser('addr11@example.com', ['7011'], { clientAddress: '198.51.100.4' });
    await expect(other.call('lookup_order', { order_number: '7011', email: 'addr11@example.com' })).resolves.toMatchObject({ status: 'not_found' });
  });

  it('limits misses for one email across conversations and addresses (5 an hour)', async () => {
    const before = lookups();
    for (let i = 0; i < 5; i += 1) {
      const { call } = guesser('Victim@Example.com', [String(8000 + i)], { clientAddress: `203.0.113.${i + 1}` });
      await expect(call('lookup_order', { order_number: String(8000 + i), email: 'victim@example.com' })).resolves.toMatchObject({ status: 'not_found' });
    }
    // The right number, from a fresh conversation and address, is refused too: the shop is not asked.
    const { call } = guesser('victim@example.com', ['1001'], { clientAddress: '203.0.113.99' });
    await expect(call('lookup_order', { order_number: '1001', email: 'victim@example.com' })).resolves.toMatchObject({ status: 'verification_required' });
    expect(lookups()).toBe(before + 5);
  });

  it('does not count a lookup that found the order', async () => {
    const { call } = tools({ visitor: ['Order 1042, my email is ana@example.com. Also 9001 9002 9003 9004 9005'], clientAddress: '198.51.100.5' });
    for (let i = 0; i < 6; i += 1) {
      await expect(call('lookup_order', { order_number: '1042', email: 'ana@example.com' })).resolves.toMatchObject({ status: 'found' });
    }
    for (const number of ['9001', '9002', '9003', '9004']) {
      await expect(call('lookup_order', { order_number: number, email: 'ana@example.com' })).resolves.toMatchObject({ status: 'not_found' });
    }
    await expect(call('lookup_order', { order_number: '1042', email: 'ana@example.com' })).resolves.toMatchObject({ status: 'found' });
  });

  it('still answers the signed-in shopper’s lookup by account once the misses are used up', async () => {
    const numbers = ['9101', '9102', '9103', '9104', '9105', '9106'];
    const { call } = tools({
      shopper: { site_id: shop.siteId, user_id: 42, email: 'kim@example.com' },
      visitor: [`orders ${numbers.join(' ')}`],
      clientAddress: '198.51.100.6',
    });
    for (const number of numbers.slice(0, 5)) {
      await expect(call('lookup_order', { order_number: number, email: 'kim@example.com' })).resolves.toMatchObject({ status: 'not_found' });
    }
    await expect(call('lookup_order', { order_number: '9106', email: 'kim@example.com' })).resolves.toMatchObject({ status: 'verification_required' });
    await expect(call('lookup_order', {})).resolves.toMatchObject({ status: 'found', orders: [{ number: '1042' }] });
  });
});

describe('authorizeOrderLookup', () => {
  const typed = new Set(['ana@example.com']);
  const numbers = new Set(['1042']);
  it.each([
    [undefined, undefined, null, { refused: expect.any(String) }],
    ['1042', undefined, null, { refused: expect.any(String) }],
    ['1042', 'ANA@example.com ', null, { lookup: { order_number: '1042', email: 'ana@example.com' } }],
    ['١٠٤٢', 'ana@example.com', null, { lookup: { order_number: '1042', email: 'ana@example.com' } }],
    ['1042', 'bob@example.com', null, { refused: expect.any(String) }],
    ['9999', 'ana@example.com', null, { refused: expect.any(String) }],
    [undefined, undefined, { site_id: 's', user_id: 42 }, { lookup: { user_id: 42 } }],
    [undefined, 'ana@example.com', { site_id: 's', session_key: 'guest' }, { refused: expect.any(String) }],
  ])('order %j email %j shopper %j', (orderNumber, email, shopper, expected) => {
    expect(authorizeOrderLookup(orderNumber, email, shopper, typed, numbers)).toEqual(expected);
  });
});

describe('show_products', () => {
  it('builds product cards from the synced catalog, price as synced', async () => {
    const { call, effects } = tools();
    const result = await call('show_products', { query: 'running shoe' });
    const cards = effects.blocks.map((entry) => entry.block);
    expect(cards.map((card) => card.kind)).toEqual(['product_card', 'product_card']);
    const trail = cards.find((card) => card.kind === 'product_card' && card.data.name === 'Trail runner');
    expect(trail?.data).toMatchObject({
      url: 'https://shop.example/product/10',
      image_url: 'https://shop.example/img/10.jpg',
      price: { currency: 'EUR', price: '17.90', regular_price: '19.90', sale_price: '17.90' },
      on_sale: true,
      stock_status: 'instock',
      stock_quantity: 7,
    });
    const road = cards.find((card) => card.kind === 'product_card' && card.data.name === 'Road runner');
    expect(road?.data).toMatchObject({ price: { currency: 'CHF', price: '89.00', sale_price: null }, stock_status: 'onbackorder' });
    expect(result.products).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Trail runner', price: '17.90', currency: 'EUR' })]));
    expect(effects.sources).toEqual(expect.arrayContaining([{ title: 'Trail runner', url: 'https://shop.example/product/10' }]));
    expect(effects.durations.get('call-show_products')).toBeGreaterThanOrEqual(0);
  });

  it('shows the products that meet a measure the query states, and none that fail it', async () => {
    const outdoor = await createShop(database.db);
    await indexProducts(database.db, outdoor, [
      { wpId: 1, name: 'Flammkraft Mini Kocher', description: 'Der leichteste Kocher für Gaskartuschen. Gewicht: 88 g', price: '39.95' },
      { wpId: 2, name: 'Weitland Multifuel Kocher', description: 'Ein Kocher für Benzin und Gas. Gewicht: 385 g', price: '349.00' },
      { wpId: 3, name: 'Titanbecher 450', description: 'Ein Becher aus Titan. Gewicht: 62 g', price: '29.00' },
      // A catalog of other things too: a word in every product is no word to search by.
      { wpId: 4, name: 'Lichtkegel 250 Stirnlampe', description: 'Kompakte Stirnlampe mit 250 Lumen. Gewicht: 78 g', price: '24.95' },
      { wpId: 5, name: 'Polarfuchs Schlafsack', description: 'Winterschlafsack mit Gänsedaune. Gewicht: 1,45 kg', price: '599.00' },
      { wpId: 6, name: 'Wollsocken', description: 'Warme Socken aus Merinowolle.', price: '19.00' },
    ]);
    const effects = emptyEffects();
    const set = buildTools(
      ['show_products'],
      {
        db: database.db,
        agent: outdoor.agent,
        shopper: null,
        languageTag: 'de',
        visitorFacts: [],
        addressPolicy: { allowPrivate: true },
        signal: new AbortController().signal,
        conversationId: randomUUID(),
      },
      effects,
    );
    const result = (await set.show_products!.execute!({ query: 'Habt ihr einen Kocher unter 100 Gramm?' } as never, { toolCallId: 'c', messages: [] })) as {
      products: { name: string }[];
    };
    // The stove over 100 g is left out; the cup under it is no stove.
    expect(result.products.map((product) => product.name)).toEqual(['Flammkraft Mini Kocher']);
  });

  it("carries a variable product's price range onto its card, and no range for one price", () => {
    const hit = (pricing: Record<string, unknown>) => ({
      chunkId: 1,
      documentId: 'doc-hoodie',
      kind: 'product' as const,
      title: 'Storm hoodie',
      url: 'https://shop.example/product/hoodie',
      heading: null,
      content: 'Storm hoodie',
      score: 0.5,
      data: { pricing: { currency: 'EUR', ...pricing }, stock_status: 'instock', on_sale: true },
    });
    expect(productCard(hit({ price: '99.00', regular_price: null, sale_price: null, min_price: '99.00', max_price: '130.00' }))?.data.price).toEqual({
      currency: 'EUR',
      price: '99.00',
      regular_price: null,
      sale_price: null,
      min_price: '99.00',
      max_price: '130.00',
    });
    expect(productCard(hit({ price: '99.00', min_price: '99.00', max_price: '99.00' }))?.data.price).not.toHaveProperty('max_price');
  });

  it('never shows a product whose structured price is missing', async () => {
    const other = await createShop(database.db);
    await indexProducts(database.db, other, [{ wpId: 1, name: 'Mystery box', description: 'A mystery box', price: '' }]);
    const effects = emptyEffects();
    const set = buildTools(
      ['show_products'],
      {
        db: database.db,
        agent: other.agent,
        shopper: null,
        languageTag: 'en',
        visitorFacts: [],
        addressPolicy: { allowPrivate: true },
        signal: new AbortController().signal,
        conversationId: randomUUID(),
      },
      effects,
    );
    const result = (await set.show_products!.execute!({ query: 'mystery box' } as never, { toolCallId: 'x', messages: [] })) as Record<string, unknown>;
    expect(result.products).toEqual([]);
    expect(effects.blocks).toEqual([]);
  });
});

describe('offer_coupon and escalate', () => {
  it('offers only coupons configured on the agent', async () => {
    const { call, effects } = tools();
    await expect(call('offer_coupon', { code: 'FREE100' })).resolves.toMatchObject({ status: 'not_available' });
    expect(effects.blocks).toEqual([]);
    await expect(call('offer_coupon', {})).resolves.toMatchObject({ code: 'SPRING10' });
    expect(effects.blocks.map((e) => e.block)).toEqual([{ kind: 'coupon_offer', data: { code: 'SPRING10', description: '10% off your first order' } }]);
  });

  it('escalates with the agent’s handoff, or the lead form', async () => {
    const { call, effects } = tools();
    await call('escalate', { reason: 'asked for a person' });
    expect(effects.blocks[0]?.block).toEqual({
      kind: 'escalation_button',
      data: { label: 'Talk to a person', type: 'lead_form', value: null, reason: 'asked for a person' },
    });
  });
});

describe('pricing and case study cards', () => {
  it('quote amounts from the synced page, never computed ones', async () => {
    const saas = await createShop(database.db, { siteType: 'saas' });
    await indexPosts(database.db, saas, [
      { wpId: 1, title: 'Pricing', html: '<h2>Plans</h2><p>Starter is free for one user. Pro costs $29 per month per seat. Enterprise: contact us.</p>' },
      { wpId: 2, title: 'How Acme cut support costs', html: '<p>Case study: Acme answered 40% of questions automatically within a month.</p>' },
    ]);
    const effects = emptyEffects();
    const set = buildTools(
      ['show_pricing', 'show_case_study'],
      {
        db: database.db,
        agent: saas.agent,
        shopper: null,
        languageTag: 'en',
        visitorFacts: [],
        addressPolicy: { allowPrivate: true },
        signal: new AbortController().signal,
        conversationId: randomUUID(),
      },
      effects,
    );
    await set.show_pricing!.execute!({} as never, { toolCallId: 'p', messages: [] });
    await set.show_case_study!.execute!({ query: 'support' } as never, { toolCallId: 'c', messages: [] });
    const [pricing, story] = effects.blocks.map((e) => e.block);
    expect(pricing).toMatchObject({ kind: 'pricing_card', data: { title: 'Pricing', price_points: ['Pro costs $29 per month per seat.'] } });
    expect(story).toMatchObject({ kind: 'case_study_card', data: { title: 'How Acme cut support costs' } });
  });

  it('finds amounts in common notations', () => {
    expect(pricePointsIn('Basic 9 €/month. Team: EUR 49. Nothing here. Pro $29.')).toEqual(['Basic 9 €/month.', 'Team: EUR 49.', 'Pro $29.']);
  });
});
