import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/db/schema.js';
import type { Diagnostics } from '../../../src/modules/assistant/events.js';
import type { TestApp } from '../../helpers/app.js';
import { appTest } from '../../helpers/fixtures.js';
import { handshakeRequest, signedSync } from '../../helpers/integration.js';
import { init, parseSse, widgetPost } from '../../helpers/widget.js';

/**
 * A small English-language store as its WordPress plugin would sync it: products with a short
 * description, a description with a spec list, SKU, categories and attributes (which the index
 * turns into a header of name, SKU, categories and one line per attribute), and a few pages. It
 * goes through the real integration API, so what the assistant reads is what a real shop's sync
 * produces; turns go through the real widget API.
 */

export const STORE_URL = 'https://shop.example';

export interface StoreProduct {
  wpId: number;
  slug: string;
  sku: string;
  name: string;
  category: string;
  price: string;
  regularPrice?: string;
  stock?: 'instock' | 'outofstock' | 'onbackorder';
  attributes: { name: string; options: string[] }[];
  short: string;
  descriptionHtml: string;
}

export const PRODUCTS = [
  {
    wpId: 301,
    slug: 'basecamp-2-tent',
    sku: 'NW-TNT-BC2',
    name: 'Basecamp 2 Tent',
    category: 'Tents',
    price: '249.00',
    attributes: [{ name: 'Colour', options: ['Olive', 'Sand'] }],
    short: '<p>A freestanding two-person tent for three-season trips.</p>',
    descriptionHtml:
      '<p>The Basecamp 2 pitches in under five minutes with two colour-coded aluminium poles, and its two doors mean nobody climbs over anybody at night.</p>' +
      '<h3>Specifications</h3><ul><li>Packed weight 2.35 kg</li><li>Floor area 2.9 m²</li><li>Hydrostatic head 3,000 mm (fly), 5,000 mm (floor)</li><li>Two doors and two vestibules</li></ul>',
  },
  {
    wpId: 302,
    slug: 'everyday-hiking-socks',
    sku: 'NW-SCK-EVD',
    name: 'Everyday Hiking Socks (3-pack)',
    category: 'Accessories',
    price: '24.00',
    attributes: [{ name: 'Size', options: ['S (EU 35-38)', 'M (EU 39-42)', 'L (EU 43-46)'] }],
    short: '<p>Cushioned hiking socks, three pairs.</p>',
    descriptionHtml: '<p>Three pairs of cushioned merino-blend hiking socks with a reinforced heel and toe and a seamless toe box.</p>',
  },
  {
    wpId: 303,
    slug: 'bordeaux-crystal-wine-glasses',
    sku: 'NW-GLS-BDX',
    name: 'Bordeaux Crystal Wine Glasses',
    category: 'Kitchen',
    price: '39.00',
    attributes: [],
    short: '<p>Tall, thin-rimmed glasses for full-bodied red wines.</p>',
    descriptionHtml:
      '<p>Mouth-blown, lead-free crystal with a generous bowl that lets a young red breathe.</p><ul><li>Set includes 6 glasses</li><li>550 ml each</li><li>Dishwasher safe</li></ul>',
  },
  {
    wpId: 304,
    slug: 'oslo-oak-bed-frame',
    sku: 'NW-BED-OSL',
    name: 'Oslo Oak Bed Frame',
    category: 'Furniture',
    price: '649.00',
    stock: 'onbackorder',
    attributes: [{ name: 'Size', options: ['140 × 200 cm', '160 × 200 cm', '180 × 200 cm'] }],
    short: '<p>A low solid-oak bed frame with a slatted base.</p>',
    descriptionHtml:
      '<p>Solid European oak, oiled by hand, with a sprung slatted base.</p><h3>Good to know</h3><ul><li>Mattress not included</li><li>Assembly takes about 40 minutes with two people</li></ul>',
  },
  {
    wpId: 305,
    slug: 'waiters-corkscrew',
    sku: 'NW-KIT-CRK',
    name: "Waiter's Corkscrew",
    category: 'Kitchen',
    price: '12.00',
    attributes: [],
    short: '<p>A double-hinged corkscrew with a foil cutter.</p>',
    descriptionHtml: '<p>Stainless steel, with a double-hinged lever that pulls long corks without breaking them and a serrated foil cutter.</p>',
  },
  {
    wpId: 306,
    slug: 'harbor-wool-beanie',
    sku: 'NW-BNE-HRB',
    name: 'Harbor Wool Beanie',
    category: 'Accessories',
    price: '28.00',
    attributes: [{ name: 'Colour', options: ['Navy', 'Mustard', 'Heather grey'] }],
    short: '<p>A ribbed merino beanie, one size.</p>',
    descriptionHtml: '<p>Ribbed beanie knitted from soft merino wool. One size fits most.</p>',
  },
  {
    wpId: 307,
    slug: 'trailrunner-gtx-shoes',
    sku: 'NW-SHO-TRL',
    name: 'Trailrunner GTX Shoes',
    category: 'Footwear',
    price: '145.00',
    attributes: [{ name: 'Size', options: ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45', 'EU 46'] }],
    short: '<p>Waterproof trail running shoes with a grippy lugged outsole.</p>',
    descriptionHtml:
      '<p>Trail running shoes with a breathable membrane, a 5 mm lugged outsole for mud and wet rock, and a cushioned midsole for long days.</p>',
  },
  {
    wpId: 308,
    slug: 'ridgeline-waterproof-jacket',
    sku: 'NW-JKT-RDG',
    name: 'Ridgeline Waterproof Jacket',
    category: 'Jackets',
    price: '189.00',
    attributes: [
      { name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
      { name: 'Colour', options: ['Slate', 'Moss'] },
    ],
    short: '<p>A three-layer shell that packs into its own pocket.</p>',
    descriptionHtml:
      '<p>Our all-weather hiking jacket: a three-layer breathable shell (20,000 mm hydrostatic head) with fully taped seams and a helmet-compatible hood.</p>',
  },
  {
    wpId: 312,
    slug: 'alpine-rain-jacket',
    sku: 'NW-JKT-ALP',
    name: 'Alpine Rain Jacket',
    category: 'Jackets',
    price: '129.00',
    attributes: [{ name: 'Size', options: ['S', 'M', 'L', 'XL'] }],
    short: '<p>A light rain jacket for walks and commutes.</p>',
    descriptionHtml: '<p>A packable two-layer rain jacket. The jacket has two zipped hand pockets, and the hood of the jacket rolls into the collar.</p>',
  },
  {
    wpId: 313,
    slug: 'cirrus-down-jacket',
    sku: 'NW-JKT-CIR',
    name: 'Cirrus Down Jacket',
    category: 'Jackets',
    price: '229.00',
    attributes: [{ name: 'Size', options: ['S', 'M', 'L', 'XL'] }],
    short: '<p>A warm down jacket for cold, dry days.</p>',
    descriptionHtml: '<p>A warm jacket filled with 700-fill responsibly sourced down. Not a rain jacket: wear a shell over it in wet weather.</p>',
  },
  {
    wpId: 309,
    slug: 'canyon-28l-daypack',
    sku: 'NW-PCK-CNY',
    name: 'Canyon 28L Daypack',
    category: 'Packs',
    price: '98.00',
    attributes: [{ name: 'Colour', options: ['Charcoal', 'Rust'] }],
    short: '<p>A 28-litre daypack with a ventilated back panel.</p>',
    descriptionHtml: '<p>28 litres, a ventilated mesh back panel, hip-belt pockets, a hydration sleeve and an integrated rain cover.</p>',
  },
  {
    wpId: 310,
    slug: 'lumen-400-headlamp',
    sku: 'NW-LMP-400',
    name: 'Lumen 400 Headlamp',
    category: 'Accessories',
    price: '42.00',
    attributes: [],
    short: '<p>A rechargeable headlamp with a red night mode.</p>',
    descriptionHtml:
      '<p>400 lumens, USB-C rechargeable, IPX4 splash-proof, with a red light mode that keeps your night vision.</p><p>Up to 40 hours on the low setting.</p>',
  },
  {
    wpId: 311,
    slug: 'summit-merino-base-layer',
    sku: 'NW-BSL-SUM',
    name: 'Summit Merino Base Layer',
    category: 'Layers',
    price: '79.00',
    attributes: [{ name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'] }],
    short: '<p>A long-sleeve merino top that stays fresh for days.</p>',
    descriptionHtml: '<p>Long-sleeve base layer in 200 g/m² merino wool: warm when wet, naturally odour-resistant, soft against the skin.</p>',
  },
] as const satisfies readonly StoreProduct[];

export interface StorePage {
  wpId: number;
  slug: string;
  title: string;
  html: string;
}

export const PAGES = [
  {
    wpId: 201,
    slug: 'shipping',
    title: 'Shipping',
    html:
      '<p>Orders placed before 2 pm on a business day leave our warehouse the same day.</p>' +
      '<h2>Delivery within the United States</h2><ul><li>Standard shipping takes 3 to 5 business days and costs $6.95; it is free on orders over $75.</li><li>Express shipping takes 1 to 2 business days and costs $14.95.</li></ul>' +
      '<h2>International delivery</h2><p>We ship to Canada, the United Kingdom and the European Union. International delivery takes 7 to 12 business days and costs $24.95.</p>',
  },
  {
    wpId: 202,
    slug: 'returns',
    title: 'Returns and exchanges',
    html: '<p>You can return unused items in their original packaging within 60 days of delivery for a full refund.</p><h2>Refunds</h2><p>Refunds are issued to the original payment method within 5 business days of the parcel reaching us.</p>',
  },
  {
    wpId: 203,
    slug: 'care-guide',
    title: 'Caring for waterproof clothing',
    html: '<p>Wash waterproof jackets at 30 °C with a technical cleaner, never with fabric softener.</p><p>Tumble dry on low heat to restore the water-repellent finish.</p>',
  },
] as const satisfies readonly StorePage[];

export type ProductName = (typeof PRODUCTS)[number]['name'];

export const productUrl = (product: { slug: string }) => `${STORE_URL}/products/${product.slug}`;
export const pageUrl = (page: { slug: string }) => `${STORE_URL}/pages/${page.slug}`;

export function productNamed(name: ProductName): (typeof PRODUCTS)[number] {
  const product = PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

export function pageTitled(title: (typeof PAGES)[number]['title']): (typeof PAGES)[number] {
  const page = PAGES.find((p) => p.title === title);
  if (!page) throw new Error(`no page ${title}`);
  return page;
}

/** The product at a link target, if any. */
export function productAt(url: string): (typeof PRODUCTS)[number] | undefined {
  return PRODUCTS.find((product) => productUrl(product) === url);
}

/**
 * One product as the plugin sends it, for a test's own catalog: what the test gives, and the
 * fields it does not care about filled in (at its regular price, in stock, uncategorised).
 */
export function pluginProduct(
  product: { wp_id: number; name: string; permalink: string; price: string; currency?: string } & Record<string, unknown>,
): Record<string, unknown> & { permalink: string; name: string } {
  const { price, currency = 'USD', ...given } = product;
  return {
    sku: `SKU-${product.wp_id}`,
    image_url: null,
    short_description_html: '',
    description_html: '',
    pricing: { currency, price, regular_price: price, sale_price: null },
    stock_status: 'instock',
    stock_quantity: 5,
    on_sale: false,
    categories: [],
    attributes: [],
    modified_at: '2026-10-01T09:00:00Z',
    language: 'en-US',
    content_hash: `product-${product.wp_id}`,
    ...given,
  };
}

/** Products as the plugin sends them to POST /api/v1/wp/products/sync. */
export function productItems(): Record<string, unknown>[] {
  return PRODUCTS.map((p: StoreProduct) => {
    const onSale = p.regularPrice !== undefined;
    return {
      wp_id: p.wpId,
      sku: p.sku,
      name: p.name,
      permalink: productUrl(p),
      image_url: `${STORE_URL}/images/${p.slug}.jpg`,
      short_description_html: p.short,
      description_html: p.descriptionHtml,
      pricing: { currency: 'USD', price: p.price, regular_price: p.regularPrice ?? p.price, sale_price: onSale ? p.price : null },
      stock_status: p.stock ?? 'instock',
      stock_quantity: p.stock === 'onbackorder' ? null : 12,
      on_sale: onSale,
      categories: [{ id: p.wpId, slug: p.category.toLowerCase(), name: p.category }],
      attributes: p.attributes,
      modified_at: '2026-10-01T09:00:00Z',
      language: 'en-US',
      content_hash: `store-product-${p.wpId}`,
    };
  });
}

/** Pages as the plugin sends them to POST /api/v1/wp/posts/sync. */
export function pageItems(): Record<string, unknown>[] {
  return PAGES.map(pageItem);
}

/** One page of the store's site as the plugin sends it. */
export function pageItem(page: StorePage): Record<string, unknown> {
  return {
    wp_id: page.wpId,
    post_type: 'page',
    permalink: pageUrl(page),
    title: page.title,
    content_html: page.html,
    excerpt: '',
    modified_at: '2026-10-01T09:00:00Z',
    language: 'en-US',
    taxonomy_terms: [],
    content_hash: `store-page-${page.wpId}`,
  };
}

/** Connects the workspace's site and syncs the store through the integration API. */
export async function syncStore(app: FastifyInstance, token: string): Promise<void> {
  const handshake = await handshakeRequest(app, token);
  if (handshake.statusCode !== 200) throw new Error(`handshake answered ${handshake.statusCode}: ${handshake.body}`);
  for (const [kind, items] of [
    ['posts', pageItems()],
    ['products', productItems()],
  ] as const) {
    const response = await signedSync(app, token, kind, { items });
    if (response.statusCode !== 200) throw new Error(`${kind} sync answered ${response.statusCode}: ${response.body}`);
  }
}

export interface WidgetAnswer {
  /** The reply language the turn's `start` event announced. */
  language: string;
  content: string;
  blocks: { kind: string; data: Record<string, unknown> }[];
  sources: { title: string; url: string }[];
  /** The turn's full ranking (stored diagnostics), best first: what retrieval put first. */
  ranked: { title: string; url: string }[];
  toolCalls: Diagnostics['tool_calls'];
  notes: string[];
  systemPrompt: string;
}

export interface Visitor {
  token: string;
  conversationId: string;
  /** Asks as the widget does: the streaming route, with the page context and the locale given. */
  ask(message: string, options?: { pageContext?: Record<string, unknown>; locale?: string }): Promise<WidgetAnswer>;
}

/** A visitor opening the widget (init with `locale`, as a page would), then asking questions. */
export async function openWidget(t: TestApp, agentId: string, options: { locale?: string; pageContext?: Record<string, unknown> } = {}): Promise<Visitor> {
  const started = await init(t.app, {
    agent_id: agentId,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.pageContext ? { page_context: options.pageContext } : {}),
  });
  if (started.statusCode !== 200) throw new Error(`init answered ${started.statusCode}: ${started.body}`);
  const { token, conversation_id: conversationId } = started.json() as { token: string; conversation_id: string };
  return {
    token,
    conversationId,
    async ask(message, askOptions = {}) {
      const response = await widgetPost(t.app, '/v1/widget/messages/stream', token, {
        message,
        ...(askOptions.pageContext ? { page_context: askOptions.pageContext } : {}),
        ...(askOptions.locale ? { locale: askOptions.locale } : {}),
      });
      if (response.statusCode !== 200) throw new Error(`messages/stream answered ${response.statusCode}: ${response.body}`);
      const events = parseSse(response.body);
      const start = events.find((e) => e.event === 'start')?.data as { language: string } | undefined;
      const done = events.find((e) => e.event === 'done')?.data as
        { message: Omit<WidgetAnswer, 'language' | 'ranked' | 'toolCalls' | 'notes' | 'systemPrompt'> & { id: string } } | undefined;
      if (!start || !done) throw new Error(`the turn did not complete: ${response.body.slice(0, 500)}`);
      const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, done.message.id));
      const diagnostics = stored?.diagnostics as Diagnostics | undefined;
      return {
        language: start.language,
        content: done.message.content,
        blocks: done.message.blocks,
        sources: done.message.sources,
        ranked: (diagnostics?.sources ?? []).map(({ title, url }) => ({ title, url })),
        toolCalls: diagnostics?.tool_calls ?? [],
        notes: diagnostics?.notes ?? [],
        systemPrompt: diagnostics?.system_prompt ?? '',
      };
    },
  };
}

/** The page context a widget on a product's page sends: address, title and JSON-LD Product. */
export function productPageContext(product: StoreProduct, options: { url?: string; withUrl?: boolean } = {}): Record<string, unknown> {
  return {
    url: options.url ?? productUrl(product),
    title: `${product.name} – Northwind Outfitters`,
    json_ld: [
      {
        '@type': 'Product',
        name: product.name,
        sku: product.sku,
        ...(options.withUrl === false ? {} : { url: productUrl(product) }),
        offers: { '@type': 'Offer', price: product.price, priceCurrency: 'USD' },
      },
    ],
  };
}

/** The Markdown link targets of an answer. */
export function linkTargets(content: string): string[] {
  return [...content.matchAll(/\]\((https?:\/\/[^\s)]+)\)/g)].map((match) => match[1] as string);
}

/** The lines of an answer that quote a source ("> ..."), without the marker. */
export function quotedLines(content: string): string[] {
  return content
    .split('\n')
    .filter((line) => line.startsWith('>'))
    .map((line) => line.replace(/^>\s?/, ''));
}

/**
 * `it` with the app and this store synced into a seeded workspace ("Northwind Outfitters") as
 * fixtures (`async ({ service, shop }) => ...`), made once before the file's first test.
 */
export function outdoorStoreTest(setupTimeout?: number) {
  return appTest({
    shop: { name: 'Northwind Outfitters' },
    prepare: async (service, shop) => {
      await syncStore(service.app, shop.token);
    },
    ...(setupTimeout ? { setupTimeout } : {}),
  });
}
