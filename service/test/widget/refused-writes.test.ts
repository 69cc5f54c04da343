import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { conversations, widgetEvents } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest } from '../helpers/integration.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';

/**
 * A refused request stores nothing: no conversation row for a page that was turned away, so a
 * flood of refused requests cannot fill the database. Each refusal is tried with a valid shopper
 * token, the one case in which an accepted init does store a conversation.
 */

function shopperToken(secret: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: '42', sid: 'wc-session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

const it = appTest({
  limits: { widgetInitPerIp: 3 },
  prepare: async (service, shop) => {
    const secret = (await handshakeRequest(service.app, shop.token)).json().shopper_signing_secret;
    return { secret };
  },
});

describe('refused widget requests store no conversation', () => {
  const stored = (service: TestApp) => service.database.db.$count(conversations);
  // Each case from an address of its own, so that the init limit (3 here) refuses only where meant to.
  let lastAddress = 10;
  const nextAddress = () => `198.51.100.${(lastAddress += 1)}`;

  it('an accepted init with a shopper token stores its conversation (the write the refusals must not make)', async ({
    service,
    shop,
    prepared: { secret },
  }) => {
    const before = await stored(service);
    const response = await init(service.app, { agent_id: shop.agentId, shopper_token: await shopperToken(secret) }, SHOP_ORIGIN, {}, nextAddress());
    expect(response.statusCode).toBe(200);
    expect(await stored(service)).toBe(before + 1);
  });

  it.for([
    ['an origin the agent does not list', { origin: 'https://evil.example' }, 403, 'origin_not_allowed'],
    ['no Origin at all', { origin: null }, 403, 'origin_not_allowed'],
    ['an unknown agent', { agent: 'unknown' }, 404, 'not_found'],
    ['an unpublished agent', { agent: 'draft' }, 404, 'not_found'],
    ['an invalid body', { locale: 42 }, 400, 'validation_failed'],
  ] as const)('init refused for %s stores nothing', async ([_name, variant, status, code], { service, shop, prepared: { secret } }) => {
    const draft = await runCommand(service.database.db, 'agent:create', {
      workspace: shop.workspaceId,
      name: 'Draft',
      'site-type': 'generic',
      origin: [SHOP_ORIGIN],
    });
    const agentId = 'agent' in variant ? (variant.agent === 'draft' ? String(draft.id) : '00000000-0000-4000-8000-000000000000') : shop.agentId;
    const before = await stored(service);
    const response = await init(
      service.app,
      { agent_id: agentId, shopper_token: await shopperToken(secret), ...('locale' in variant ? { locale: variant.locale } : {}) },
      'origin' in variant ? variant.origin : SHOP_ORIGIN,
      {},
      nextAddress(),
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(await stored(service)).toBe(before);
  });

  it('init refused by the per-address limit stores nothing', async ({ service, shop, prepared: { secret } }) => {
    const address = nextAddress();
    for (let i = 0; i < 3; i += 1) expect((await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, address)).statusCode).toBe(200);
    const before = await stored(service);
    const limited = await init(service.app, { agent_id: shop.agentId, shopper_token: await shopperToken(secret) }, SHOP_ORIGIN, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(await stored(service)).toBe(before);
  });

  it("a token's first use from an origin its agent does not list is refused and stores nothing", async ({ service, shop }) => {
    const session = (await init(service.app, { agent_id: shop.agentId }, SHOP_ORIGIN, {}, nextAddress())).json();
    const before = await stored(service);
    const events = { events: [{ name: 'launcher_open', at: service.clock.now().toISOString() }] };
    for (const url of ['/v1/widget/events', '/v1/widget/leads', '/v1/widget/messages', '/api/v1/widget/coupon/apply']) {
      const body = url.endsWith('events')
        ? events
        : url.endsWith('leads')
          ? { email: 'eve@example.com' }
          : url.endsWith('apply')
            ? { code: 'X' }
            : { message: 'hello' };
      const response = await widgetPost(service.app, url, session.token, body, { origin: 'https://evil.example' });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('origin_not_allowed');
    }
    expect(await stored(service)).toBe(before);
    expect(await service.database.db.$count(widgetEvents)).toBe(0);
    // From its own origin the same token works, and stores its conversation then.
    expect((await widgetPost(service.app, '/v1/widget/events', session.token, events)).statusCode).toBe(200);
    expect(await stored(service)).toBe(before + 1);
  });
});
