import type { FastifyInstance } from 'fastify';
import { createWidgetClient, SseParser, type SseEvent, type WidgetClient } from '@storefront-assistant/client';
import { streamEventSchema } from '../../src/contract/stream-events.js';
import { INJECT_BASE_URL, injectFetch } from './inject-fetch.js';

export const SHOP_ORIGIN = 'https://shop.example';

export function init(
  app: FastifyInstance,
  body: Record<string, unknown>,
  origin: string | null = SHOP_ORIGIN,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/v1/widget/init',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/json', ...(origin !== null ? { origin } : {}), ...headers },
    payload: JSON.stringify(body),
  });
}

export function widgetPost(app: FastifyInstance, url: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: SHOP_ORIGIN, ...headers },
    payload: JSON.stringify(body),
  });
}

/**
 * The typed widget client, talking to the app in process as a page on `origin` would (a browser
 * sends Origin itself; here it is set). Failures reject as ApiError.
 */
export function widgetClient(app: FastifyInstance, options: { origin?: string; token?: string; remoteAddress?: string } = {}): WidgetClient {
  return createWidgetClient({
    baseUrl: INJECT_BASE_URL,
    fetch: injectFetch(app, options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { origin: options.origin ?? SHOP_ORIGIN },
    ...(options.token ? { token: options.token } : {}),
  });
}

/**
 * Parses a text/event-stream body into its events, every kind included (the Playground's too),
 * with the parser the widget reads streams with. Each event must match the contract's stream
 * events (contract/stream-events.ts): a test reading a stream fails on one that does not.
 */
export function parseSse(body: string): { event: string; data: unknown }[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  parser.push(body);
  parser.end();
  return events.map(({ event, data }) => {
    const parsed = { event, data: JSON.parse(data) as unknown };
    const checked = streamEventSchema.safeParse(parsed);
    if (!checked.success) throw new Error(`the "${event}" event does not match the contract: ${checked.error.message}`);
    return parsed;
  });
}
