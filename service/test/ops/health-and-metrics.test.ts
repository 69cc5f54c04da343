import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, outbox } from '../../src/db/schema.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, signedSync } from '../helpers/integration.js';
import { postgresMissing, REDIS_TEST_URL, redisMissing } from '../helpers/services.js';
import { init, parseSse, widgetPost } from '../helpers/widget.js';

/** The value of one sample in Prometheus text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/healthz answers while the process runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database (Redis is not configured here)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('/readyz is 503 naming the database when it is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'service_unavailable', message: 'Not ready: database unavailable', errors: { database: ['unavailable'] } });
    } finally {
      await broken.app.close();
    }
  });

  it('/readyz is 503 naming Redis when the configured Redis does not answer', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused.
    const noRedis = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const response = await noRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'service_unavailable', errors: { redis: ['unavailable'] } });
      expect(response.json().errors).not.toHaveProperty('database');
    } finally {
      await noRedis.close();
    }
  });
});

describe('/readyz with a real Redis', async () => {
  const skip = await redisMissing();
  it.skipIf(skip)('pings Redis and reports both dependencies ready', async () => {
    const withRedis = await createTestApp({ config: { redisUrl: REDIS_TEST_URL } });
    try {
      const response = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await withRedis.close();
    }
  });
});

describe('on PostgreSQL', async () => {
  const skip = await postgresMissing();
  it.skipIf(skip)('is ready and reads the outbox gauges from the shared table', async () => {
    const t = await createTestApp({ db: 'postgres' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
      const shop = await seedWorkspace(t.database);
      await t.database.db
        .insert(outbox)
        .values({ workspaceId: shop.workspaceId, siteId: null, kind: 'lead.upsert', payload: {}, createdAt: new Date(Date.now() - 30_000) });
      const text = await scrape(t);
      expect(sample(text, 'outbox_backlog')).toBe(1);
      expect(sample(text, 'outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(29);
    } finally {
      await t.close();
    }
  });
});

describe('/metrics', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz?probe=1' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/123' });
    const text = await scrape(t);
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(text).not.toContain('/no/such/page');
    expect(text).not.toContain('probe=1');
  });

  it('counts refused requests with their status and times them', async () => {
    const refused = await init(t.app, { agent_id: shop.agentId }, 'https://shop.example.evil.com');
    expect(refused.statusCode).toBe(403);
    const text = await scrape(t);
    expect(sample(text, 'http_requests_total{method="POST",route="/v1/widget/init",status="403"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/v1/widget/init",status="403"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum{method="POST",route="/v1/widget/init",status="403"}')).toBeGreaterThan(0);
  });

  it('times streamed turns to their first token and leaves no stream counted open', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const response = await widgetPost(t.app, '/v1/widget/messages/stream', session.token, { message: 'When will my order ship?' });
    expect(parseSse(response.body).at(-1)?.event).toBe('done');
    const text = await scrape(t);
    expect(sample(text, 'assistant_time_to_first_token_seconds_count')).toBe(1);
    expect(sample(text, 'sse_open_streams')).toBe(0);
    expect(sample(text, 'http_requests_total{method="POST",route="/v1/widget/messages/stream",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="POST",route="/v1/widget/init",status="200"}')).toBe(1);
  });

  it('counts synced items by kind and outcome', async () => {
    expect((await handshakeRequest(t.app, shop.token)).statusCode).toBe(200);
    expect((await signedSync(t.app, shop.token, 'posts', { items: [post(1), post(2)] })).statusCode).toBe(200);
    expect((await signedSync(t.app, shop.token, 'posts', { items: [post(1), post(3), { wp_id: 2, deleted: true }] })).statusCode).toBe(200);
    const text = await scrape(t);
    expect(sample(text, 'sync_items_total{kind="post",status="created"}')).toBe(3);
    expect(sample(text, 'sync_items_total{kind="post",status="unchanged"}')).toBe(1);
    expect(sample(text, 'sync_items_total{kind="post",status="deleted"}')).toBe(1);
  });

  it('reads the outbox backlog and the age of its oldest row on each scrape', async () => {
    expect(sample(await scrape(t), 'outbox_backlog')).toBe(0);
    expect(sample(await scrape(t), 'outbox_oldest_age_seconds')).toBe(0);
    const created = new Date(Date.now() - 90_000);
    await t.database.db.insert(outbox).values([
      { workspaceId: shop.workspaceId, siteId: null, kind: 'lead.upsert', payload: {}, createdAt: created },
      { workspaceId: shop.workspaceId, siteId: null, kind: 'lead.upsert', payload: {} },
      { workspaceId: shop.workspaceId, siteId: null, kind: 'lead.upsert', payload: {}, deliveredAt: new Date() },
    ]);
    const text = await scrape(t);
    expect(sample(text, 'outbox_backlog')).toBe(2);
    expect(sample(text, 'outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(89);
  });

  it('counts turns whose model provider fails after the turn started', async () => {
    // An OpenAI agent whose provider address refuses connections.
    const failing = await createTestApp({ database: t.database, providerEnv: { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' } });
    try {
      await t.database.db.update(agents).set({ provider: 'openai', model: 'test-model' }).where(eq(agents.id, shop.agentId));
      const session = (await init(failing.app, { agent_id: shop.agentId })).json();
      const response = await widgetPost(failing.app, '/v1/widget/messages/stream', session.token, { message: 'Hello?' });
      expect(parseSse(response.body).at(-1)).toMatchObject({ event: 'error', data: { code: 'service_unavailable' } });
      expect(sample(await scrape(failing), 'assistant_provider_errors_total{code="service_unavailable"}')).toBe(1);
      // Each app keeps its own registry: the first app counted none of this.
      expect(sample(await scrape(t), 'assistant_provider_errors_total{code="service_unavailable"}')).toBeUndefined();
    } finally {
      await failing.app.close();
    }
  });
});
