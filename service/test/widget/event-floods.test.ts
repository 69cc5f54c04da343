import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { SPEC_LIMITS } from '../../src/app-deps.js';
import { widgetEvents } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { createTestApp, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';

/**
 * Telemetry floods: one address sending tens of thousands of event rows in seconds, through as
 * many widget tokens as init gives it. Held per address (429 with Retry-After) and per agent and
 * UTC day (answered, but not stored beyond the cap).
 */

const batch = (at: string, size = 50) => ({ events: Array.from({ length: size }, (_, i) => ({ name: 'cta_click', at, props: { i } })) });

const it = appTest({ config: { eventsPerAgentPerDay: 120 } });

describe('event floods', () => {
  const storedFor = async (t: TestApp, agentId: string) => t.database.db.$count(widgetEvents, eq(widgetEvents.agentId, agentId));

  /** A published agent of its own, so that each test starts with an empty daily count. */
  async function freshAgent(t: TestApp, shop: SeededWorkspace, name: string): Promise<string> {
    const agent = await runCommand(t.database.db, 'agent:create', {
      workspace: shop.workspaceId,
      name,
      'site-type': 'ecommerce',
      origin: [SHOP_ORIGIN],
      published: true,
    });
    return String(agent.id);
  }

  it(`one address gets ${SPEC_LIMITS.eventRequestsPerIp} event requests a minute, whatever the tokens; then 429 with Retry-After`, async ({
    service: t,
    shop,
  }) => {
    // A separate app: this test's daily cap must not be what stops the flood.
    const app = await createTestApp({ database: t.database });
    try {
      const attacker = '203.0.113.50';
      const tokens = await Promise.all(
        Array.from({ length: 5 }, async () => (await init(app.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, attacker)).json().token as string),
      );
      const before = await storedFor(t, shop.agentId);
      const now = app.clock.now().toISOString();
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < SPEC_LIMITS.eventRequestsPerIp + 40; i += 1) {
        const response = await app.app.inject({
          method: 'POST',
          url: '/v1/widget/events',
          remoteAddress: attacker,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}`, origin: SHOP_ORIGIN },
          payload: JSON.stringify(batch(now)),
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) retryAfter = response.headers['retry-after'] as string;
      }
      expect(statuses.slice(0, SPEC_LIMITS.eventRequestsPerIp).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(SPEC_LIMITS.eventRequestsPerIp).every((s) => s === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // At most the limit's worth of rows from that address (the test app's daily cap is the default).
      expect((await storedFor(t, shop.agentId)) - before).toBe(SPEC_LIMITS.eventRequestsPerIp * 50);
      // Another address is not held by it.
      const other = (await init(app.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, '203.0.113.51')).json();
      const elsewhere = await app.app.inject({
        method: 'POST',
        url: '/v1/widget/events',
        remoteAddress: '203.0.113.51',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}`, origin: SHOP_ORIGIN },
        payload: JSON.stringify(batch(now, 1)),
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await app.app.close();
    }
  });

  it('an agent stores at most its daily cap of events, from any number of addresses; the rest is answered but dropped', async ({ service: t, shop }) => {
    const agentId = await freshAgent(t, shop, 'Capped');
    const accepted: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const address = `198.51.100.${60 + i}`;
      const session = (await init(t.app, { agent_id: agentId }, SHOP_ORIGIN, {}, address)).json();
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/widget/events',
        remoteAddress: address,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: SHOP_ORIGIN },
        payload: JSON.stringify(batch(t.clock.now().toISOString())),
      });
      expect(response.statusCode).toBe(200);
      accepted.push(response.json().accepted);
    }
    expect(accepted).toEqual([50, 50, 20, 0]);
    expect(await storedFor(t, agentId)).toBe(120);
    // Another agent has its own count.
    const otherAgent = await freshAgent(t, shop, 'Uncapped so far');
    const session = (await init(t.app, { agent_id: otherAgent }, SHOP_ORIGIN, {}, '198.51.100.70')).json();
    expect((await widgetPost(t.app, '/v1/widget/events', session.token, batch(t.clock.now().toISOString(), 3), {})).json()).toEqual({ accepted: 3 });
  });

  it('the count starts over on the next UTC day', async ({ service: t, shop }) => {
    const agentId = await freshAgent(t, shop, 'Next day');
    const session = (await init(t.app, { agent_id: agentId }, SHOP_ORIGIN, {}, '198.51.100.80')).json();
    const send = async (size: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/widget/events',
          remoteAddress: '198.51.100.80',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: SHOP_ORIGIN },
          payload: JSON.stringify(batch(t.clock.now().toISOString(), size)),
        })
      ).json().accepted as number;
    expect(await send(50)).toBe(50);
    expect(await send(50)).toBe(50);
    expect(await send(50)).toBe(20);
    const msToNextDay = 24 * 60 * 60 * 1000 - (t.clock.now().getTime() % (24 * 60 * 60 * 1000));
    t.clock.advance(msToNextDay + 1000);
    try {
      // A fresh token: the first one has expired by now.
      const next = (await init(t.app, { agent_id: agentId }, SHOP_ORIGIN, {}, '198.51.100.81')).json();
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/widget/events',
        remoteAddress: '198.51.100.81',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${next.token}`, origin: SHOP_ORIGIN },
        payload: JSON.stringify(batch(t.clock.now().toISOString(), 50)),
      });
      expect(response.json()).toEqual({ accepted: 50 });
      expect(await storedFor(t, agentId)).toBe(170);
    } finally {
      t.clock.advance(-(msToNextDay + 1000));
    }
  });
});
