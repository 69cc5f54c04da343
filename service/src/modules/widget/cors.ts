import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { normalizeOrigin } from '../../lib/urls.js';

/**
 * CORS for the widget API: an origin is answered only if a published agent lists it, and the
 * answer names that origin (never `*`) with `Vary: Origin` so caches keep answers apart. The
 * stricter, per-agent rule (init's hard gate, and a token used from its own agent's origins)
 * is enforced by the routes.
 */
export const ALLOWED_HEADERS = 'authorization, content-type, x-request-id';
export const EXPOSED_HEADERS = 'retry-after, x-request-id';

export function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  // Exactly an origin as browsers send it; `null` (sandboxed frames, file://) is no origin.
  return normalizeOrigin(origin) === origin ? origin : undefined;
}

export async function originListedByAnyAgent(db: Db, origin: string): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM agents WHERE published AND ${origin} = ANY(allowed_origins) LIMIT 1`);
  return rows.length > 0;
}

export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}

export function originAllowedFor(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  return origin !== undefined && allowedOrigins.includes(origin);
}
