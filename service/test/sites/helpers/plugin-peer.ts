import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifySignature, type SignatureError } from '../../../src/lib/signature.js';

/**
 * A minimal stand-in for the WordPress plugin's service routes (/wp-json/service/v1/...), on a
 * local port. Like the plugin, it verifies X-Service-Signature over the raw body with the
 * shopper signing secret before doing anything, and answers with the plugin's envelopes.
 */

export interface PeerOrder {
  id: number;
  number: string;
  email: string;
  userId: number | null;
  status: string;
  total: string;
  currency: string;
}

export interface PeerRequest {
  path: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

export interface PluginPeer {
  siteUrl: string;
  requests: PeerRequest[];
  close(): Promise<void>;
}

export interface PeerOptions {
  secret: string;
  orders?: PeerOrder[];
  coupons?: string[];
  /** Path prefix where WordPress lives (a sub-folder install). */
  basePath?: string;
  /** Overrides the answer to any route (redirects, slow or broken sites). */
  override?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

export async function startPluginPeer(options: PeerOptions): Promise<PluginPeer> {
  const requests: PeerRequest[] = [];
  const base = options.basePath ?? '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let signatureValid = true;
      let failure: SignatureError | undefined;
      try {
        verifySignature(req.headers[SIGNATURE_HEADER] as string | undefined, raw, { keys: [options.secret] });
      } catch (error) {
        signatureValid = false;
        failure = error as SignatureError;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const path = (req.url ?? '').replace(base, '');
      requests.push({ path, body, signatureValid });
      if (options.override?.(req, res)) return;
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (failure) return reply(401, { error: { code: failure.code, message: failure.message } });
      if (req.method !== 'POST') return reply(405, { error: { code: 'method_not_allowed', message: 'POST only' } });
      if (path === '/wp-json/service/v1/orders/lookup') return reply(200, { orders: lookup(options.orders ?? [], body) });
      if (path === '/wp-json/service/v1/cart/coupon') {
        const code = String(body.code ?? '');
        if (!(options.coupons ?? []).includes(code)) return reply(400, { error: { code: 'coupon_not_found', message: 'No such coupon' } });
        return reply(200, { staged: true, code, expires_in: 900 });
      }
      if (path === '/wp-json/service/v1/leads') return reply(200, { user_id: 77, created: true, role: 'customer' });
      return reply(404, { error: { code: 'not_found', message: 'No route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    siteUrl: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The plugin's matching rules: by user id, or by number and the order's own email. */
function lookup(orders: PeerOrder[], body: Record<string, unknown>) {
  const matches =
    typeof body.user_id === 'number'
      ? orders.filter((order) => order.userId === body.user_id)
      : orders.filter((order) => order.number === body.order_number && order.email === String(body.email ?? '').toLowerCase());
  return matches.map((order) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    total: order.total,
    currency: order.currency,
    items: [{ name: 'Trail runner', quantity: 1, total: order.total }],
    tracking_url: `https://track.example/${order.number}`,
    created_at: '2026-11-01T10:00:00Z',
  }));
}
