import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { SiteClient } from '../../src/modules/sites/site-client.js';
import { servicesRequired } from '../helpers/services.js';
import { missingWordPressPrerequisites, startWordPress, storeConnection, type WordPressSite } from './harness.js';
import { createCoupon, createOrder } from './woocommerce.js';

/**
 * The service's own SiteClient (the code that calls sites in production) against the real
 * plugin routes: what one side sends, the other accepts, and the answers parse on the way back.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the site client against the WordPress plugin: ${reason}`);

const SECRET = 'sss_site_client_secret';
const TIMEOUT = 120_000;

const clientFor = (site: WordPressSite, secret = SECRET) => new SiteClient({ siteUrl: site.url, shopperSigningSecret: secret }, { allowPrivate: true });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.skipIf(reason && !servicesRequired)('the service SiteClient against the real plugin', { timeout: TIMEOUT }, () => {
  let plain: WordPressSite;
  let shop: WordPressSite;

  beforeAll(async () => {
    if (reason) throw new Error(`REQUIRE_SERVICES is set but the WordPress suite cannot run: ${reason}`);
    [plain, shop] = await Promise.all([startWordPress({ woocommerce: false }), startWordPress({ woocommerce: true })]);
    // Leads create users at once here (the double opt-in is tested in plugin-lead-confirmation.test.ts).
    await Promise.all([plain, shop].map((site) => storeConnection(site, { signingSecret: SECRET, leadDoubleOptIn: false })));
  }, TIMEOUT);

  afterAll(async () => {
    await Promise.all([plain?.stop(), shop?.stop()]);
  });

  const meta = (site: WordPressSite, userId: number) =>
    site.wpEval<{ conversation: string; lead: string; roles: string[] }>(`return [
      'conversation' => get_user_meta(${userId}, '_storefront_assistant_conversation_id', true),
      'lead' => get_user_meta(${userId}, '_storefront_assistant_lead_id', true),
      'roles' => array_values(get_userdata(${userId})->roles)];`);

  it('lead → subscriber without WooCommerce, with both meta keys; a repeat updates in place', async () => {
    const created = await clientFor(plain).upsertLead({ email: 'lin@example.com', name: 'Lin', conversation_id: 'conv_1', lead_id: 'lead_1' });
    expect(created).toMatchObject({ created: true, role: 'subscriber' });
    expect(await meta(plain, created.user_id!)).toEqual({ conversation: 'conv_1', lead: 'lead_1', roles: ['subscriber'] });

    const again = await clientFor(plain).upsertLead({ email: 'lin@example.com', conversation_id: 'conv_2', lead_id: 'lead_1' });
    expect(again).toEqual({ user_id: created.user_id, created: false, role: 'subscriber', pending_confirmation: false });
    expect(await meta(plain, created.user_id!)).toMatchObject({ conversation: 'conv_2' });
  });

  it('an existing administrator stays an administrator', async () => {
    const result = await clientFor(plain).upsertLead({ email: 'admin@example.com', name: 'Mallory', conversation_id: 'conv_x', lead_id: 'lead_x' });
    expect(result).toEqual({ user_id: 1, created: false, role: 'subscriber', pending_confirmation: false });
    expect((await meta(plain, 1)).roles).toEqual(['administrator']);
  });

  it('lead → customer with WooCommerce', async () => {
    const created = await clientFor(shop).upsertLead({ email: 'max@example.com', conversation_id: 'conv_3', lead_id: 'lead_3' });
    expect(created).toMatchObject({ created: true, role: 'customer' });
    expect(await meta(shop, created.user_id!)).toEqual({ conversation: 'conv_3', lead: 'lead_3', roles: ['customer'] });
  });

  it('orders by user ID and by number with the billing e-mail', async () => {
    const userId = await shop.wpEval<number>(
      `return wp_insert_user(['user_login' => 'nina', 'user_email' => 'nina@example.com', 'user_pass' => wp_generate_password(), 'role' => 'customer']);`,
    );
    const orderId = await createOrder(shop, {
      customerId: userId,
      billingEmail: 'nina@example.com',
      currency: 'USD',
      items: [{ name: 'Lamp', quantity: 1, total: '42.5' }],
      trackingLink: 'https://tracking.example/L1',
    });
    const expected = {
      id: orderId,
      number: String(orderId),
      status: 'processing',
      total: '42.50',
      currency: 'USD',
      items: [{ name: 'Lamp', quantity: 1, total: '42.50' }],
      tracking_url: 'https://tracking.example/L1',
    };
    expect(await clientFor(shop).lookupOrders({ user_id: userId })).toEqual([expect.objectContaining(expected)]);
    expect(await clientFor(shop).lookupOrders({ order_number: String(orderId), email: 'nina@example.com' })).toEqual([expect.objectContaining(expected)]);
    expect(await clientFor(shop).lookupOrders({ order_number: String(orderId), email: 'someone@example.com' })).toEqual([]);
  });

  it('stages an existing coupon; an unknown one is coupon_invalid', async () => {
    await createCoupon(shop, 'welcome5');
    expect(await clientFor(shop).stageCoupon({ code: 'WELCOME5', session_key: 't_client' })).toEqual({ staged: true, code: 'WELCOME5', expires_in: 900 });
    expect((await failure(clientFor(shop).stageCoupon({ code: 'UNKNOWN', session_key: 't_client' }))).code).toBe('coupon_invalid');
  });

  it('a site without WooCommerce, or a wrong secret, is a site error', async () => {
    const inactive = await failure(clientFor(plain).lookupOrders({ user_id: 1 }));
    expect(inactive.code).toBe('site_error');
    expect(inactive.message).toContain('shop_inactive');

    const wrongSecret = await failure(clientFor(shop, 'sss_not_this_one').lookupOrders({ user_id: 1 }));
    expect(wrongSecret.message).toContain('invalid_signature');
  });

  it('left no PHP warning or error from the plugin in the log', () => {
    expect([...plain.pluginProblems(), ...shop.pluginProblems()]).toEqual([]);
  });
});
