import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest } from '../helpers/integration.js';
import { init } from '../helpers/widget.js';

/**
 * Random bodies and headers against every public route: whatever arrives, the answer is never a
 * 5xx, always the error envelope on a 4xx, and a 4xx writes nothing.
 */

const ROUTES = [
  '/v1/widget/init',
  '/v1/widget/messages',
  '/v1/widget/messages/stream',
  '/v1/widget/leads',
  '/v1/widget/events',
  '/api/v1/widget/coupon/apply',
  '/api/v1/wp/handshake',
  '/api/v1/wp/posts/sync',
  '/api/v1/wp/products/sync',
  '/api/v1/wp/documents/hashes',
  '/api/v1/wp/personal-data/export',
  '/api/v1/wp/personal-data/erase',
];

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        agent_id: fc.oneof(fc.uuid(), fc.string()),
        message: fc.string(),
        email: fc.string(),
        items: fc.array(jsonValue, { maxLength: 3 }),
        events: fc.array(jsonValue, { maxLength: 3 }),
        code: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant(''),
  fc.constant('{"items": ['),
);

async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, string>>(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM documents) AS documents, (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM widget_events) AS events,
               (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM coupon_applies) AS coupon_applies, (SELECT count(*) FROM outbox) AS outbox`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

const it = appTest({
  limits: {
    widgetInitPerIp: 1e6,
    integrationPerToken: 1e6,
    leadsPerToken: 1e6,
    eventsPerToken: 1e6,
    couponApplyPerIp: 1e6,
    messagesPerConversation: 1e6,
    messagesPerAddress: 1e6,
  },
  prepare: async (service, shop) => {
    await handshakeRequest(service.app, shop.token);
    return { widgetToken: (await init(service.app, { agent_id: shop.agentId })).json().token as string };
  },
});

describe('every public route, random input', () => {
  it('never answers 5xx, always the envelope, and writes nothing on a 4xx', async ({ service, shop, prepared: { widgetToken } }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        fc.constantFrom('widget', 'api', 'garbage', 'none'),
        fc.option(fc.constantFrom('https://shop.example', 'null', 'https://evil.example', '%%%'), { nil: undefined }),
        fc.option(fc.string({ maxLength: 120 }), { nil: undefined }),
        async (url, payload, contentType, auth, origin, signature) => {
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (auth === 'widget') headers.authorization = `Bearer ${widgetToken}`;
          if (auth === 'api') headers.authorization = `Bearer ${shop.token}`;
          if (auth === 'garbage') headers.authorization = 'Bearer ☃';
          if (origin) headers.origin = origin;
          if (signature !== undefined) headers['x-service-signature'] = signature;
          const before = await tableCounts(service);
          const response = await service.app.inject({ method: 'POST', url, headers, payload });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const envelope = response.json();
            expect(typeof envelope.message).toBe('string');
            expect(typeof envelope.code).toBe('string');
            expect(typeof envelope.errors).toBe('object');
            expect(await tableCounts(service)).toEqual(before);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
