import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface LimiterOptions {
  /** Distinguishes this limiter's counters from every other one's in the shared store. */
  name: string;
  max: number;
  /** The counted subject: a token, an IP, a widget JWT... */
  key: (request: FastifyRequest) => string;
  windowMs?: number;
  /**
   * What happens while the shared store (Redis) cannot be reached: `allow` serves the request
   * uncounted (availability first: a shop's visitors are never turned away for it), `refuse`
   * answers 503 (for limits that stand between an attacker and guessing, such as sign-in).
   */
  whenStoreUnreachable?: 'allow' | 'refuse';
}

/**
 * A limit shared by every route that calls the returned check (the plugin's per-route config
 * would count each route apart). Counters live in the store chosen when @fastify/rate-limit
 * was registered in app.ts: Redis when REDIS_URL is set, so that a limit holds across instances,
 * else memory. Over the limit: 429 `rate_limited` with Retry-After. Redis unreachable: see
 * `whenStoreUnreachable`.
 */
export function createLimiter(app: FastifyInstance, options: LimiterOptions): (request: FastifyRequest) => Promise<void> {
  const refuseWhenDown = options.whenStoreUnreachable === 'refuse';
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs ?? 60_000,
    keyGenerator: (request: FastifyRequest) => `${options.name}:${options.key(request)}`,
    ...(refuseWhenDown ? { skipOnError: false } : {}),
  });
  return async (request) => {
    const result = await check(request).catch((error: unknown) => {
      request.log.warn({ err: error, limit: options.name }, 'rate-limit store unreachable; refusing');
      throw new AppError('service_unavailable', 'This is unavailable for a moment; try again shortly', { headers: { 'retry-after': '5' } });
    });
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      throw new AppError('rate_limited', `Too many requests; try again in ${seconds} seconds`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
  };
}
