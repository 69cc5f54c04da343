import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { agents } from '../../db/schema.js';
import { randomSecret } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { PAGES, PRODUCTS } from './catalog.js';
import { DEMO_AGENT_ID } from './identity.js';
import { FAVICON, productImage } from './images.js';
import { demoShopPluginRoutes } from './shop-plugin.js';
import { cartPage, infoPage, productPage, storePage, type PageContext } from './views.js';

/**
 * GET /demo and its product and help pages: the demo store a first `npm start` shows. The pages
 * carry a strict CSP (no inline script, no eval, styles by nonce), so the demo also shows the
 * widget working on a locked-down site.
 */
export async function demoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const serviceOrigin = new URL(deps.config.publicBaseUrl).origin;

  const render = async (reply: FastifyReply, page: (ctx: PageContext) => string) => {
    const [agent] = await deps.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, DEMO_AGENT_ID), eq(agents.published, true)));
    if (!agent) throw new AppError('not_found', 'The demo store is not set up: it is seeded at start by npm start (or DEMO=1)');
    const nonce = randomSecret(16);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        [
          "default-src 'none'",
          `script-src ${serviceOrigin}`,
          `connect-src ${serviceOrigin}`,
          "img-src 'self'",
          `style-src 'nonce-${nonce}'`,
          "base-uri 'none'",
          "form-action 'none'",
          "frame-ancestors 'none'",
        ].join('; '),
      )
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(page({ base: deps.config.publicBaseUrl, agentId: agent.id, nonce }));
  };

  app.get('/demo', async (_request, reply) => render(reply, storePage));

  app.get<{ Params: { slug: string } }>('/demo/products/:slug', async (request, reply) => {
    const product = PRODUCTS.find((p) => p.slug === request.params.slug);
    if (!product) throw notFound('Product');
    return render(reply, (ctx) => productPage(ctx, product));
  });

  app.get<{ Params: { slug: string } }>('/demo/pages/:slug', async (request, reply) => {
    const page = PAGES.find((p) => p.slug === request.params.slug);
    if (!page) throw notFound('Page');
    return render(reply, (ctx) => infoPage(ctx, page));
  });

  // Where a staged coupon's "View cart" link leads (the plugin's cart_url is {site}/cart/).
  app.get('/demo/cart/', async (_request, reply) => render(reply, cartPage));

  await app.register(async (scope) => demoShopPluginRoutes(scope, deps));

  app.get<{ Params: { file: string } }>('/demo/images/:file', async (request, reply) => {
    const product = PRODUCTS.find((p) => `${p.slug}.svg` === request.params.file);
    const image = request.params.file === 'favicon.svg' ? FAVICON : product && productImage(product);
    if (!image) throw notFound('Image');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
}
