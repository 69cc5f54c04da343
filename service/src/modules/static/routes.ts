import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { AssetCache, type Asset } from './asset-cache.js';

/** widget/dist of this checkout, where `npm run build -w widget` writes the two scripts. */
export const WIDGET_DIST_DIR = fileURLToPath(new URL('../../../../widget/dist/', import.meta.url));

/** Sites embed /widget.js by a fixed URL, so a new release must reach them within minutes. */
const LOADER_CACHE = 'public, max-age=300';
/** panel.js?v=<its own content hash> never changes under that URL. */
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';

const NOT_BUILT = 'The widget is not built: run `npm run build -w widget` (`npm start` does this before starting the service)';

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, cacheControl: string) {
  void reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('etag', asset.etag)
    .header('vary', 'Accept-Encoding')
    .header('x-content-type-options', 'nosniff')
    // Any site may embed the widget: classic script tags need neither header, but pages that load
    // it with `crossorigin` (subresource integrity) need CORS, and cross-origin-isolated pages
    // (COEP require-corp) need CORP.
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesEtag(request.headers['if-none-match'], asset.etag)) return reply.status(304).send();
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/** GET /widget.js and /panel.js, straight from the widget's build output. */
export async function widgetAssetRoutes(app: FastifyInstance, options: { distDir?: string } = {}): Promise<void> {
  const dir = options.distDir ?? WIDGET_DIST_DIR;
  const assets = new AssetCache(dir);
  if (!existsSync(path.join(dir, 'widget.js'))) app.log.warn(`${NOT_BUILT} (looked in ${dir})`);

  const load = async (name: string) => {
    const asset = await assets.get(name);
    if (!asset) throw new AppError('service_unavailable', NOT_BUILT);
    return asset;
  };

  app.get('/widget.js', async (request, reply) => send(request, reply, await load('widget.js'), LOADER_CACHE));

  app.get<{ Querystring: { v?: string } }>('/panel.js', async (request, reply) => {
    const asset = await load('panel.js');
    // Only the current build may be cached for good: a loader still cached from before a rebuild
    // asks for an old version, and must not pin the new file under the old URL for a year.
    return send(request, reply, asset, request.query.v === asset.version ? VERSIONED_CACHE : LOADER_CACHE);
  });
}
