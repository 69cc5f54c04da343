import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { StaticFiles } from '../static/files.js';
import { WIDGET_DIST_DIR } from '../static/routes.js';

/**
 * The dashboard's scripts and styles, served as files so that pages need no inline script or
 * style (the Content-Security-Policy allows only 'self'). There is no build step: the files in
 * web/dashboard are served as written (static/files.ts). URLs carry a content hash, so browsers may cache them forever.
 */

const WEB_DIR = fileURLToPath(new URL('../../../../web/dashboard/', import.meta.url));
const OWN_ASSETS = ['dashboard.css', 'dashboard.js', 'analytics.js', 'inbox.js'] as const;

/** The chart library's self-contained browser build, from its npm package. */
export const CHART_ASSET = 'chart.umd.min.js';

/**
 * The widget's Markdown renderer (widget/src/panel/markdown-dom.ts), which `npm run build -w
 * widget` writes to widget/dist/markdown.js: transcripts and the Playground render replies with
 * the widget's own parser and DOM builder. Without a build, pages keep replies as plain text.
 */
export const MARKDOWN_ASSET = 'markdown.js';

/** Where chart.js's browser build is, or undefined when the package is not installed. */
function chartLibraryFile(): string | undefined {
  try {
    // The package exports only its module entry points; the UMD build sits beside them in dist/.
    return path.join(path.dirname(createRequire(import.meta.url).resolve('chart.js')), CHART_ASSET);
  } catch {
    return undefined;
  }
}

const CHART_FILE = chartLibraryFile();

/** Read when first asked for and again after a change: the widget (markdown.js) may be built after the service started. */
const files = new StaticFiles({
  fileOf: (name) => {
    if ((OWN_ASSETS as readonly string[]).includes(name)) return path.join(WEB_DIR, name);
    if (name === CHART_ASSET) return CHART_FILE;
    if (name === MARKDOWN_ASSET) return path.join(WIDGET_DIST_DIR, MARKDOWN_ASSET);
    return undefined;
  },
  unversionedCache: 'no-cache',
  headers: { 'x-content-type-options': 'nosniff' },
});

const PREFIX = '/app/static/';

export function chartLibraryAvailable(): boolean {
  return files.asset(CHART_ASSET) !== undefined;
}

export function markdownRendererAvailable(): boolean {
  return files.asset(MARKDOWN_ASSET) !== undefined;
}

export function assetUrl(name: string): string {
  return files.url(PREFIX, name);
}

export function staticAssetRoutes(app: FastifyInstance): void {
  files.route(app, PREFIX);
}
