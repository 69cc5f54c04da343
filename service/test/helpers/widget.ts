import type { FastifyInstance } from 'fastify';

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

/** Parses a text/event-stream body into its events. */
export function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
