import type { FastifyInstance } from 'fastify';
import { signatureHeader } from '../../src/lib/signature.js';

export function handshakeRequest(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/wp/handshake',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      site_url: 'https://shop.example',
      plugin_version: '1.0.0',
      shop_plugin: { active: true, version: '9.4.0' },
      platform_version: '6.6.2',
      ...body,
    }),
  });
}

/** A sync request signed as the plugin signs it: HMAC keyed by the plaintext token. */
export function signedSync(
  app: FastifyInstance,
  token: string,
  kind: 'posts' | 'products',
  body: unknown,
  options: { timestamp?: number; key?: string; signature?: string | null; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (options.signature !== null) {
    headers['x-service-signature'] = options.signature ?? signatureHeader(options.key ?? token, raw, options.timestamp);
  }
  return app.inject({ method: 'POST', url: `/api/v1/wp/${kind}/sync`, headers, payload: raw });
}

export function post(wpId: number, overrides: Record<string, unknown> = {}) {
  return {
    wp_id: wpId,
    post_type: 'post',
    permalink: `https://shop.example/?p=${wpId}`,
    title: `Post ${wpId}`,
    content_html: `<h2>Shipping times</h2><p>Orders leave our warehouse within two days. Post number ${wpId}.</p>`,
    excerpt: 'About shipping',
    content_hash: `hash-${wpId}`,
    modified_at: '2026-11-01T10:00:00Z',
    language: 'en-US',
    taxonomy_terms: [{ taxonomy: 'category', slug: 'news', name: 'News' }],
    ...overrides,
  };
}

export function product(wpId: number, overrides: Record<string, unknown> = {}) {
  return {
    wp_id: wpId,
    sku: `TRAIL-${wpId}-XL`,
    name: `Trail runner ${wpId}`,
    permalink: `https://shop.example/product/trail-runner-${wpId}`,
    image_url: `https://shop.example/img/${wpId}.jpg`,
    description_html: '<p>A waterproof running shoe with a <strong>grippy</strong> outsole for muddy mountain paths.</p>',
    short_description_html: '<p>Light and waterproof.</p>',
    pricing: { currency: 'EUR', price: '17.90', regular_price: '19.90', sale_price: '17.90' },
    stock_status: 'instock',
    stock_quantity: 12,
    on_sale: true,
    categories: [{ id: 12, slug: 'shoes', name: 'Shoes' }],
    attributes: [{ name: 'Size', options: ['40', '41'] }],
    content_hash: `phash-${wpId}`,
    language: 'en',
    ...overrides,
  };
}
