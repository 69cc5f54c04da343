import { describe, expect } from 'vitest';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest, signedSync } from '../helpers/integration.js';
import { openWidget, STORE_URL, syncStore, type WidgetAnswer } from './helpers/outdoor-store.js';

/**
 * Conditions a question states on the products it asks for, "what's on sale?", "which tents are
 * in stock?", "Zelte auf Lager?", are applied by retrieval: products that meet them are ranked,
 * those that fail are left out, through the widget API of stores synced through the integration
 * API. A question about one product ("Is the Summit 1 Tent in stock?") is answered about it,
 * whatever its stock.
 */

interface ExtraProduct {
  wpId: number;
  name: string;
  category: string;
  price: string;
  regularPrice?: string;
  stock: 'instock' | 'outofstock' | 'onbackorder';
  description: string;
  language: string;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const urlOf = (product: ExtraProduct) => `${STORE_URL}/products/${slug(product.name)}`;

/** Products as the plugin sends them to POST /api/v1/wp/products/sync. */
function items(products: readonly ExtraProduct[]): Record<string, unknown>[] {
  return products.map((p) => ({
    wp_id: p.wpId,
    sku: `XT-${p.wpId}`,
    name: p.name,
    permalink: urlOf(p),
    short_description_html: `<p>${p.description}</p>`,
    description_html: `<p>${p.description}</p>`,
    pricing: { currency: 'EUR', price: p.price, regular_price: p.regularPrice ?? p.price, sale_price: p.regularPrice ? p.price : null },
    stock_status: p.stock,
    stock_quantity: p.stock === 'instock' ? 5 : 0,
    on_sale: p.regularPrice !== undefined,
    categories: [{ id: p.wpId, slug: slug(p.category), name: p.category }],
    attributes: [],
    modified_at: '2026-10-01T09:00:00Z',
    language: p.language,
    content_hash: `extra-product-${p.wpId}`,
  }));
}

const SUMMIT = {
  wpId: 901,
  name: 'Summit 1 Tent',
  category: 'Tents',
  price: '199.00',
  stock: 'outofstock',
  description: 'A one-person tent for fast and light trips.',
  language: 'en-US',
} as const;
const FJORD = {
  wpId: 902,
  name: 'Fjord 3 Tent',
  category: 'Tents',
  price: '279.00',
  regularPrice: '349.00',
  stock: 'instock',
  description: 'A roomy three-person tent with a large porch.',
  language: 'en-US',
} as const;
const MUG = {
  wpId: 903,
  name: 'Trail Enamel Mug',
  category: 'Kitchen',
  price: '12.00',
  regularPrice: '16.00',
  stock: 'instock',
  description: 'An enamel mug that hangs from a pack.',
  language: 'en-US',
} as const;

const BERGZELT = {
  wpId: 951,
  name: 'Bergzelt 2',
  category: 'Zelte',
  price: '229.00',
  stock: 'instock',
  description: 'Ein leichtes Zelt für zwei Personen mit zwei Eingängen.',
  language: 'de-DE',
} as const;
const KUPPELZELT = {
  wpId: 952,
  name: 'Kuppelzelt 3',
  category: 'Zelte',
  price: '189.00',
  stock: 'outofstock',
  description: 'Ein geräumiges Kuppelzelt für drei Personen.',
  language: 'de-DE',
} as const;
const SCHLAFSACK = {
  wpId: 953,
  name: 'Schlafsack Nordlicht',
  category: 'Schlafsäcke',
  price: '149.00',
  stock: 'instock',
  description: 'Ein warmer Daunenschlafsack für kalte Nächte im Zelt.',
  language: 'de-DE',
} as const;

async function syncProducts(service: TestApp, token: string, products: readonly ExtraProduct[]): Promise<void> {
  const response = await signedSync(service.app, token, 'products', { items: items(products) });
  if (response.statusCode !== 200) throw new Error(`products sync answered ${response.statusCode}: ${response.body}`);
}

const ask = async (service: TestApp, shop: SeededWorkspace, locale: string, message: string) =>
  (await openWidget(service, shop.agentId, { locale })).ask(message);
const rankedUrls = (answer: WidgetAnswer) => answer.ranked.map((source) => source.url);
const rankedProducts = (answer: WidgetAnswer) => rankedUrls(answer).filter((url) => url.startsWith(`${STORE_URL}/products/`));

const it = appTest({
  shop: false,
  prepare: async (service) => {
    const english = await seedWorkspace(service.database, 'Northwind Outfitters');
    await syncStore(service.app, english.token);
    await syncProducts(service, english.token, [SUMMIT, FJORD, MUG]);
    const german = await seedWorkspace(service.database, 'Bergladen');
    const handshake = await handshakeRequest(service.app, german.token);
    if (handshake.statusCode !== 200) throw new Error(`handshake answered ${handshake.statusCode}: ${handshake.body}`);
    await syncProducts(service, german.token, [BERGZELT, KUPPELZELT, SCHLAFSACK]);
    return { english, german };
  },
});

describe('conditions on the products asked for are applied by retrieval', () => {
  it('"What\'s on sale?" ranks the products on sale and no product at full price', async ({ service, prepared: { english } }) => {
    const answer = await ask(service, english, 'en', "What's on sale?");
    const ranked = rankedProducts(answer);
    expect(ranked, answer.content).toEqual(expect.arrayContaining([urlOf(FJORD), urlOf(MUG)]));
    expect(ranked.filter((url) => url !== urlOf(FJORD) && url !== urlOf(MUG))).toEqual([]);
  });

  it('"Which tents are in stock?" ranks the tents in stock, not the one sold out nor other products', async ({ service, prepared: { english } }) => {
    const answer = await ask(service, english, 'en', 'Which tents are in stock?');
    const ranked = rankedProducts(answer);
    expect(ranked, answer.content).toContain(urlOf(FJORD));
    expect(ranked).not.toContain(urlOf(SUMMIT));
    expect(ranked.filter((url) => url !== urlOf(FJORD) && url !== `${STORE_URL}/products/basecamp-2-tent`)).toEqual([]);
  });

  it('"Zelte auf Lager?" on a German store ranks the tent in stock, not the sold-out one nor the sleeping bag', async ({ service, prepared: { german } }) => {
    const answer = await ask(service, german, 'de', 'Zelte auf Lager?');
    const ranked = rankedProducts(answer);
    expect(ranked, answer.content).toContain(urlOf(BERGZELT));
    expect(ranked).not.toContain(urlOf(KUPPELZELT));
    expect(ranked).not.toContain(urlOf(SCHLAFSACK));
  });

  it('"Is the Summit 1 Tent in stock?" is about that tent, sold out as it is', async ({ service, prepared: { english } }) => {
    const answer = await ask(service, english, 'en', 'Is the Summit 1 Tent in stock?');
    expect(answer.ranked[0]?.url, answer.content).toBe(urlOf(SUMMIT));
    expect(answer.content).toMatch(/out of stock/i);
  });
});
