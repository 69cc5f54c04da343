import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { init, SHOP_ORIGIN } from '../helpers/widget.js';

/** A visitor message from `address` (the socket's peer, as the app sees it). */
function message(app: FastifyInstance, token: string, address: string, path = '/v1/widget/messages') {
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: SHOP_ORIGIN },
    payload: JSON.stringify({ message: 'hello' }),
  });
}

async function session(app: FastifyInstance, agentId: string, address: string): Promise<string> {
  const response = await init(app, { agent_id: agentId, locale: 'en' }, SHOP_ORIGIN, {}, address);
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

describe('widget message rate limits', () => {
  it('default to 20 a minute per conversation and 60 per address, configurable by environment', () => {
    const base = { APP_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/sa-test-unused' };
    expect(loadConfig(base).widgetMessages).toEqual({ perConversation: 20, perAddress: 60 });
    expect(loadConfig({ ...base, WIDGET_MESSAGES_PER_CONVERSATION: '5', WIDGET_MESSAGES_PER_ADDRESS: '9' }).widgetMessages).toEqual({
      perConversation: 5,
      perAddress: 9,
    });
    expect(() => loadConfig({ ...base, WIDGET_MESSAGES_PER_ADDRESS: '0' })).toThrow(/WIDGET_MESSAGES_PER_ADDRESS/);
  });

  describe('with the default limits', () => {
    let t: TestApp;
    let shop: SeededWorkspace;
    beforeAll(async () => {
      t = await createTestApp();
      shop = await seedWorkspace(t.database);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers the 21st message of one conversation in a minute with 429 rate_limited and Retry-After; another conversation of the same address goes on', async () => {
      const address = '198.51.100.21';
      const token = await session(t.app, shop.agentId, address);
      for (let i = 0; i < 20; i += 1) expect((await message(t.app, token, address)).statusCode).toBe(200);
      const limited = await message(t.app, token, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The stream endpoint counts against the same limit.
      expect((await message(t.app, token, address, '/v1/widget/messages/stream')).statusCode).toBe(429);
      const other = await session(t.app, shop.agentId, address);
      expect((await message(t.app, other, address)).statusCode).toBe(200);
    });

    it('answers the 61st message of one address in a minute with 429, across many conversations; another address goes on', async () => {
      const address = '203.0.113.61';
      const tokens = await Promise.all(Array.from({ length: 4 }, () => session(t.app, shop.agentId, address)));
      const statuses: number[] = [];
      // 15 messages in each of 4 conversations: no conversation reaches its own limit of 20.
      for (const token of tokens) {
        for (let i = 0; i < 15; i += 1)
          statuses.push((await message(t.app, token, address, i % 2 ? '/v1/widget/messages/stream' : '/v1/widget/messages')).statusCode);
      }
      expect(statuses).toEqual(Array(60).fill(200));
      const fresh = await session(t.app, shop.agentId, address);
      const limited = await message(t.app, fresh, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await message(t.app, fresh, '203.0.113.62')).statusCode).toBe(200);
    });
  });

  describe('with limits set by the operator', () => {
    let t: TestApp;
    let shop: SeededWorkspace;
    beforeAll(async () => {
      t = await createTestApp({ config: { widgetMessages: { perConversation: 3, perAddress: 5 } } });
      shop = await seedWorkspace(t.database);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('applies them: 3 per conversation, 5 per address (an IPv6 address by its /64)', async () => {
      const first = await session(t.app, shop.agentId, '2001:db8:9:1::1');
      for (let i = 0; i < 3; i += 1) expect((await message(t.app, first, `2001:db8:9:1::${i + 10}`)).statusCode).toBe(200);
      expect((await message(t.app, first, '2001:db8:9:1::20')).statusCode).toBe(429);
      const second = await session(t.app, shop.agentId, '2001:db8:9:1::2');
      // The refused fourth message counted against the address too: one more is allowed.
      expect((await message(t.app, second, '2001:db8:9:1:ffff::1')).statusCode).toBe(200);
      const limited = await message(t.app, second, '2001:db8:9:1:eeee::1');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another /64 is another client.
      expect((await message(t.app, second, '2001:db8:9:2::1')).statusCode).toBe(200);
    });
  });
});
