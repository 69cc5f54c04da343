import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, signedSync } from '../helpers/integration.js';
import { REDIS_TEST_URL, redisMissing } from '../helpers/services.js';

const redisSkip = await redisMissing();

async function exhaust(t: TestApp, shop: SeededWorkspace) {
  const statuses: number[] = [];
  // 30 handshakes and 30 syncs: the limit is per token across the integration routes.
  for (let i = 0; i < 30; i += 1) statuses.push((await handshakeRequest(t.app, shop.token)).statusCode);
  for (let i = 0; i < 30; i += 1) statuses.push((await signedSync(t.app, shop.token, 'posts', { items: [post(1)] })).statusCode);
  return statuses;
}

describe.each([
  { store: 'memory', skip: undefined, redisUrl: undefined },
  { store: 'redis', skip: redisSkip, redisUrl: REDIS_TEST_URL },
])('per-token limit of the integration API ($store store)', ({ skip, redisUrl }) => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let other: SeededWorkspace;
  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({ config: { redisUrl } });
    shop = await seedWorkspace(t.database, 'Limited');
    other = await seedWorkspace(t.database, 'Unaffected');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(skip)('answers the 61st request in a minute with 429, Retry-After and the envelope', async () => {
    const statuses = await exhaust(t, shop);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await handshakeRequest(t.app, shop.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ message: expect.stringContaining('Too many requests'), code: 'rate_limited', errors: {} });
    // Another token is counted on its own.
    expect((await handshakeRequest(t.app, other.token)).statusCode).toBe(200);
  });

  it.skipIf(skip)('checks the token before the limit: 401 and 403 are not turned into 429', async () => {
    const response = await handshakeRequest(t.app, 'svc_unknown_token_value_that_does_not_exist');
    expect(response.statusCode).toBe(401);
  });
});
