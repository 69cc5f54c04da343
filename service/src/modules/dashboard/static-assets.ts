import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { WIDGET_DIST_DIR } from '../static/routes.js';

/**
 * The dashboard's scripts and styles, served as files so that pages need no inline script or
 * style (the Content-Security-Policy allows only 'self'). There is no build step: the files in
 * web/dashboard are served as written. URLs carry a content hash, so browsers may cache them forever.
 */

const WEB_DIR = fileURLToPath(new URL('../../../../web/dashboard/', import.meta.url));
const OWN_ASSETS = ['dashboard.css', 'dashboard.js', 'analytics.js'] as const;

/** The chart library's self-contained browser build, from its npm package. */
export const CHART_ASSET = 'chart.umd.min.js';

/**
 * The widget's Markdown renderer (widget/src/panel/markdown-dom.ts), which `npm run build -w
 * widget` writes to widget/dist/markdown.js: transcripts and the Playground render replies with
 * the widget's own parser and DOM builder. Without a build, pages keep replies as plain text.
 */
export const MARKDOWN_ASSET = 'markdown.js';

interface Asset {
  body: Buffer;
  type: string;
  version: string;
}

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

function asset(file: string): Asset {
  const body = readFileSync(file);
  return { body, type: TYPES[path.extname(file)] ?? 'application/octet-stream', version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

/** Where chart.js's browser build is, or undefined when the package is not installed. */
function chartLibraryFile(): string | undefined {
  try {
    // The package exports only its module entry points; the UMD build sits beside them in dist/.
    return path.join(path.dirname(createRequire(import.meta.url).resolve('chart.js')), CHART_ASSET);
  } catch {
    return undefined;
  }
}

function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>(OWN_ASSETS.map((name) => [name, asset(path.join(WEB_DIR, name))]));
  const chart = chartLibraryFile();
  if (chart) assets.set(CHART_ASSET, asset(chart));
  return assets;
}

const ASSETS = loadAssets();

let markdown: (Asset & { mtimeMs: number; size: number }) | undefined;

/** The built renderer, read when first asked for and again after a rebuild: the widget may be built after the service started. */
function markdownRenderer(): Asset | undefined {
  const file = path.join(WIDGET_DIST_DIR, MARKDOWN_ASSET);
  let info;
  try {
    info = statSync(file);
  } catch {
    return undefined;
  }
  if (!markdown || markdown.mtimeMs !== info.mtimeMs || markdown.size !== info.size) markdown = { ...asset(file), mtimeMs: info.mtimeMs, size: info.size };
  return markdown;
}

function findAsset(name: string): Asset | undefined {
  return name === MARKDOWN_ASSET ? markdownRenderer() : ASSETS.get(name);
}

export function chartLibraryAvailable(): boolean {
  return ASSETS.has(CHART_ASSET);
}

export function markdownRendererAvailable(): boolean {
  return markdownRenderer() !== undefined;
}

export function assetUrl(name: string): string {
  const found = findAsset(name);
  return `/app/static/${name}${found ? `?v=${found.version}` : ''}`;
}

export function staticAssetRoutes(app: FastifyInstance): void {
  app.get('/app/static/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = findAsset(name);
    if (!found) throw notFound('File');
    const { v } = request.query as { v?: string };
    return reply
      .type(found.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', v === found.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(found.body);
  });
}
