import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/lib/signature.js';
import { servicesRequired } from '../helpers/services.js';
import {
  browserSession,
  captureMail,
  loggedIn,
  missingWordPressPrerequisites,
  sentMail,
  startWordPress,
  storeConnection,
  type AdminRequest,
  type WordPressSite,
} from './harness.js';
import { createCoupon, createOrder, createProduct } from './woocommerce.js';

/**
 * The plugin's signed routes (/wp-json/service/v1/...) and its shopper-token route, on a real
 * WordPress: one site without WooCommerce, one with the real WooCommerce.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress plugin suite: ${reason}`);

const SECRET = 'sss_route_test_secret';
const SERVICE_URL = 'https://assistant.example';

interface Sent {
  status: number;
  body: Record<string, unknown>;
}

type SignatureKind = 'valid' | 'expired' | 'future' | 'tampered' | 'wrong key' | 'missing';

/** POSTs a JSON body to a service/v1 route, signed as the service signs (or deliberately not). */
async function call(site: WordPressSite, route: string, payload: unknown, signature: SignatureKind = 'valid', raw?: string): Promise<Sent> {
  const body = raw ?? JSON.stringify(payload);
  const now = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed: Record<Exclude<SignatureKind, 'missing'>, () => string> = {
    valid: () => signatureHeader(SECRET, body, now),
    expired: () => signatureHeader(SECRET, body, now - 400),
    future: () => signatureHeader(SECRET, body, now + 400),
    // Signed over one body, sent with another.
    tampered: () => signatureHeader(SECRET, body.replace(/.$/, ' }'), now),
    'wrong key': () => signatureHeader('sss_some_other_secret', body, now),
  };
  if (signature !== 'missing') headers['x-service-signature'] = signed[signature]();
  const response = await fetch(`${site.url}/wp-json/service/v1/${route}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function pluginError(sent: Sent): { code: unknown; message: unknown } {
  expect(Object.keys(sent.body)).toEqual(['error']);
  const error = sent.body.error as { code: unknown; message: unknown };
  expect(typeof error.message).toBe('string');
  return error;
}

const userByEmail = (site: WordPressSite, email: string) =>
  site.wpEval<null | { id: number; roles: string[]; first_name: string; last_name: string; conversation: string; lead: string; phone: string }>(`
    $user = get_user_by('email', ${JSON.stringify(email)});
    if (!$user) return null;
    return ['id' => $user->ID, 'roles' => array_values($user->roles), 'first_name' => $user->first_name, 'last_name' => $user->last_name,
      'conversation' => get_user_meta($user->ID, '_storefront_assistant_conversation_id', true),
      'lead' => get_user_meta($user->ID, '_storefront_assistant_lead_id', true),
      'phone' => get_user_meta($user->ID, 'billing_phone', true)];`);

// Generous: each step runs real PHP requests, and CI machines are often busy.
const TIMEOUT = 120_000;

describe.skipIf(reason && !servicesRequired)('WordPress plugin routes on a real WordPress', { timeout: TIMEOUT }, () => {
  let plain: WordPressSite;
  let shop: WordPressSite;

  beforeAll(async () => {
    if (reason) throw new Error(`REQUIRE_SERVICES is set but the WordPress suite cannot run: ${reason}`);
    [plain, shop] = await Promise.all([startWordPress({ woocommerce: false }), startWordPress({ woocommerce: true })]);
    // Leads create users at once here (the double opt-in, on by default, is tested in plugin-lead-confirmation.test.ts).
    await Promise.all([plain, shop].map((site) => storeConnection(site, { signingSecret: SECRET, serviceUrl: SERVICE_URL, leadDoubleOptIn: false })));
  }, TIMEOUT);

  afterAll(async () => {
    await Promise.all([plain?.stop(), shop?.stop()]);
  });

  describe('signature checks', () => {
    const routes = [
      { route: 'orders/lookup', body: () => ({ order_number: '999999', email: 'nobody@example.com' }) },
      { route: 'leads', body: () => ({ email: `sig-${Math.random().toString(36).slice(2)}@example.com`, conversation_id: 'c_sig', lead_id: 'l_sig' }) },
      { route: 'cart/coupon', body: () => ({ code: 'SIGCHECK', session_key: 't_sig' }) },
    ];
    const rejected: Array<[SignatureKind, number, string]> = [
      ['expired', 401, 'signature_expired'],
      ['future', 401, 'signature_expired'],
      ['tampered', 401, 'invalid_signature'],
      ['wrong key', 401, 'invalid_signature'],
      ['missing', 401, 'invalid_signature'],
    ];

    beforeAll(async () => {
      await createCoupon(shop, 'sigcheck');
    });

    for (const { route, body } of routes) {
      it(`${route}: only a valid signature passes`, async () => {
        const valid = await call(shop, route, body());
        expect(valid.status).toBe(200);
        expect(valid.body).not.toHaveProperty('error');

        for (const [kind, status, code] of rejected) {
          const payload = body();
          const sent = await call(shop, route, payload, kind);
          expect(sent.status, `${route} with a ${kind} signature`).toBe(status);
          expect(pluginError(sent).code, `${route} with a ${kind} signature`).toBe(code);
          if (route === 'leads') expect(await userByEmail(shop, (payload as { email: string }).email)).toBeNull();
        }
      });
    }

    it('a signature over the body of another request does not pass', async () => {
      const body = JSON.stringify({ email: 'replay@example.com', conversation_id: 'c', lead_id: 'l' });
      const header = signatureHeader(SECRET, body);
      const other = JSON.stringify({ email: 'other@example.com', conversation_id: 'c', lead_id: 'l' });
      const response = await fetch(`${shop.url}/wp-json/service/v1/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-signature': header },
        body: other,
      });
      expect(response.status).toBe(401);
      expect(await userByEmail(shop, 'other@example.com')).toBeNull();
    });

    it('a malformed header is an invalid signature', async () => {
      const body = '{"code":"SIGCHECK","session_key":"t_x"}';
      const v1 = createHmac('sha256', SECRET)
        .update(`${Math.floor(Date.now() / 1000)}.${body}`)
        .digest('hex');
      for (const header of [`v1=${v1}`, `t=abc,v1=${v1}`, `t=${Math.floor(Date.now() / 1000)}`, 'garbage']) {
        const response = await fetch(`${shop.url}/wp-json/service/v1/cart/coupon`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-signature': header },
          body,
        });
        expect(response.status, header).toBe(401);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
      }
    });
  });

  describe('errors use the plugin envelope', () => {
    it('an invalid body is validation_failed', async () => {
      const missingEmail = await call(plain, 'leads', { conversation_id: 'c', lead_id: 'l' });
      expect(missingEmail.status).toBe(400);
      expect(pluginError(missingEmail).code).toBe('validation_failed');

      const notJson = await call(plain, 'leads', null, 'valid', '{"email": ');
      expect(notJson.status).toBe(400);
      expect(pluginError(notJson).code).toBe('validation_failed');

      const badEmail = await call(plain, 'leads', { email: 'not-an-email', conversation_id: 'c', lead_id: 'l' });
      expect(pluginError(badEmail).code).toBe('validation_failed');
    });

    it('an unknown route under service/v1 is not_found', async () => {
      const sent = await call(plain, 'nothing/here', {});
      expect(sent.status).toBe(404);
      expect(pluginError(sent).code).toBe('not_found');
    });
  });

  describe('leads', () => {
    it('a new e-mail becomes a subscriber without WooCommerce, with both meta keys', async () => {
      const sent = await call(plain, 'leads', {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        phone: '+44 20 0000',
        conversation_id: 'conv_1',
        lead_id: 'lead_1',
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ created: true, role: 'subscriber' });
      const user = await userByEmail(plain, 'ada@example.com');
      expect(user).toMatchObject({
        id: sent.body.user_id,
        roles: ['subscriber'],
        first_name: 'Ada',
        last_name: 'Lovelace',
        conversation: 'conv_1',
        lead: 'lead_1',
        phone: '+44 20 0000',
      });
    });

    it('a repeated lead updates the same user in place', async () => {
      const first = await call(plain, 'leads', { email: 'repeat@example.com', conversation_id: 'conv_a', lead_id: 'lead_a' });
      const second = await call(plain, 'leads', { email: 'REPEAT@example.com', conversation_id: 'conv_b', lead_id: 'lead_a' });
      expect(second.body).toMatchObject({ user_id: first.body.user_id, created: false });
      expect(await userByEmail(plain, 'repeat@example.com')).toMatchObject({ conversation: 'conv_b', lead: 'lead_a' });
    });

    it('an existing account keeps its role and details; only blanks are filled', async () => {
      const id = await plain.wpEval<number>(
        `return wp_insert_user(['user_login' => 'grace', 'user_email' => 'grace@example.com', 'user_pass' => wp_generate_password(), 'role' => 'editor', 'first_name' => 'Grace']);`,
      );
      const sent = await call(plain, 'leads', { email: 'grace@example.com', name: 'Eve Intruder', phone: '555', conversation_id: 'conv_g', lead_id: 'lead_g' });
      expect(sent.status).toBe(200);
      // The contract's role values only: an editor's actual role is not disclosed.
      expect(sent.body).toEqual({ user_id: id, created: false, role: 'subscriber', pending_confirmation: false });
      expect(await userByEmail(plain, 'grace@example.com')).toMatchObject({
        roles: ['editor'],
        first_name: 'Grace',
        last_name: 'Intruder',
        phone: '555',
        conversation: 'conv_g',
        lead: 'lead_g',
      });
    });

    it('with WooCommerce a new e-mail becomes a customer, and no account e-mail is sent', async () => {
      await captureMail(shop);
      const sent = await call(shop, 'leads', { email: 'bob@example.com', name: 'Bob', conversation_id: 'conv_2', lead_id: 'lead_2' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ created: true, role: 'customer' });
      expect(await userByEmail(shop, 'bob@example.com')).toMatchObject({ roles: ['customer'], conversation: 'conv_2', lead: 'lead_2' });
      // WooCommerce's "your account" e-mail would otherwise go out now.
      expect(await sentMail(shop)).toEqual([]);
    });
  });

  describe('without WooCommerce', () => {
    it('orders/lookup and cart/coupon answer shop_inactive', async () => {
      for (const [route, body] of [
        ['orders/lookup', { user_id: 1 }],
        ['cart/coupon', { code: 'SPRING10', session_key: 't_1' }],
      ] as const) {
        const sent = await call(plain, route, body);
        expect(sent.status, route).toBe(400);
        expect(pluginError(sent).code, route).toBe('shop_inactive');
      }
    });
  });

  describe('orders/lookup with WooCommerce', () => {
    let customerId: number;
    let orderIds: { older: number; newer: number; guest: number };

    beforeAll(async () => {
      customerId = await shop.wpEval<number>(
        `return wp_insert_user(['user_login' => 'carla', 'user_email' => 'carla@example.com', 'user_pass' => wp_generate_password(), 'role' => 'customer']);`,
      );
      orderIds = {
        older: await createOrder(shop, {
          customerId,
          billingEmail: 'carla@example.com',
          status: 'completed',
          items: [{ name: 'Trail runner', quantity: 1, total: '19.9' }],
          dateGmt: '2026-01-10 10:00:00',
        }),
        newer: await createOrder(shop, {
          customerId,
          billingEmail: 'carla@example.com',
          status: 'processing',
          items: [
            { name: 'Socks', quantity: 2, total: '10' },
            { name: 'Cap', quantity: 1, total: '25' },
          ],
          trackingLink: 'https://tracking.example/T123',
          dateGmt: '2026-02-10 10:00:00',
        }),
        guest: await createOrder(shop, {
          billingEmail: 'guest@example.com',
          items: [{ name: 'Sticker', quantity: 1, total: '5' }],
          dateGmt: '2026-03-01 09:00:00',
        }),
      };
    });

    it('by user ID: recent orders, newest first, with the contract fields', async () => {
      const sent = await call(shop, 'orders/lookup', { user_id: customerId });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({
        orders: [
          {
            id: orderIds.newer,
            number: String(orderIds.newer),
            status: 'processing',
            total: '35.00',
            currency: 'EUR',
            items: [
              { name: 'Socks', quantity: 2, total: '10.00' },
              { name: 'Cap', quantity: 1, total: '25.00' },
            ],
            tracking_url: 'https://tracking.example/T123',
            created_at: '2026-02-10T10:00:00Z',
          },
          {
            id: orderIds.older,
            number: String(orderIds.older),
            status: 'completed',
            total: '19.90',
            currency: 'EUR',
            items: [{ name: 'Trail runner', quantity: 1, total: '19.90' }],
            tracking_url: null,
            created_at: '2026-01-10T10:00:00Z',
          },
        ],
      });
      const limited = await call(shop, 'orders/lookup', { user_id: customerId, limit: 1 });
      expect((limited.body.orders as unknown[]).length).toBe(1);
    });

    it('by number only together with the billing e-mail', async () => {
      const found = await call(shop, 'orders/lookup', { order_number: String(orderIds.guest), email: 'Guest@Example.com' });
      expect(found.status).toBe(200);
      expect((found.body.orders as Array<{ id: number }>).map((o) => o.id)).toEqual([orderIds.guest]);

      const numeric = await call(shop, 'orders/lookup', { order_number: orderIds.guest, email: 'guest@example.com' });
      expect((numeric.body.orders as unknown[]).length).toBe(1);

      const otherEmail = await call(shop, 'orders/lookup', { order_number: String(orderIds.guest), email: 'carla@example.com' });
      expect(otherEmail).toEqual({ status: 200, body: { orders: [] } });

      const unknown = await call(shop, 'orders/lookup', { order_number: '987654', email: 'guest@example.com' });
      expect(unknown).toEqual({ status: 200, body: { orders: [] } });
    });

    it("finds a new shop's first orders by their one- or two-digit numbers", async () => {
      // WooCommerce numbers orders by post ID: on this test site the first orders have short ones.
      // WooCommerce numbers orders by post ID; here the order is moved to the first free one below 100.
      const id = await shop.wpEval<number>(`
        global $wpdb;
        $taken = array_map('intval', $wpdb->get_col("SELECT ID FROM {$wpdb->posts} WHERE ID < 100"));
        $free = min(array_diff(range(1, 99), $taken));
        $order = wc_create_order();
        $order->set_billing_email('first@example.com');
        $order->save();
        $wpdb->query($wpdb->prepare("UPDATE {$wpdb->posts} SET ID = %d WHERE ID = %d", $free, $order->get_id()));
        $wpdb->query($wpdb->prepare("UPDATE {$wpdb->postmeta} SET post_id = %d WHERE post_id = %d", $free, $order->get_id()));
        return $free;`);
      expect(String(id).length).toBeLessThanOrEqual(2);
      const found = await call(shop, 'orders/lookup', { order_number: String(id), email: 'first@example.com' });
      expect((found.body.orders as Array<{ number: string }>).map((order) => order.number)).toEqual([String(id)]);
    });

    it('rejects ambiguous or incomplete queries, and unknown users', async () => {
      for (const body of [
        {},
        { order_number: '1' },
        { user_id: customerId, order_number: '1', email: 'a@b.c' },
        { user_id: -3 },
        { user_id: customerId, limit: 500 },
      ]) {
        const sent = await call(shop, 'orders/lookup', body);
        expect(sent.status, JSON.stringify(body)).toBe(400);
        expect(pluginError(sent).code).toBe('validation_failed');
      }
      const unknownUser = await call(shop, 'orders/lookup', { user_id: 999999 });
      expect(unknownUser.status).toBe(404);
      expect(pluginError(unknownUser).code).toBe('not_found');
    });
  });

  describe('cart/coupon with WooCommerce', () => {
    let productId: number;

    beforeAll(async () => {
      await createCoupon(shop, 'spring10');
      productId = await createProduct(shop, { name: 'Canvas tote', regularPrice: '20' });
    });

    /** A shopper's browser on the shop (signed in as `request` is, if given). */
    function shopper(request: AdminRequest = browserSession(shop.url)) {
      return {
        request,
        /** What the widget does when the panel opens: the token, whose `sid` is the shop session. */
        async sessionKey(): Promise<string> {
          const { token } = (await (await request('/wp-json/storefront-assistant/v1/shopper-token', { method: 'POST' })).json()) as { token: string };
          return (await jwtVerify(token, new TextEncoder().encode(SECRET))).payload.sid as string;
        },
        async addToCart(id: number) {
          expect((await request(`/?add-to-cart=${id}`)).status).toBeLessThan(400);
        },
        /** The cart page, as the shopper opens it; resolves to the coupons WooCommerce shows applied. */
        async openCart(): Promise<string[]> {
          const html = await (await request('/cart/')).text();
          return [...html.matchAll(/coupon-([a-z0-9-]+)"/g)].map((match) => match[1]!).filter((code, index, all) => all.indexOf(code) === index);
        },
      };
    }

    /** The coupons in a shop session's stored cart, as WooCommerce keeps them. */
    const sessionCoupons = (sessionKey: string) =>
      shop.wpEval<string[]>(`
        $data = (new WC_Session_Handler())->get_session(${JSON.stringify(sessionKey)}, []);
        return array_values((array) maybe_unserialize($data['applied_coupons'] ?? 'a:0:{}'));`);

    it("stages an existing coupon, which the shopper's next cart load applies once", async () => {
      const visitor = shopper();
      const sessionKey = await visitor.sessionKey();
      await visitor.addToCart(productId);
      const sent = await call(shop, 'cart/coupon', { code: 'SPRING10', session_key: sessionKey });
      expect(sent).toEqual({ status: 200, body: { staged: true, code: 'SPRING10', expires_in: 900 } });
      expect(await sessionCoupons(sessionKey)).toEqual([]);

      expect(await visitor.openCart()).toEqual(['spring10']);
      expect(await sessionCoupons(sessionKey)).toEqual(['spring10']);
      const staged = await shop.wpEval(`return get_transient('storefront_assistant_coupon_' . md5('session:' . ${JSON.stringify(sessionKey)}));`);
      expect(staged).toBe(false);

      // Used once: the shopper can take the coupon off and it stays off.
      await visitor.request(`/cart/?remove_coupon=spring10`);
      expect(await sessionCoupons(sessionKey)).toEqual([]);
      expect(await visitor.openCart()).toEqual([]);
    });

    it("another shopper's cart is not touched", async () => {
      const [staged, other] = [shopper(), shopper()];
      await call(shop, 'cart/coupon', { code: 'SPRING10', session_key: await staged.sessionKey() });
      await other.sessionKey();
      await other.addToCart(productId);
      expect(await other.openCart()).toEqual([]);
    });

    it('stages for a logged-in user by user ID', async () => {
      const userId = await shop.wpEval<number>(
        `return wp_insert_user(['user_login' => 'dora', 'user_email' => 'dora@example.com', 'user_pass' => 'dora-password', 'role' => 'customer']);`,
      );
      const visitor = shopper(await loggedIn(shop.url, 'dora', 'dora-password'));
      await visitor.addToCart(productId);
      const sent = await call(shop, 'cart/coupon', { code: 'spring10', user_id: userId });
      expect(sent.status).toBe(200);
      expect(await visitor.openCart()).toEqual(['spring10']);
    });

    it('an unknown coupon is coupon_not_found, and nothing is staged', async () => {
      const sent = await call(shop, 'cart/coupon', { code: 'NOPE', session_key: 't_shopper3' });
      expect(sent.status).toBe(400);
      expect(pluginError(sent).code).toBe('coupon_not_found');
      expect(await shop.wpEval(`return get_transient('storefront_assistant_coupon_' . md5('session:t_shopper3'));`)).toBe(false);
    });

    it('needs a session key or a user ID', async () => {
      const sent = await call(shop, 'cart/coupon', { code: 'SPRING10' });
      expect(sent.status).toBe(400);
      expect(pluginError(sent).code).toBe('validation_failed');
    });
  });

  describe('shopper token and widget embed', () => {
    const key = new TextEncoder().encode(SECRET);
    const tokenRequest = (site: WordPressSite, headers: Record<string, string> = {}) =>
      fetch(`${site.url}/wp-json/storefront-assistant/v1/shopper-token`, { method: 'POST', headers });

    it('a guest gets a token with their shop session key, and the session cookie', async () => {
      const response = await tokenRequest(shop);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('wp_woocommerce_session_'));
      expect(cookie).toBeDefined();
      const { token } = (await response.json()) as { token: string };
      const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(payload.sub).toBeUndefined();
      // WooCommerce's cookie: "<customer id>||<expiry>||<expiring>||<hash>".
      expect(payload.sid).toBe(decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!).split('||')[0]);
      expect(payload.sid).toMatch(/^t_[0-9a-f]{30}$/);
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(24 * 3600);
    });

    it('a logged-in shopper is identified only with the REST nonce', async () => {
      const login = await shop.wpEval<{ id: number; cookie: string; nonce: string }>(`
        $id = wp_insert_user(['user_login' => 'erin', 'user_email' => 'erin@example.com', 'user_pass' => wp_generate_password(), 'role' => 'customer']);
        $expires = time() + HOUR_IN_SECONDS;
        $token = WP_Session_Tokens::get_instance($id)->create($expires);
        $cookie = wp_generate_auth_cookie($id, $expires, 'logged_in', $token);
        $_COOKIE[LOGGED_IN_COOKIE] = $cookie;
        wp_set_current_user($id);
        return ['id' => $id, 'cookie' => LOGGED_IN_COOKIE . '=' . $cookie, 'nonce' => wp_create_nonce('wp_rest')];`);

      const withNonce = await tokenRequest(shop, { cookie: login.cookie, 'x-wp-nonce': login.nonce });
      const { payload } = await jwtVerify(((await withNonce.json()) as { token: string }).token, key);
      expect(payload).toMatchObject({ sub: String(login.id), sid: String(login.id), email: 'erin@example.com' });

      const withoutNonce = await tokenRequest(shop, { cookie: login.cookie });
      const guest = await jwtVerify(((await withoutNonce.json()) as { token: string }).token, key);
      expect(guest.payload.sub).toBeUndefined();
      expect(guest.payload.email).toBeUndefined();
    });

    it('without WooCommerce a guest has nothing to be identified by', async () => {
      const response = await tokenRequest(plain);
      expect(await response.json()).toEqual({ token: null, expires_at: null });
    });

    it('pages load the widget for the chosen agent, and never carry a token', async () => {
      const html = await (await fetch(`${shop.url}/`)).text();
      const tag = html.match(/<script[^>]*widget\.js[^>]*>/)?.[0];
      expect(tag).toBeDefined();
      // WordPress 6.1 quotes its own attributes with single quotes.
      expect(tag).toMatch(new RegExp(`src=['"]${SERVICE_URL}/widget\\.js['"]`));
      expect(tag).toContain('data-agent-id="agent_1"');
      expect(tag).toContain(' defer');
      expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/);
    });

    /** The page's inline script run as the browser would, before widget.js: what it queues. */
    const runInline = async (cookie: string) => {
      const html = await (await fetch(`${shop.url}/`)).text();
      const inline = html.match(/<script[^>]*id=['"]storefront-assistant-widget-js-before['"][^>]*>([\s\S]*?)<\/script>/)?.[1];
      expect(inline).toBeDefined();
      const window: { StorefrontAssistant?: unknown[] } = {};
      let requests = 0;
      const countingFetch = (url: string, init: RequestInit) => {
        requests += 1;
        return fetch(url, init);
      };
      new Function('window', 'document', 'fetch', inline!)(window, { cookie }, countingFetch);
      return { inline: inline!, queue: window.StorefrontAssistant!, requests: () => requests, window };
    };

    it("a guest's page asks for a shopper token only when the chat is opened", async () => {
      const { inline, queue, requests, window } = await runInline('');
      // A guest's page carries no nonce.
      expect(inline).toContain('"nonce":""');
      // Queued: a listener for the panel's opening, no identify callback yet, and nothing fetched.
      expect(queue).toHaveLength(1);
      const [method, event, listener, agentId] = queue[0] as [string, string, () => void, string];
      expect([method, event, agentId]).toEqual(['on', 'open', 'agent_1']);
      expect(requests()).toBe(0);

      // Opened (the widget calls the listener): the identify callback is queued, and asking it fetches a token.
      listener();
      listener();
      expect(window.StorefrontAssistant).toHaveLength(2);
      const [identify, callback, identifyAgent] = window.StorefrontAssistant![1] as [string, () => Promise<string>, string];
      expect([identify, identifyAgent]).toEqual(['identify', 'agent_1']);
      const { payload } = await jwtVerify(await callback(), key, { algorithms: ['HS256'] });
      expect(payload.sid).toMatch(/^t_/);
      expect(requests()).toBe(1);
    });

    it('a visitor with a cart is identified at once', async () => {
      const { queue } = await runInline('woocommerce_items_in_cart=1; other=2');
      expect((queue[0] as unknown[])[0]).toBe('identify');
    });
  });

  describe('background sync while the service is unreachable', () => {
    it('keeps the change queued with a growing delay, and says why in plain words', async () => {
      const postId = await plain.wpEval<number>(
        `return wp_insert_post(['post_status' => 'publish', 'post_title' => 'Offline note', 'post_content' => 'Hello'], true);`,
      );
      await plain.runSync();
      const row = await plain.wpEval<{ attempts: string; available_at: string; last_error: string }>(`
        global $wpdb;
        return $wpdb->get_row($wpdb->prepare("SELECT attempts, available_at, last_error FROM {$wpdb->prefix}storefront_assistant_queue WHERE object_id = %d", ${postId}), ARRAY_A);`);
      const now = Math.floor(Date.now() / 1000);
      expect(Number(row.attempts)).toBe(1);
      expect(Number(row.available_at)).toBeGreaterThan(now + 30);
      expect(row.last_error).toContain('could not be reached');
      // Nothing was recorded as sent: the next attempt sends it again.
      expect(await plain.wpEval(`return get_post_meta(${postId}, '_storefront_assistant_synced_hash', true);`)).toBe('');
    });
  });

  it('left no PHP warning or error from the plugin in the log', () => {
    expect([...plain.pluginProblems(), ...shop.pluginProblems()]).toEqual([]);
  });
});
