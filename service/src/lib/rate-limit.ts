import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from './errors.js';

/**
 * A per-route limit over a one-minute window. The store (Redis when REDIS_URL is set, else
 * memory) is chosen once when the plugin is registered in app.ts.
 */
export function perKeyLimit(options: { max: number; keyGenerator: (request: FastifyRequest) => string }): RateLimitOptions {
  return {
    max: options.max,
    timeWindow: 60_000,
    keyGenerator: options.keyGenerator,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('rate_limited', `Too many requests; try again in ${seconds} seconds`, {
        headers: { 'retry-after': String(seconds) },
      });
    },
  };
}
