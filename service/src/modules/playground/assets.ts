import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { StaticFiles } from '../static/files.js';

/**
 * The Playground's script and styles, served as files the same way as the dashboard's (its
 * Content-Security-Policy allows no inline script or style), under URLs that carry a content hash.
 */

const WEB_DIR = fileURLToPath(new URL('../../../../web/playground/', import.meta.url));
const NAMES = new Set(['playground.css', 'playground.js']);
const PREFIX = '/app/playground-assets/';

const files = new StaticFiles({ fileOf: (name) => (NAMES.has(name) ? path.join(WEB_DIR, name) : undefined), unversionedCache: 'no-cache' });

export function playgroundAssetUrl(name: 'playground.css' | 'playground.js'): string {
  return files.url(PREFIX, name);
}

export function playgroundAssetRoutes(app: FastifyInstance): void {
  files.route(app, PREFIX);
}
