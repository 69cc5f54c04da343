import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT } from 'jose';
import type { AppDeps } from '../../app-deps.js';
import { agents, sites } from '../../db/schema.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import { SIGNATURE_HEADER, SignatureError, verifySignature } from '../../lib/signature.js';
import { DEMO_AGENT_ID, DEMO_WORKSPACE_ID, demoSiteUrl } from './identity.js';

/**
 * The demo store's answers to the service's calls to "its plugin" (contract section 5), under
 * /demo/wp-json/service/v1/: coupons are staged, leads become a customer, order lookups find
 * nothing (the demo takes no orders). Like the plugin, it checks the signature over the raw body
 * with the site's shopper signing secret before reading anything.
 *
 * The service reaches these routes only where it may call its own address: a public
 * PUBLIC_BASE_URL, or ALLOW_PRIVATE_SITE_URLS on a local machine.
 */
export async function demoShopPluginRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const siteUrl = demoSiteUrl(deps.config.publicBaseUrl);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const pluginError = (reply: FastifyReply, status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } });

  const demoSite = async () =>
    (
      await deps.db
        .select({ secret: sites.shopperSigningSecret })
        .from(sites)
        .where(and(eq(sites.workspaceId, DEMO_WORKSPACE_ID), eq(sites.siteUrl, siteUrl)))
    )[0];

  /**
   * The demo's shopper token route (the plugin's /wp-json/storefront-assistant/v1/shopper-token):
   * a guest with a shop session of their own, so that a coupon has a cart to be staged for.
   * identify.js asks for it when the visitor opens the chat, as the plugin's page script does.
   */
  app.post('/demo/shopper-token', async (_request, reply) => {
    const site = await demoSite();
    if (!site) return pluginError(reply, 503, 'not_connected', 'The demo store is not connected');
    const now = Math.floor(deps.now().getTime() / 1000);
    const token = await new SignJWT({ sid: `demo_${randomSecret(12)}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(site.secret));
    return reply.header('cache-control', 'no-store, private').send({ token, expires_at: new Date((now + 3600) * 1000).toISOString() });
  });

  app.get('/demo/identify.js', async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(DEMO_IDENTIFY_SCRIPT),
  );

  app.post<{ Params: { '*': string } }>('/demo/wp-json/service/v1/*', async (request, reply) => {
    const site = await demoSite();
    if (!site) return pluginError(reply, 404, 'not_connected', 'The demo store is not connected');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      verifySignature(request.headers[SIGNATURE_HEADER] as string | undefined, raw, { keys: [site.secret] });
    } catch (error) {
      if (error instanceof SignatureError) return pluginError(reply, 401, 'invalid_signature', error.message);
      throw error;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return pluginError(reply, 400, 'invalid_json', 'The body is not JSON');
    }

    switch (request.params['*']) {
      case 'cart/coupon': {
        const code = String(body.code ?? '');
        const [agent] = await deps.db.select({ coupons: agents.coupons }).from(agents).where(eq(agents.id, DEMO_AGENT_ID));
        const coupon = agent?.coupons.find((c) => c.code.toLowerCase() === code.toLowerCase());
        if (!coupon) return pluginError(reply, 400, 'coupon_not_found', 'No such coupon');
        return { staged: true, code: coupon.code, expires_in: 900 };
      }
      case 'leads':
        // No user table behind the demo: a stable id per address stands in for the WordPress user.
        return { user_id: 1000 + (parseInt(sha256Hex(String(body.email ?? '').toLowerCase()).slice(0, 8), 16) % 1_000_000), created: true, role: 'customer' };
      case 'orders/lookup':
        return { orders: [] };
      default:
        return pluginError(reply, 404, 'rest_no_route', 'No route was found matching the URL');
    }
  });
}

/** What the plugin's page script does, as a file (the demo's CSP allows no inline script). */
const DEMO_IDENTIFY_SCRIPT = `(function () {
  var queue = (window.StorefrontAssistant = window.StorefrontAssistant || []);
  queue.push(['on', 'open', function () {
    window.StorefrontAssistant.push(['identify', function () {
      return fetch('/demo/shopper-token', { method: 'POST', credentials: 'same-origin' })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (body) { return body && body.token; })
        .catch(function () { return null; });
    }]);
  }]);
})();
`;
