import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';

/**
 * The Playground's script and styles, served as files the same way as the dashboard's (its
 * Content-Security-Policy allows no inline script or style), under URLs that carry a content hash.
 */

const WEB_DIR = fileURLToPath(new URL('../../../../web/playground/', import.meta.url));
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

const ASSETS = new Map(
  ['playground.css', 'playground.js'].map((name) => {
    const body = readFileSync(path.join(WEB_DIR, name));
    return [name, { body, type: TYPES[path.extname(name)]!, version: createHash('sha256').update(body).digest('hex').slice(0, 12) }] as const;
  }),
);

const PREFIX = '/app/playground-assets/';

export function playgroundAssetUrl(name: 'playground.css' | 'playground.js'): string {
  return `${PREFIX}${name}?v=${ASSETS.get(name)!.version}`;
}

export function playgroundAssetRoutes(app: FastifyInstance): void {
  app.get(`${PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = ASSETS.get(name);
    if (!found) throw notFound('File');
    const { v } = request.query as { v?: string };
    return reply
      .type(found.type)
      .header('cache-control', v === found.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(found.body);
  });
}
