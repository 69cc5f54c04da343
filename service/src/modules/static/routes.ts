import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { StaticFiles } from './files.js';

/** widget/dist of this checkout, where `npm run build -w widget` writes the two scripts. */
export const WIDGET_DIST_DIR = fileURLToPath(new URL('../../../../widget/dist/', import.meta.url));

/** Sites embed /widget.js by a fixed URL, so a new release must reach them within minutes. */
const LOADER_CACHE = 'public, max-age=300';

const NOT_BUILT = 'The widget is not built: run `npm run build -w widget` (`npm start` does this before starting the service)';

const SCRIPTS = new Set(['widget.js', 'panel.js']);

/** A language's catalogue of the panel's text: dist/i18n/<tag>.js ("de.js", "zh-Hant.js"). */
const CATALOGUE = /^[a-zA-Z]{2,3}(?:-[a-zA-Z]{2,4})?\.js$/;

const SCRIPT_HEADERS = {
  'x-content-type-options': 'nosniff',
  // Any site may embed the widget: classic script tags need neither header, but pages that load
  // it with `crossorigin` (subresource integrity) need CORS, and cross-origin-isolated pages
  // (COEP require-corp) need CORP.
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/** GET /widget.js, /panel.js and /i18n/<tag>.js, straight from the widget's build output. */
export async function widgetAssetRoutes(app: FastifyInstance, options: { distDir?: string } = {}): Promise<void> {
  const dir = options.distDir ?? WIDGET_DIST_DIR;
  if (!existsSync(path.join(dir, 'widget.js'))) app.log.warn(`${NOT_BUILT} (looked in ${dir})`);

  const scripts = new StaticFiles({
    fileOf: (name) => (SCRIPTS.has(name) ? path.join(dir, name) : undefined),
    unversionedCache: LOADER_CACHE,
    // Only panel.js is asked for by version (the loader carries it). A loader still cached from
    // before a rebuild asks for an old version, which must not pin the new file for a year.
    versioned: (name) => name === 'panel.js',
    conditional: true,
    headers: SCRIPT_HEADERS,
    missing: () => new AppError('service_unavailable', NOT_BUILT),
  });
  // The panel asks for its language's catalogue by version (build.mjs gives it their hashes).
  const catalogues = new StaticFiles({
    fileOf: (name) => (CATALOGUE.test(name) ? path.join(dir, 'i18n', name) : undefined),
    unversionedCache: LOADER_CACHE,
    conditional: true,
    headers: SCRIPT_HEADERS,
  });

  for (const name of SCRIPTS) {
    app.get<{ Querystring: { v?: string } }>(`/${name}`, async (request, reply) => scripts.send(request, reply, name));
  }
  catalogues.route(app, '/i18n/');
}
