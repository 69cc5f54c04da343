import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { addressLimitKey } from './ip.js';

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
 * Without Redis, each limit keeps its counters in this process, in an LRU of this many keys
 * (addresses, widget tokens...). A counter evicted within its window starts over, so the LRU must
 * outlast the keys a busy minute brings: the plugin's default of 5,000 let a flood of other
 * addresses reset an attacker's count. A key takes about 0.7 KB (measured with widget token ids),
 * so a full limit holds about 14 MB; deployments busier than this run several instances, and
 * then Redis, which has no such bound.
 */
const LOCAL_KEYS_PER_LIMIT = 20_000;

/**
 * The subject every per-address limit counts: the client's address (request.ip, which honours
 * TRUST_PROXY), an IPv6 address by its /64 (see addressLimitKey).
 */
export function clientAddressKey(request: FastifyRequest): string {
  return addressLimitKey(request.ip);
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
  // Typed as a route's options, which createRateLimit's children read the same way (their
  // `cache` sizes the in-memory LRU), though its own type leaves `cache` out.
  const limit: RateLimitOptions = {
    max: options.max,
    timeWindow: options.windowMs ?? 60_000,
    cache: LOCAL_KEYS_PER_LIMIT,
    keyGenerator: (request: FastifyRequest) => `${options.name}:${options.key(request)}`,
    ...(refuseWhenDown ? { skipOnError: false } : {}),
  };
  const check = app.createRateLimit(limit);
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
