import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { Diagnostics, TurnEvent } from '../../src/modules/assistant/events.js';
import { detectIntents, orderNumberIn } from '../../src/modules/assistant/offline/intents.js';
import { runTurn, type RuntimeDeps } from '../../src/modules/assistant/runtime.js';
import { freshDatabase } from '../helpers/database.js';
import { startPluginPeer, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { collect, createConversation, createShop, indexPosts, indexProducts, type PostFixture, type ProductFixture, type Shop } from './helpers/fixtures.js';

describe('offline intents', () => {
  it.each([
    ['en', 'Can I talk to a real person please?', 'handoff'],
    ['de', 'Ich möchte mit einem Mitarbeiter sprechen', 'handoff'],
    ['fr', 'Je voudrais parler à un conseiller', 'handoff'],
    ['es', 'Quiero hablar con una persona', 'handoff'],
    ['ar', 'أريد التحدث مع موظف', 'handoff'],
    ['en', 'Do you have a discount code?', 'coupon'],
    ['de', 'Habt ihr einen Gutschein für mich?', 'coupon'],
    ['fr', 'Avez-vous un code promo ?', 'coupon'],
    ['es', '¿Tienen algún cupón de descuento?', 'coupon'],
    ['ar', 'هل يوجد كوبون خصم؟', 'coupon'],
    ['en', 'Where is my order 1042?', 'order'],
    ['de', 'Wo ist meine Bestellung 1042?', 'order'],
    ['fr', 'Où est ma commande 1042 ?', 'order'],
    ['es', '¿Dónde está mi pedido 1042?', 'order'],
    ['ar', 'أين طلبي رقم 1042؟', 'order'],
    ['en', 'How much is the trail runner?', 'product'],
    ['de', 'Was kostet der Trail Runner?', 'product'],
    ['fr', 'Quel est le prix du trail runner ?', 'product'],
    ['es', '¿Cuál es el precio del trail runner?', 'product'],
    ['ar', 'كم سعر حذاء الجري؟', 'product'],
    ['en', 'Do you have case studies from retailers?', 'case_study'],
  ])('%s: %s → %s', (_language, message, intent) => {
    expect([...detectIntents(message)]).toContain(intent);
  });

  it('does not take "order" as a verb for an order question', () => {
    expect(detectIntents('I want to order running shoes').has('order')).toBe(false);
    expect(detectIntents('What is your return policy?').size).toBe(0);
  });

  // Had asked for an order number and email instead of quoting the FAQ's one-hour window.
  it('changing or cancelling an order asks what the shop allows, unless it names the order', () => {
    expect(detectIntents('i messed up my order, can i still change it?').has('order')).toBe(false);
    expect(detectIntents('Kann ich meine Bestellung noch stornieren?').has('order')).toBe(false);
    expect(detectIntents('can i cancel my order 10452?').has('order')).toBe(true);
    expect(detectIntents('where is my order?').has('order')).toBe(true);
  });

  it('finds the order number, not digits of an email or a price', () => {
    expect(orderNumberIn('Order #A-1042 please')).toBe('A-1042');
    expect(orderNumberIn('my order 1042, email ana2000@example.com')).toBe('1042');
    expect(orderNumberIn('طلبي رقم ١٠٤٢')).toBe('1042');
    expect(orderNumberIn('no number here')).toBeUndefined();
  });

  it("finds a new shop's one- and two-digit order numbers after an order word", () => {
    expect(orderNumberIn('where is my order 7? ana@example.com')).toBe('7');
    expect(orderNumberIn('Bestellung Nr. 12, meine E-Mail ist ana@example.com')).toBe('12');
    expect(orderNumberIn('ma commande n° 3')).toBe('3');
    expect(orderNumberIn('order #5')).toBe('5');
    expect(detectIntents('order 12, ana@example.com').has('order')).toBe(true);
    expect(detectIntents('order 12').has('order')).toBe(true);
    // A quantity is not an order number.
    expect(detectIntents('I want to order 2 shirts').has('order')).toBe(false);
    expect(orderNumberIn('I have 2 questions')).toBeUndefined();
  });
});

describe('offline responder through the runtime', () => {
  const SECRET = 'sss_offline';
  let database: Database;
  let peer: PluginPeer;
  let shop: Shop;
  let deps: RuntimeDeps;

  beforeAll(async () => {
    database = await freshDatabase();
    peer = await startPluginPeer({
      secret: SECRET,
      orders: [
        { id: 1, number: '1042', email: 'ana@example.com', userId: 42, status: 'processing', total: '59.00', currency: 'EUR' },
        // A new shop's first orders.
        { id: 7, number: '7', email: 'ana@example.com', userId: 42, status: 'completed', total: '12.00', currency: 'EUR' },
      ],
    });
    shop = await createShop(database.db, { siteUrl: peer.siteUrl, secret: SECRET });
    deps = { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: true } };
    await indexPosts(database.db, shop, [
      {
        wpId: 1,
        title: 'Returns and refunds',
        html: '<h2>Returns</h2><p>Our shop is based in Berlin. You can return any item within 30 days of delivery for a full refund. We love shoes.</p>',
      },
    ]);
    await indexProducts(database.db, shop, [
      { wpId: 10, name: 'Trail runner', description: 'Waterproof running shoe for muddy mountain trails', price: '17.90', regularPrice: '19.90' },
    ]);
  });

  afterAll(async () => {
    await peer.close();
    await database.close();
  });

  async function playground(message: string) {
    const conversation = await createConversation(database.db, shop, { playground: true });
    const events: TurnEvent[] = await collect(runTurn(deps, { agent: shop.agent, conversation, message, mode: 'playground' }));
    const done = events.find((e) => e.type === 'done');
    const diagnostics = events.find((e) => e.type === 'diagnostics');
    if (done?.type !== 'done' || diagnostics?.type !== 'diagnostics') throw new Error(`turn failed: ${JSON.stringify(events.at(-1))}`);
    return { message: done.message, diagnostics: diagnostics.diagnostics as Diagnostics, events };
  }

  it('quotes and links the best source for a question the site answers', async () => {
    const { message, diagnostics } = await playground('How many days do I have to return an item?');
    expect(message.content).toContain('[Returns and refunds](https://shop.example/?p=1)');
    expect(message.content).toContain('> You can return any item within 30 days of delivery for a full refund.');
    expect(message.content).not.toContain('Berlin');
    expect(message.sources).toEqual([{ title: 'Returns and refunds', url: 'https://shop.example/?p=1' }]);
    expect(diagnostics.model).toBe('offline:offline-responder');
    expect(diagnostics.tool_calls).toEqual([]);
  });

  it.each([
    ['Where is my order 1042? My email is ana@example.com', 'en', 'Order 1042: processing, total 59.00 EUR.'],
    ['Wo ist meine Bestellung 1042? Meine E-Mail: ana@example.com', 'de', 'Bestellung 1042: processing, Summe 59.00 EUR.'],
    ['Où est ma commande 1042 ? Mon e-mail est ana@example.com', 'fr', 'Commande 1042 : processing, total 59.00 EUR.'],
    ['¿Dónde está mi pedido 1042? Mi correo es ana@example.com', 'es', 'Pedido 1042: processing, total 59.00 EUR.'],
    ['أين طلبي رقم 1042؟ بريدي الإلكتروني ana@example.com', 'ar', 'الطلب 1042: processing، الإجمالي 59.00 EUR.'],
  ])('calls lookup_order for %j and answers in %s', async (question, language, expected) => {
    const { message, diagnostics } = await playground(question);
    expect(diagnostics.language).toBe(language);
    expect(diagnostics.tool_calls).toEqual([
      expect.objectContaining({
        name: 'lookup_order',
        arguments: { order_number: '1042', email: 'ana@example.com' },
        result: expect.objectContaining({ status: 'found' }),
      }),
    ]);
    expect(message.content).toContain(expected);
    expect(peer.requests.at(-1)).toMatchObject({ body: { order_number: '1042', email: 'ana@example.com' }, signatureValid: true });
  });

  it("looks up a new shop's one-digit order number and lists what was ordered, with the tracking link", async () => {
    const { message, diagnostics } = await playground('Where is my order 7? My email is ana@example.com');
    expect(diagnostics.tool_calls).toEqual([
      expect.objectContaining({
        name: 'lookup_order',
        arguments: { order_number: '7', email: 'ana@example.com' },
        result: expect.objectContaining({ status: 'found' }),
      }),
    ]);
    expect(message.content).toBe(
      ['Order 7: completed, total 12.00 EUR.', '- Trail runner × 1', 'Tracking: [https://track.example/7](https://track.example/7)'].join('\n'),
    );
  });

  it('asks for the order number and email when they are missing', async () => {
    const { message, diagnostics } = await playground('Where is my order? It has not arrived.');
    expect(diagnostics.tool_calls[0]).toMatchObject({ name: 'lookup_order', arguments: {}, result: { status: 'verification_required' } });
    expect(message.content).toContain('order number and the email address');
  });

  it.each([
    ['Do you have a coupon for me?', 'coupon_offer', 'SPRING10'],
    ['¿Tienen un cupón de descuento?', 'coupon_offer', 'SPRING10'],
    ['I want to talk to a human', 'escalation_button', 'You can reach our team'],
    ['أريد التحدث مع موظف', 'escalation_button', 'يمكنك التواصل مع فريقنا'],
  ])('%j produces a %s block', async (question, kind, text) => {
    const { message } = await playground(question);
    expect(message.blocks.map((b) => b.kind)).toEqual([kind]);
    expect(message.content).toContain(text);
  });

  it('answers the price of a named product from its synced fields, in the reply language', async () => {
    const { message, diagnostics } = await playground('Quel est le prix du trail runner ?');
    expect(diagnostics.language).toBe('fr');
    expect(diagnostics.tool_calls).toEqual([]);
    expect(message.content).toContain('[Trail runner](https://shop.example/product/10)');
    expect(message.content).toMatch(/17,90\s€/);
    expect(message.content).toMatch(/19,90\s€/);
    expect(message.sources).toEqual([{ title: 'Trail runner', url: 'https://shop.example/product/10' }]);
  });

  it('shows products with the synced price for a catalog search', async () => {
    const { message, diagnostics } = await playground('Anything under €20?');
    expect(diagnostics.tool_calls[0]).toMatchObject({ name: 'show_products', arguments: expect.objectContaining({ max_price: 20 }) });
    const card = message.blocks.find((b) => b.kind === 'product_card');
    expect(card?.kind === 'product_card' && card.data.price).toEqual({ currency: 'EUR', price: '17.90', regular_price: '19.90', sale_price: '17.90' });
    expect(message.content).toContain('17.90 EUR');
  });

  it('answers a policy question that sounds like a product question from the sources', async () => {
    const { message, diagnostics } = await playground('What kind of return policy do you have?');
    // A catalog search may come first ("what kind of" sounds like a product question): it finds nothing.
    expect(diagnostics.tool_calls.every((call) => call.name === 'show_products')).toBe(true);
    expect(message.content).toContain('> You can return any item within 30 days of delivery for a full refund.');
    expect(message.sources).toEqual([{ title: 'Returns and refunds', url: 'https://shop.example/?p=1' }]);
  });

  it('says it is unsure and offers escalation when nothing answers the question', async () => {
    const { message, diagnostics } = await playground('What is the airspeed velocity of an unladen swallow?');
    expect(diagnostics.confidence).toBeLessThan(0.35);
    expect(message.content).toContain("I'm not sure");
    expect(message.blocks.map((b) => b.kind)).toEqual(['escalation_button']);
    expect(message.sources).toEqual([]);
  });
});

