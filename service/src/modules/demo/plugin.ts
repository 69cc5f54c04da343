import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../../lib/crypto.js';
import { SIGNATURE_HEADER, signatureHeader } from '../../lib/signature.js';
import { MAX_SYNC_ITEMS } from '../integration/schemas.js';
import { PAGES, PRODUCTS, STORE, type DemoPage, type DemoProduct } from './catalog.js';

/**
 * The demo store's side of the integration API: what the WordPress plugin would send for this
 * catalog, sent the way the plugin sends it (bearer token, HMAC over the raw body), so the demo's
 * content enters the index through the same validation and indexing as a real shop's.
 */

export type SyncKind = 'posts' | 'products';
export type SyncItem = { wp_id: number; content_hash?: string } & Record<string, unknown>;

export const productUrl = (siteUrl: string, product: DemoProduct) => `${siteUrl}/products/${product.slug}`;
export const pageUrl = (siteUrl: string, page: DemoPage) => `${siteUrl}/pages/${page.slug}`;
export const imageUrl = (siteUrl: string, product: DemoProduct) => `${siteUrl}/images/${product.slug}.svg`;

/** The plugin hashes what it sends, so an unchanged item is skipped; the URLs are part of it. */
function withHash<T extends { wp_id: number }>(item: T): T & { content_hash: string } {
  return { ...item, content_hash: sha256Hex(JSON.stringify(item)) };
}

export function productItems(siteUrl: string): SyncItem[] {
  return PRODUCTS.map((product) =>
    withHash({
      wp_id: product.wpId,
      sku: product.sku,
      name: product.name,
      permalink: productUrl(siteUrl, product),
      image_url: imageUrl(siteUrl, product),
      description_html: product.descriptionHtml,
      short_description_html: `<p>${product.short}</p>`,
      pricing: {
        currency: STORE.currency,
        price: product.price,
        regular_price: product.regularPrice ?? product.price,
        sale_price: product.regularPrice ? product.price : null,
      },
      stock_status: product.stock.status,
      stock_quantity: product.stock.quantity,
      on_sale: product.regularPrice !== undefined,
      categories: [{ id: categoryId(product.category), slug: product.category.toLowerCase(), name: product.category }],
      attributes: product.attributes,
      language: 'en',
    }),
  );
}

export function postItems(siteUrl: string): SyncItem[] {
  return PAGES.map((page) =>
    withHash({
      wp_id: page.wpId,
      post_type: page.postType,
      permalink: pageUrl(siteUrl, page),
      title: page.title,
      content_html: page.contentHtml,
      excerpt: page.excerpt,
      language: 'en',
      taxonomy_terms: [],
    }),
  );
}

function categoryId(name: string): number {
  return [...new Set(PRODUCTS.map((p) => p.category))].indexOf(name) + 1;
}

/** Plugin calls over app.inject: no network, but every hook, limit and check of the real routes. */
export class InjectedPlugin {
  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string,
  ) {}

  handshake(siteUrl: string, pluginVersion: string): Promise<{ shopper_signing_secret: string }> {
    return this.post('/api/v1/wp/handshake', {
      site_url: siteUrl,
      plugin_version: pluginVersion,
      shop_plugin: { active: true, version: null },
      platform_version: null,
    });
  }

  /** Sends items in batches of the API's maximum size. */
  async sync(kind: SyncKind, items: readonly Record<string, unknown>[]): Promise<void> {
    for (let start = 0; start < items.length; start += MAX_SYNC_ITEMS) {
      await this.post(`/api/v1/wp/${kind}/sync`, { items: items.slice(start, start + MAX_SYNC_ITEMS) }, true);
    }
  }

  private async post<T>(url: string, body: unknown, signed = false): Promise<T> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' };
    if (signed) headers[SIGNATURE_HEADER] = signatureHeader(this.token, raw);
    const response = await this.app.inject({ method: 'POST', url, headers, payload: raw });
    if (response.statusCode !== 200) {
      throw new Error(`demo store: ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<T>();
  }
}
