import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, sites } from '../../src/db/schema.js';
import { signatureHeader } from '../../src/lib/signature.js';
import { PRODUCTS } from '../../src/modules/demo/catalog.js';
import { DEMO_AGENT_ID, DEMO_WORKSPACE_ID } from '../../src/modules/demo/identity.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { createTestApp } from '../helpers/app.js';
import { init, parseSse, widgetPost } from '../helpers/widget.js';
import { startDemoService, type DemoService } from '../browser/helpers/demo-service.js';

describe('the demo store', () => {
  let demo: DemoService;
  beforeAll(async () => {
    demo = await startDemoService(() => [{ text: 'unused' }]);
  });
  afterAll(async () => {
    await demo?.close();
  });
  const get = (url: string) => demo.t.app.inject({ url });

  describe('pages', () => {
    it('serves the store front under a strict CSP, embedding the demo agent with the one-line snippet', async () => {
      const response = await get('/demo');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(response.headers['content-security-policy']);
      const nonce = /style-src 'nonce-([\w-]+)'/.exec(csp)?.[1];
      expect(csp).toContain(`script-src ${demo.base};`);
      expect(csp).toContain(`connect-src ${demo.base};`);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(response.body).toContain(`<style nonce="${nonce}">`);
      expect(response.body).toContain(`<script src="${demo.base}/widget.js" data-agent-id="${DEMO_AGENT_ID}" async></script>`);
      // Besides the snippet, only the demo's identify script (the shopper token when the chat opens).
      expect(response.body.match(/<script[^>]*>/g)).toEqual(['<script src="/demo/identify.js" defer>', expect.stringContaining('/widget.js')]);
      for (const product of PRODUCTS) expect(response.body).toContain(product.name);
      expect(response.body).toContain('$99.00<s>$129.00</s>');
    });

    it('serves every page a source link or the cart link can lead to', async () => {
      for (const url of ['/demo/products/ridgeline-waterproof-jacket', '/demo/pages/shipping', '/demo/pages/choosing-a-rain-jacket', '/demo/cart/']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('/widget.js');
      }
      expect((await get('/demo/products/ridgeline-waterproof-jacket')).body).toContain('<h1>Ridgeline Waterproof Jacket</h1>');
      const image = await get('/demo/images/ridgeline-waterproof-jacket.svg');
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.body).toMatch(/^<svg /);
      for (const url of ['/demo/products/nope', '/demo/pages/nope', '/demo/images/nope.svg']) {
        expect((await get(url)).json(), url).toMatchObject({ code: 'not_found' });
      }
    });

    it('says how to get the demo where it was not seeded', async () => {
      const unseeded = await createTestApp({ demo: true });
      try {
        const response = await unseeded.app.inject({ url: '/demo' });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toContain('DEMO=1');
      } finally {
        await unseeded.close();
      }
    });

    it('is not served by an app built without the demo', async () => {
      const production = await createTestApp();
      try {
        expect(production.app.hasRoute({ method: 'GET', url: '/demo' })).toBe(false);
        expect((await production.app.inject({ url: '/demo' })).statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });
  });

  describe("the store's plugin routes", () => {
    const call = async (route: string, body: unknown, key?: string) => {
      const [site] = await demo.t.database.db
        .select({ secret: sites.shopperSigningSecret })
        .from(sites)
        .where(and(eq(sites.workspaceId, DEMO_WORKSPACE_ID), eq(sites.siteUrl, `${demo.base}/demo`)));
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (key !== '') headers['x-service-signature'] = signatureHeader(key ?? site!.secret, raw);
      return demo.t.app.inject({ method: 'POST', url: `/demo/wp-json/service/v1/${route}`, headers, payload: raw });
    };

    it('refuses a request not signed with the site secret', async () => {
      for (const key of ['', 'sss_not-the-secret']) {
        const response = await call('cart/coupon', { code: 'WELCOME10' }, key);
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('invalid_signature');
      }
    });

    it('stages the agent coupons, and only those', async () => {
      expect((await call('cart/coupon', { code: 'welcome10' })).json()).toEqual({ staged: true, code: 'WELCOME10', expires_in: 900 });
      const unknown = await call('cart/coupon', { code: 'FREE100' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('coupon_not_found');
      expect((await call('orders/lookup', { order_number: '1001', email: 'a@b.example' })).json()).toEqual({ orders: [] });
      expect((await call('nope', {})).statusCode).toBe(404);
    });

    it('completes the widget coupon and lead flows against the service itself', async () => {
      const origin = demo.base;
      // What the demo page's identify.js does when the chat opens.
      const shopper = await demo.t.app.inject({ method: 'POST', url: '/demo/shopper-token' });
      expect(shopper.headers['cache-control']).toContain('no-store');
      const session = (await init(demo.t.app, { agent_id: DEMO_AGENT_ID, shopper_token: shopper.json().token }, origin)).json();
      const turn = await widgetPost(demo.t.app, '/v1/widget/messages/stream', session.token, { message: 'Do you have a discount code?' }, { origin });
      const done = parseSse(turn.body).find((event) => event.event === 'done')?.data as { message: { blocks: unknown[] } };
      expect(done.message.blocks).toContainEqual({ kind: 'coupon_offer', data: expect.objectContaining({ code: 'WELCOME10' }) });

      const applied = await widgetPost(demo.t.app, '/api/v1/widget/coupon/apply', session.token, { code: 'WELCOME10' }, { origin });
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ status: 'staged', code: 'WELCOME10', cart_url: `${demo.base}/demo/cart/` });

      const lead = await widgetPost(demo.t.app, '/v1/widget/leads', session.token, { email: 'grace@example.com', consent: { marketing: false } }, { origin });
      expect(lead.statusCode).toBe(200);
      expect(await serviceOutboxWorker(demo.t.app.deps).runOnce()).toBeGreaterThanOrEqual(1);
      const [row] = await demo.t.database.db.select().from(leads).where(eq(leads.email, 'grace@example.com'));
      expect(row).toMatchObject({ siteSyncStatus: 'delivered', siteUserId: expect.any(Number) });
    });
  });
});