/**
 * A shop of its own with these pages and products, made before the describe's tests and closed
 * after them; `ask` runs one production turn in a new conversation and returns the reply.
 */
function shopWith(posts: PostFixture[], products: ProductFixture[]) {
  let database: Database;
  let shop: Shop;
  beforeAll(async () => {
    database = await freshDatabase();
    shop = await createShop(database.db);
    await indexPosts(database.db, shop, posts);
    await indexProducts(database.db, shop, products);
  });
  afterAll(async () => {
    await database.close();
  });
  return async (message: string, options: { locale: string; pageContext?: unknown }) => {
    const deps: RuntimeDeps = { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } };
    const conversation = await createConversation(database.db, shop, { locale: options.locale });
    const overrides = options.pageContext === undefined ? {} : { overrides: { pageContext: options.pageContext } };
    const events: TurnEvent[] = await collect(runTurn(deps, { agent: shop.agent, conversation, message, mode: 'production', ...overrides }));
    const done = events.find((event) => event.type === 'done');
    if (done?.type !== 'done') throw new Error(`turn failed: ${JSON.stringify(events.at(-1))}`);
    return done.message;
  };
}

describe('a question about the page\'s product in a language whose word for the dishwasher holds "wash"', () => {
  const ask = shopWith(
    [
      {
        wpId: 1,
        title: 'Garantía',
        language: 'es',
        html: '<p>La garantía no cubre el desgaste normal por el uso, los golpes, ni los cuchillos lavados en lavavajillas o usados para cortar hueso congelado.</p>',
      },
    ],
    [
      {
        wpId: 10,
        name: 'Sartén Ligera 24 cm',
        language: 'es',
        description: 'Sartén de aluminio forjado con recubrimiento cerámico. Diámetro: 24 cm. Apta para inducción. Apta para lavavajillas.',
        price: '24.95',
      },
    ],
  );

  // The warranty page's "cuchillos lavados en lavavajillas" was quoted: "lava…" read as a care question for another page.
  it('"¿esta va al lavavajillas?" on the product\'s page quotes the product, not the warranty page', async () => {
    const pageContext = { url: 'https://shop.example/product/10', title: 'Sartén Ligera 24 cm' };
    const reply = await ask('¿esta va al lavavajillas?', { locale: 'es-ES', pageContext });
    expect(reply.content).toContain('Apta para lavavajillas');
    expect(reply.sources.map((source) => source.url)).toEqual(['https://shop.example/product/10']);
  });
});

