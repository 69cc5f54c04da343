import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { WIDGET_DIST_DIR } from '../static/routes.js';

/**
 * The Playground's script and styles, served as files the same way as the dashboard's (its
 * Content-Security-Policy allows no inline script or style), under URLs that carry a content hash.
 * The styles are served as written (web/playground); the script is built from TypeScript with the
 * widget (`npm run build -w widget` writes widget/dist/playground.js), so it is read when first
 * asked for and again after a rebuild: the widget may be built after the service started.
 */

export type PlaygroundAsset = 'playground.css' | 'playground.js';

interface Asset {
  body: Buffer;
  type: string;
  version: string;
  mtimeMs: number;
  size: number;
}

const FILES: Record<PlaygroundAsset, string> = {
  'playground.css': fileURLToPath(new URL('../../../../web/playground/playground.css', import.meta.url)),
  'playground.js': path.join(WIDGET_DIST_DIR, 'playground.js'),
};
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
const loaded = new Map<string, Asset>();

/** The asset as it is on disk now, or undefined when it is missing (the widget not built). */
function findAsset(name: string): Asset | undefined {
  if (!Object.hasOwn(FILES, name)) return undefined;
  const file = FILES[name as PlaygroundAsset];
  let info;
  try {
    info = statSync(file);
  } catch {
    return undefined;
  }
  let found = loaded.get(name);
  if (!found || found.mtimeMs !== info.mtimeMs || found.size !== info.size) {
    const body = readFileSync(file);
    found = { body, type: TYPES[path.extname(file)]!, version: createHash('sha256').update(body).digest('hex').slice(0, 12), mtimeMs: info.mtimeMs, size: info.size };
    loaded.set(name, found);
  }
  return found;
}

const PREFIX = '/app/playground-assets/';

/** Whether the Playground's script is built, without which the page cannot run. */
export function playgroundScriptBuilt(): boolean {
  return findAsset('playground.js') !== undefined;
}

export function playgroundAssetUrl(name: PlaygroundAsset): string {
  const found = findAsset(name);
  return `${PREFIX}${name}${found ? `?v=${found.version}` : ''}`;
}

export function playgroundAssetRoutes(app: FastifyInstance): void {
  app.get(`${PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = findAsset(name);
    if (!found) throw notFound('File');
    const { v } = request.query as { v?: string };
    return reply
      .type(found.type)
      .header('cache-control', v === found.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(found.body);
  });
}
