import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';

/** A dependency that does not answer within this is as good as down for a load balancer. */
const CHECK_TIMEOUT_MS = 2_000;

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
export async function opsRoutes(app: FastifyInstance, deps: AppDeps, redis: Redis | undefined): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request) => {
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
    return { status: 'ok', checks: Object.fromEntries(results) };
  });

  // Built on first request: a service that is never asked for its docs spends nothing on them.
  let document: Record<string, unknown> | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(deps.config.publicBaseUrl));
  app.get('/openapi.json', async () => openApi());
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(renderDocsPage(openApi())));

  app.get('/metrics', async (_request, reply) => {
    const text = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(text);
  });
}