describe('how often to do something with a product', () => {
  const ask = shopWith(
    [
      {
        wpId: 1,
        title: 'Returns & Refunds',
        html: '<p>Your first size exchange on a harness or bed is free: start a return, choose Exchange, and we send the new size once the original is on its way back.</p>',
      },
    ],
    [
      {
        wpId: 10,
        name: 'Clearflow Ceramic Pet Fountain',
        description: 'A quiet ceramic fountain that holds 2 litres. Replace the carbon filter every 4 weeks to keep the water fresh.',
        price: '49.00',
      },
    ],
  );

  // "swap" read as asking for an exchange, and the returns page quoted.
  it('"how often do i need to swap the filter in the clearflow" quotes the product, not the exchange policy', async () => {
    const reply = await ask('how often do i need to swap the filter in the clearflow', { locale: 'en' });
    expect(reply.content).toContain('every 4 weeks');
    expect(reply.content).not.toContain('exchange');
  });
});

describe('a question in two parts about one product', () => {
  const ask = shopWith(
    [
      {
        wpId: 1,
        title: 'Caring for Beds',
        html: "<p>Vacuum the bed once a week to lift hair. Don't put the memory foam itself in the washing machine: spot-clean it with a damp cloth.</p>",
      },
      {
        wpId: 2,
        title: 'Shipping',
        html: '<p>Orders ship within two working days. Because of carrier rules for lithium batteries, power banks ship by ground only. They cannot be sent by Expedited or Overnight shipping.</p>',
      },
      {
        wpId: 3,
        title: 'FAQ',
        html: '<p>Older incandescent dimmers may cause buzzing, flickering or a limited dimming range with LED bulbs.</p>',
      },
    ],
    [
      {
        wpId: 10,
        name: 'Meadowbed Orthopaedic Dog Bed',
        description: 'A memory foam bed with a removable, washable cover and a waterproof liner.',
        price: '89.00',
      },
      {
        wpId: 11,
        name: 'Clarity BR30 Dimmable LED Flood Bulb (6-pack)',
        description: 'Warm white flood bulbs for recessed cans. Dimmable from 10 to 100% on most LED dimmers.',
        price: '29.99',
      },
      {
        wpId: 12,
        name: 'VoltCore 10,000mAh Power Bank',
        description: 'Charges a phone about twice. USB-C in and out, 20 W.',
        price: '34.99',
      },
    ],
  );

  // The second part names the bed by a word of its name: it was sent to the pages, which quoted the care guide's vacuuming.
  it('answers "also how much is the bed" with the price of the bed the first part named', async () => {
    const reply = await ask('can i put the meadowbed foam in the washing machine? also how much is the bed', { locale: 'en' });
    expect(reply.content).toContain('spot-clean');
    expect(reply.content).toContain('89.00');
  });

  // "They" points back at the bulbs of the first part: it was answered by no sentence of theirs.
  it('answers "and can they be dimmed" from the product the other part named', async () => {
    const reply = await ask('price of the br30 6 pack and can they be dimmed', { locale: 'en' });
    expect(reply.content).toContain('29.99');
    expect(reply.content).toContain('Dimmable from 10 to 100%');
    expect(reply.content).not.toContain('buzzing');
  });

  // Nothing of the power bank says how it ships; it was left unanswered though the shipping page says.
  it('answers a question about a product that only a shop page answers from that page', async () => {
    const reply = await ask('can i get a power bank sent overnight', { locale: 'en' });
    expect(reply.content).toContain('cannot be sent by Expedited or Overnight');
    expect(reply.sources.map((source) => source.url)).toEqual(['https://shop.example/?p=2']);
  });
});

