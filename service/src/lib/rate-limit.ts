import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface LimiterOptions {
  /** Distinguishes this limiter's counters from every other one's in the shared store. */
  name: string;
  max: number;
  /** The counted subject: a token, an IP, a widget JWT... */
  key: (request: FastifyRequest) => string;
  windowMs?: number;
}

/**
 * A limit shared by every route that calls the returned check (the plugin's per-route config
 * would count each route apart). Counters live in the store chosen when @fastify/rate-limit
 * was registered in app.ts: Redis when REDIS_URL is set, so that a limit holds across instances,
 * else memory. Over the limit: 429 `rate_limited` with Retry-After.
 */
export function createLimiter(app: FastifyInstance, options: LimiterOptions): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs ?? 60_000,
    keyGenerator: (request: FastifyRequest) => `${options.name}:${options.key(request)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      throw new AppError('rate_limited', `Too many requests; try again in ${seconds} seconds`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
  };
}
