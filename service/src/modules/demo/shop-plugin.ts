import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { agents, sites } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
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

  const pluginError = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.status(status).send({ error: { code, message } });

  app.post<{ Params: { '*': string } }>('/demo/wp-json/service/v1/*', async (request, reply) => {
    const [site] = await deps.db
      .select({ secret: sites.shopperSigningSecret })
      .from(sites)
      .where(and(eq(sites.workspaceId, DEMO_WORKSPACE_ID), eq(sites.siteUrl, siteUrl)));
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