describe('how much of a product to give', () => {
  const ask = shopWith(
    [],
    [
      {
        wpId: 10,
        name: 'Hillside Grain-Free Salmon Dog Food 12 kg',
        description: [
          'Salmon is the first ingredient, with sweet potato and peas as grain-free carbohydrates.',
          'Feeding guide (per day)',
          'Dog weight: 10 kg; Daily amount: 160 g',
          'Dog weight: 20 kg; Daily amount: 270 g',
          'Dog weight: 30 kg; Daily amount: 365 g',
        ].join('\n'),
        price: '64.99',
      },
    ],
  );

  // "How much" was read as asking the price: "costs £64.99" and a sentence about salmon.
  it('"how much hillside salmon should i give a 20kg dog a day" is answered by the feeding row, not the price', async () => {
    const reply = await ask('how much hillside salmon should i give a 20kg dog a day', { locale: 'en' });
    expect(reply.content).toContain('270 g');
    expect(reply.content).not.toContain('64.99');
  });
});

describe('the return window, asked with and without a typo', () => {
  const ask = shopWith(
    [
      {
        wpId: 1,
        title: 'Returns & Refunds',
        html: '<p>Changed your mind? You have 45 days from the date your order was delivered to send most items back for a refund.</p><h2>How to start a return</h2><p>Go to Order Lookup and choose the items you are sending back.</p>',
      },
      {
        wpId: 2,
        title: 'Exchanges',
        html: '<p>You can swap it for another size or colour of the same product, as long as the item is still within its return window.</p>',
      },
    ],
    [],
  );

  // The exchanges page's "within its return window" was quoted: "window" matched, the period did not.
  it('"What\'s the return window?" is answered by the period to send items back', async () => {
    const reply = await ask("What's the return window?", { locale: 'en' });
    expect(reply.content).toContain('45 days');
  });

  // "windw" is a word of no page: nothing answered.
  it('"Whats the return windw?" is answered the same', async () => {
    const reply = await ask('Whats the return windw?', { locale: 'en' });
    expect(reply.content).toContain('45 days');
  });
});

