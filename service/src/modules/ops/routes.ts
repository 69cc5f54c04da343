import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses, named, textResponse } from '../../lib/route-schema.js';
import { renderDocsPage } from './docs-page.js';
import { openApiDocument } from './openapi.js';

/** A dependency that does not answer within this is as good as down for a load balancer. */
const CHECK_TIMEOUT_MS = 2_000;

const health = named('Health', z.object({ status: z.literal('ok') }));
const readiness = named('Readiness', z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.literal('ok')) }));

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for orchestrators and load balancers, the Prometheus scrape endpoint, and the API's
 * OpenAPI document with its docs page.
 * /healthz says the process serves requests (a restart fixes nothing else); /readyz says whether
 * it can do useful work now, so a balancer sends traffic elsewhere while the database or Redis is down.
 */
export async function opsRoutes(scope: FastifyInstance, deps: AppDeps, redis: Redis | undefined): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];
  app.get(
    '/healthz',
    { schema: { tags, operationId: 'health', summary: 'The process is up', security: [], response: { 200: health, ...errorResponses() } } },
    async () => ({ status: 'ok' as const }),
  );

  const readyzSchema = {
    tags,
    operationId: 'readiness',
    summary: 'The database (and Redis, when configured) answer',
    security: [],
    response: { 200: readiness, ...errorResponses(503) },
  };
  app.get('/readyz', { schema: readyzSchema }, async (request) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => deps.db.execute(sql`SELECT 1`),
      ...(redis ? { redis: () => redis.ping() } : {}),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'readiness check failed');
          return [name, 'down'] as const;
        }
      }),
    );
    const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
    if (down.length > 0) {
      throw new AppError('service_unavailable', `Not ready: ${down.join(' and ')} unavailable`, {
        errors: Object.fromEntries(down.map((name) => [name, ['unavailable']])),
      });
    }
    return { status: 'ok' as const, checks: Object.fromEntries(results.map(([name]) => [name, 'ok' as const])) };
  });

  // Generated on first request (and kept by the generator): a service never asked for its docs spends nothing on them.
  app.get('/openapi.json', async () => openApiDocument(scope));
  let docsPage: string | undefined;
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send((docsPage ??= renderDocsPage(openApiDocument(scope)))));

  const metricsSchema = {
    tags,
    operationId: 'metrics',
    summary: 'Prometheus metrics (text exposition format)',
    security: [],
    response: { 200: textResponse('text/plain', 'Metrics'), ...errorResponses() },
  };
  app.get('/metrics', { schema: metricsSchema }, async (_request, reply) => {
    const text = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(text);
  });
}
