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
export const ALLOWED_HEADERS = 'authorization, content-type, last-event-id, x-request-id';
export const EXPOSED_HEADERS = 'retry-after, x-request-id';

/** Origin headers already judged: a shop's pages send the same few, and parsing a URL is most of the cost. */
const judgedOrigins = new Map<string, boolean>();
const JUDGED_ORIGINS_MAX = 10_000;

export function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  let exact = judgedOrigins.get(origin);
  if (exact === undefined) {
    // Exactly an origin as browsers send it; `null` (sandboxed frames, file://) is no origin.
    exact = normalizeOrigin(origin) === origin;
    if (judgedOrigins.size >= JUDGED_ORIGINS_MAX) judgedOrigins.clear();
    judgedOrigins.set(origin, exact);
  }
  return exact ? origin : undefined;
}

/**
 * Whether any published agent lists the origin. Asked on every widget request, so answers are
 * kept briefly per process: a newly listed origin is answered within ORIGIN_CACHE_MS, and the
 * per-agent checks that guard data never use this cache.
 */
export const ORIGIN_CACHE_MS = 30_000;
const ORIGIN_CACHE_MAX = 10_000;

export function originDirectory(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { listed: boolean; at: number }>();
  return {
    /** The cached answer, if still fresh: lets the hook answer without a promise on the common path. */
    cached(origin: string): boolean | undefined {
      const hit = cache.get(origin);
      return hit && now() - hit.at < ORIGIN_CACHE_MS ? hit.listed : undefined;
    },
    async listed(origin: string): Promise<boolean> {
      const fresh = this.cached(origin);
      if (fresh !== undefined) return fresh;
      const rows = await queryRows(db, sql`SELECT 1 FROM agents WHERE published AND ${origin} = ANY(allowed_origins) LIMIT 1`);
      if (cache.size >= ORIGIN_CACHE_MAX) cache.clear();
      cache.set(origin, { listed: rows.length > 0, at: now() });
      return rows.length > 0;
    },
  };
}

export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}

export function originAllowedFor(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  return origin !== undefined && allowedOrigins.includes(origin);
}
