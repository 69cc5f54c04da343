import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { conversationNotifier } from './modules/conversations/handoff-events.js';
import { smtpTransport, WaitingAlerts } from './modules/conversations/waiting-alerts.js';
import { SPEC_LIMITS, type AppDeps, type Limits } from './app-deps.js';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import type { ProviderEnv } from './modules/assistant/providers.js';
import { widgetRoutes } from './modules/widget/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { registerErrorHandling, type ErrorHandlingOptions } from './lib/error-handler.js';
import { serializerCompiler, validatorCompiler } from './lib/route-schema.js';
import { serializeError } from './lib/safe-errors.js';
import { integrationRoutes } from './modules/integration/routes.js';
import { assertSiteUrlAllowed } from './modules/sites/address-policy.js';
import { widgetAssetRoutes } from './modules/static/routes.js';
import { answerPageRoutes } from './modules/knowledge/answer-page.js';
import { SuiteScheduler } from './modules/agent-tests/scheduler.js';
import { InFlightTurns } from './modules/ops/in-flight.js';
import { Metrics, recordRequests } from './modules/ops/metrics.js';
import { registerOpenApi } from './modules/ops/openapi.js';
import { opsRoutes } from './modules/ops/routes.js';
import { playgroundRoutes } from './modules/playground/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the modules were built with: for the process entry and tests. */
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  checkSiteUrl?: (url: string) => Promise<void>;
  /** Pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
  limits?: Partial<Limits>;
  /** Defaults to the configuration's; tests point providers at a local server. */
  providerEnv?: ProviderEnv;
  /** Told of every route as it is declared: tests check that each JSON route declares its answers. */
  onRoute?: (route: RouteOptions) => void;
  /** Serve the demo store at /demo; its module is loaded only then (`--demo`, DEMO=1). */
  demo?: boolean;
  /** Told of every answer that did not match its route's declared schema; tests fail on any. */
  onResponseMismatch?: ErrorHandlingOptions['onResponseMismatch'];
}

/** Default request body limit; the sync routes raise theirs to 2 MB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Never logged: credentials and signatures. */
const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-service-signature"]', 'req.headers["x-csrf-token"]'];

/**
 * TRUST_PROXY as Fastify takes it. Fastify treats a number as trusting nobody, so a hop count
 * becomes a function trusting the socket's peer and the hops behind it up to that count: the
 * client's address is then the entry that many places from the right of X-Forwarded-For, which
 * the nearest proxy wrote, never one the client sent ahead of it.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACTED_HEADERS,
            // Logged errors never carry a failed query's values (leads' emails and names...).
            serializers: { err: serializeError },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // A client that opens connections and stalls must not hold them: see HttpLimits.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // Node checks the header and request deadlines on this period (30 s by default), so a
      // deadline is met within a second of its time, or sooner for short ones.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
  });

  // Beyond this many open connections, new ones are closed as they arrive: the process keeps
  // file descriptors for its database, its files and the connections it has.
  app.server.maxConnections = config.http.maxConnections;

  const providerEnv = options.providerEnv ?? config.providers;
  const sitePolicy = { allowPrivate: config.allowPrivateSiteUrls, trustedOrigins: [new URL(config.publicBaseUrl).origin] };
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    now: options.now ?? (() => new Date()),
    // Local development and tests connect sites on loopback; everywhere else a site URL must
    // resolve only to public addresses (outbound calls check again at connection time).
    checkSiteUrl: options.checkSiteUrl ?? (config.allowPrivateSiteUrls ? async () => {} : (url) => assertSiteUrlAllowed(url, { allowPrivate: false })),
    log: app.log,
    limits: {
      ...SPEC_LIMITS,
      messagesPerConversation: config.widgetMessages.perConversation,
      messagesPerAddress: config.widgetMessages.perAddress,
      ...options.limits,
    },
    providerEnv,
    sitePolicy,
    metrics: new Metrics(database.db),
    turns: new InFlightTurns(),
    suites: new SuiteScheduler({ db: database.db, providerEnv, addressPolicy: sitePolicy }, config.testSuiteDelayMs, app.log),
    notifier: conversationNotifier(database, config.databaseUrl, app.log),
    waitingAlerts: config.alerts.smtpUrl
      ? new WaitingAlerts({
          db: database.db,
          now: options.now ?? (() => new Date()),
          log: app.log,
          transport: smtpTransport(config.alerts.smtpUrl),
          from: config.alerts.from,
          afterMinutes: config.alerts.waitingMinutes,
          publicBaseUrl: config.publicBaseUrl,
        })
      : undefined,
  };
  deps.waitingAlerts?.start();
  app.addHook('onClose', async () => deps.waitingAlerts?.close());
  app.addHook('onClose', () => deps.suites.close());
  app.addHook('onClose', () => deps.notifier.close());

  app.decorate('deps', deps);
  // Set as the request arrives, so every answer carries it: errors, 404s and hijacked streams too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandling(app, options.onResponseMismatch ? { onResponseMismatch: options.onResponseMismatch } : {});
  recordRequests(app, deps.metrics);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'sa-rl:', skipOnError: true } : {}),
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every route's zod declaration validates its input and writes its answers; the document
  // generator collects the declarations as the routes are added, so it comes first.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app, config.publicBaseUrl);

  await app.register(async (scope) => opsRoutes(scope, deps, redis));
  await app.register(async (scope) => integrationRoutes(scope, deps));
  await app.register(async (scope) => widgetRoutes(scope, deps));
  await app.register(async (scope) => dashboardRoutes(scope, deps));
  await app.register(async (scope) => playgroundRoutes(scope, deps));
  await app.register(async (scope) => widgetAssetRoutes(scope));
  await app.register(async (scope) => answerPageRoutes(scope, deps));
  if (options.demo) {
    const { demoRoutes } = await import('./modules/demo/routes.js');
    await app.register(async (scope) => demoRoutes(scope, deps));
  }

  return app;
}