describe('a kind of thing asked for by where it is worn', () => {
  const ask = shopWith(
    [],
    [
      { wpId: 10, name: 'Harbor Wool Beanie', description: 'Ribbed beanie knitted from soft merino wool. One size fits most.', price: '28.00' },
      { wpId: 11, name: 'Trailhead Fleece Gloves', description: 'Grid fleece gloves with touchscreen fingertips.', price: '24.00' },
      { wpId: 12, name: 'Ridgeline Jacket', description: 'A warm, waterproof shell for wet hikes.', price: '189.00' },
    ],
  );

  // Neither "warm" nor "head" is in the beanie's text: nothing was found, and "I'm not sure" said.
  it('"something warm for my head" shows the beanie', async () => {
    const reply = await ask('something warm for my head', { locale: 'en' });
    expect(reply.sources.map((source) => source.url)[0]).toBe('https://shop.example/product/10');
    expect(reply.content).toContain('Harbor Wool Beanie');
  });

  it('"I need something for my hands" shows the gloves', async () => {
    const reply = await ask('I need something for my hands', { locale: 'en' });
    expect(reply.sources.map((source) => source.url)).toEqual(['https://shop.example/product/11']);
  });
});

describe('collecting an order instead of delivery', () => {
  const ask = shopWith(
    [
      {
        wpId: 1,
        title: 'Delivery Information',
        html: '<p>Orders placed before 2 pm are dispatched the same day.</p><h2>UK delivery</h2><p>Standard delivery takes 2–3 working days and costs £3.95. Next Day delivery costs £6.95.</p><p>Standard delivery is free on orders over £40.</p>',
      },
      {
        wpId: 2,
        title: 'Contact Us',
        html: '<p>Email hello@pawpantry.example or call 0117 496 0123.</p><h2>Click &amp; Collect</h2><p>You can collect orders free of charge from our warehouse at Unit 4, Harbour Lane Trading Estate, Bristol BS3 2QT.</p>',
      },
    ],
    [],
  );

  // "instead" was a word of no page, so two words had to match, and "delivery" pulled the delivery table in.
  it('"can i pick my order up myself instead of delivery" is answered by Click & Collect', async () => {
    const reply = await ask('can i pick my order up myself instead of delivery', { locale: 'en' });
    expect(reply.content).toContain('Harbour Lane');
    expect(reply.sources.map((source) => source.url)).toEqual(['https://shop.example/?p=2']);
  });
});
