import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { StaticFiles } from '../static/files.js';
import { WIDGET_DIST_DIR } from '../static/routes.js';

/**
 * The Playground's script and styles, served as files the same way as the dashboard's (its
 * Content-Security-Policy allows no inline script or style), under URLs that carry a content hash.
 * The styles are served as written (web/playground); the script is built from TypeScript with the
 * widget (`npm run build -w widget` writes widget/dist/playground.js), so it is read when first
 * asked for and again after a rebuild: the widget may be built after the service started.
 */

export type PlaygroundAsset = 'playground.css' | 'playground.js';

const FILES: Record<string, string> = {
  'playground.css': fileURLToPath(new URL('../../../../web/playground/playground.css', import.meta.url)),
  'playground.js': path.join(WIDGET_DIST_DIR, 'playground.js'),
};
const PREFIX = '/app/playground-assets/';

const files = new StaticFiles({ fileOf: (name) => (Object.hasOwn(FILES, name) ? FILES[name] : undefined), unversionedCache: 'no-cache' });

/** Whether the Playground's script is built, without which the page cannot run. */
export function playgroundScriptBuilt(): boolean {
  return files.asset('playground.js') !== undefined;
}

export function playgroundAssetUrl(name: PlaygroundAsset): string {
  return files.url(PREFIX, name);
}

export function playgroundAssetRoutes(app: FastifyInstance): void {
  files.route(app, PREFIX);
}
