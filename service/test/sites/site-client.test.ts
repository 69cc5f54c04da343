import type { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { SITE_TIMEOUT_MS, SiteClient } from '../../src/modules/sites/site-client.js';
import { startPluginPeer, type PluginPeer } from './helpers/plugin-peer.js';

const SECRET = 'sss_peer_secret';
const ORDER = { id: 5, number: '1042', email: 'ana@example.com', userId: 42, status: 'processing', total: '59.00', currency: 'EUR' };
const open: { close(): Promise<void> }[] = [];

async function peer(options: Partial<Parameters<typeof startPluginPeer>[0]> = {}): Promise<PluginPeer> {
  const started = await startPluginPeer({ secret: SECRET, orders: [ORDER], coupons: ['SPRING10'], ...options });
  open.push(started);
  return started;
}

function client(siteUrl: string, options: Partial<ConstructorParameters<typeof SiteClient>[1]> = {}, secret = SECRET) {
  return new SiteClient({ siteUrl, shopperSigningSecret: secret }, { allowPrivate: true, ...options });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

describe('SiteClient', () => {
  it('signs each call with the shopper signing secret, under the registered site path', async () => {
    const site = await peer({ basePath: '/shop' });
    const orders = await client(site.siteUrl).lookupOrders({ order_number: '1042', email: 'ana@example.com' });
    expect(orders).toEqual([
      expect.objectContaining({ number: '1042', status: 'processing', total: '59.00', currency: 'EUR', tracking_url: 'https://track.example/1042' }),
    ]);
    expect(site.requests).toEqual([
      { path: '/wp-json/service/v1/orders/lookup', body: { order_number: '1042', email: 'ana@example.com' }, signatureValid: true },
    ]);
  });

  it('stages coupons and upserts leads through the same signed transport', async () => {
    const site = await peer();
    await expect(client(site.siteUrl).stageCoupon({ code: 'SPRING10', session_key: 'abc' })).resolves.toEqual({
      staged: true,
      code: 'SPRING10',
      expires_in: 900,
    });
    await expect(client(site.siteUrl).upsertLead({ email: 'ana@example.com', conversation_id: 'c1', lead_id: 'l1' })).resolves.toEqual({
      user_id: 77,
      created: true,
      role: 'customer',
    });
    expect(site.requests.map((r) => [r.path, r.signatureValid])).toEqual([
      ['/wp-json/service/v1/cart/coupon', true],
      ['/wp-json/service/v1/leads', true],
    ]);
  });

  it('maps the plugin coupon_not_found envelope to coupon_invalid', async () => {
    const site = await peer();
    const error = await failure(client(site.siteUrl).stageCoupon({ code: 'NOPE' }));
    expect(error.code).toBe('coupon_invalid');
    expect(error.status).toBe(400);
  });

  it('maps other plugin errors (a signature the site rejects) to site_error', async () => {
    const site = await peer();
    const error = await failure(client(site.siteUrl, {}, 'sss_wrong_secret').lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_error');
    expect(error.message).toContain('invalid_signature');
    expect(site.requests[0]?.signatureValid).toBe(false);
  });

  it('does not follow redirects', async () => {
    const target = await peer();
    const site = await peer({
      override: (_req, res) => {
        res.writeHead(302, { location: `${target.siteUrl}/wp-json/service/v1/orders/lookup` });
        res.end();
        return true;
      },
    });
    const error = await failure(client(site.siteUrl).lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_error');
    expect(error.message).toContain('redirect');
    expect(target.requests).toHaveLength(0);
  });

  it('gives up after the timeout with site_unreachable (5 s by default)', async () => {
    expect(SITE_TIMEOUT_MS).toBe(5000);
    const site = await peer({ override: () => true });
    const started = Date.now();
    const error = await failure(client(site.siteUrl, { timeoutMs: 300 }).lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_unreachable');
    expect(error.message).toContain('0.3 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a closed port as site_unreachable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failure(client(`http://127.0.0.1:${port}`).lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_unreachable');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses loopback and private sites unless private addresses are allowed', async () => {
    const site = await peer();
    const error = await failure(client(site.siteUrl, { allowPrivate: false }).lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_unreachable');
    expect(error.message).toContain('private');
    expect(site.requests).toHaveLength(0);
  });

  it('applies the policy to the addresses a host name resolves to at connection time', async () => {
    const site = await peer();
    const port = new URL(site.siteUrl).port;
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dnsLookup;
    const refused = await failure(client(`http://shop.test:${port}`, { allowPrivate: false, lookup }).lookupOrders({ user_id: 42 }));
    expect(refused.code).toBe('site_unreachable');
    expect(site.requests).toHaveLength(0);
    await expect(client(`http://shop.test:${port}`, { allowPrivate: true, lookup }).lookupOrders({ user_id: 42 })).resolves.toHaveLength(1);
    expect(site.requests).toHaveLength(1);
  });

  it('rejects answers that are not the documented shape, or too big', async () => {
    const malformed = await peer({
      override: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"orders": "nope"}');
        return true;
      },
    });
    expect((await failure(client(malformed.siteUrl).lookupOrders({ user_id: 42 }))).code).toBe('site_error');
    const huge = await peer({
      override: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"orders": [], "pad": "${'x'.repeat(2 * 1024 * 1024)}"}`);
        return true;
      },
    });
    const error = await failure(client(huge.siteUrl).lookupOrders({ user_id: 42 }));
    expect(error.code).toBe('site_error');
    expect(error.message).toContain('oversized');
  });

  it('stops when the caller aborts, with the caller’s reason rather than a site error', async () => {
    const site = await peer({ override: () => true });
    const controller = new AbortController();
    const pending = client(site.siteUrl).lookupOrders({ user_id: 42 }, controller.signal);
    setTimeout(() => controller.abort(new Error('visitor left')), 50);
    await expect(pending).rejects.toThrow('visitor left');
  });
});
