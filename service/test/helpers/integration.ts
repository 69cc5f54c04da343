import type { FastifyInstance } from 'fastify';
import {
  createIntegrationClient,
  handshakeRequest as preparedHandshake,
  SIGNATURE_HEADER,
  syncRequest,
  type HandshakeRequest,
  type IntegrationClient,
  type PreparedRequest,
} from '@storefront-assistant/client/integration';
import { INJECT_BASE_URL, injectFetch } from './inject-fetch.js';

/**
 * Requests are built by the typed client, which signs on its own (it does not share the service's
 * signature code), so every signed request here also checks that the two implementations agree.
 */

function inject(app: FastifyInstance, request: PreparedRequest) {
  return app.inject({
    method: request.method,
    url: request.path,
    headers: { ...request.headers, 'content-type': 'application/json' },
    payload: request.body,
  });
}

export const HANDSHAKE_BODY = {
  site_url: 'https://shop.example',
  plugin_version: '1.0.0',
  shop_plugin: { active: true, version: '9.4.0' },
  platform_version: '6.6.2',
} satisfies HandshakeRequest;

/** `body` is merged over HANDSHAKE_BODY; it may be invalid on purpose. */
export function handshakeRequest(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  return inject(app, preparedHandshake(token, { ...HANDSHAKE_BODY, ...body } as HandshakeRequest));
}

/**
 * A sync request signed as the plugin signs it: HMAC keyed by the plaintext token. `raw` replaces
 * the serialized body (signed as given); `signature` replaces the header, `null` leaves it out.
 */
export function signedSync(
  app: FastifyInstance,
  token: string,
  kind: 'posts' | 'products',
  body: unknown,
  options: { timestamp?: number; key?: string; signature?: string | null; raw?: string } = {},
) {
  const request = syncRequest(token, kind, options.raw ?? JSON.stringify(body), {
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    ...(options.key !== undefined ? { key: options.key } : {}),
  });
  if (options.signature === null) delete request.headers[SIGNATURE_HEADER];
  else if (options.signature !== undefined) request.headers[SIGNATURE_HEADER] = options.signature;
  return inject(app, request);
}

/** The typed integration client, talking to the app in process; failures reject as ApiError. */
export function integrationClient(app: FastifyInstance, token: string, options: { now?: () => number } = {}): IntegrationClient {
  return createIntegrationClient({ baseUrl: INJECT_BASE_URL, token, fetch: injectFetch(app), ...options });
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
