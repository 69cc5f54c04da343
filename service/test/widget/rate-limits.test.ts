import { describe, expect } from 'vitest';
import { init, widgetPost } from '../helpers/widget.js';
import { appTest } from '../helpers/fixtures.js';

// The per-address event limit (SECURITY.md) is tested in event-floods.test.ts; here the
// spec's per-token limit is measured from one address.
const it = appTest({ limits: { eventRequestsPerIp: 10_000 } });

describe('widget rate limits', () => {
  it('the 61st init in a minute from one IP gets 429 with Retry-After; another IP is not affected', async ({ service, shop }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {})).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await init(service.app, { agent_id: shop.agentId });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '198.51.100.4');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: 61 inits from 61 addresses of one /64 get a 429', async ({ service, shop }) => {
    // An IPv6 host picks any of the 2^64 addresses of its prefix for each connection.
    const statuses: number[] = [];
    for (let i = 1; i <= 61; i += 1) {
      const address = `2001:db8:77:1:${i.toString(16)}:${((i * 7919) % 0x10000).toString(16)}:0:${i.toString(16)}`;
      statuses.push((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, address)).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The next /64 is another client.
    expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 client as its IPv4 address', async ({ service, shop }) => {
    for (let i = 0; i < 30; i += 1) {
      expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '198.51.100.30')).statusCode).toBe(200);
      expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '::ffff:198.51.100.30')).statusCode).toBe(200);
    }
    expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '::ffff:c633:641e')).statusCode).toBe(429);
  });

  it('keeps an address at its limit while thousands of other visitors arrive', async ({ service, shop }) => {
    // In-memory counters are kept for a bounded number of keys; one evicted early would let its
    // address start the minute over, so a flood of other addresses could reset an attacker's count.
    const attacker = '203.0.113.77';
    for (let i = 0; i < 60; i += 1) {
      expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, attacker)).statusCode).toBe(200);
    }
    for (let visitor = 0; visitor < 6000; visitor += 1) {
      const address = `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`;
      expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, address)).statusCode).toBe(200);
    }
    expect((await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, attacker)).statusCode).toBe(429);
  });

  it('the 601st event request in a minute from one token gets 429', async ({ service, shop }) => {
    // A visitor address of its own, so the init limit of the first test does not apply.
    const session = (await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '198.51.100.5')).json();
    const body = { events: [{ name: 'cta_click', at: new Date().toISOString(), props: { label: 'Ask' } }] };
    const statuses = await Promise.all(
      Array.from({ length: 600 }, () => widgetPost(service.app, '/v1/widget/events', session.token, body).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    const over = await widgetPost(service.app, '/v1/widget/events', session.token, body);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('validates events: names of the contract, 1 to 50 per request', async ({ service, shop }) => {
    // A visitor address of its own, so the init limit of the first test does not apply.
    const session = (await init(service.app, { agent_id: shop.agentId }, 'https://shop.example', {}, '198.51.100.6')).json();
    const bad = await widgetPost(service.app, '/v1/widget/events', session.token, { events: [{ name: 'purchase', at: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0.at', 'events.0.name']);
    const many = Array.from({ length: 51 }, () => ({ name: 'dismiss', at: new Date().toISOString() }));
    expect((await widgetPost(service.app, '/v1/widget/events', session.token, { events: many })).statusCode).toBe(400);
    const ok = await widgetPost(service.app, '/v1/widget/events', session.token, { events: many.slice(0, 50) });
    expect(ok.json()).toEqual({ accepted: 50 });
  });
});
