import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Db } from '../../db/client.js';
import type { TurnEvent } from '../assistant/events.js';

/**
 * The service's Prometheus metrics. Each app has its own registry (never prom-client's global
 * one), so that tests and benchmarks can build many apps in one process without their counters
 * colliding. Outbox figures are read from the database on each scrape: every instance sees the
 * same shared queue, and a scrape is the only moment they are needed.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response (to the end of the stream for SSE)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly openStreams = new Gauge({
    name: 'sse_open_streams',
    help: 'Server-Sent Event streams currently open',
    registers: [this.registry],
  });

  readonly timeToFirstToken = new Histogram({
    name: 'assistant_time_to_first_token_seconds',
    help: 'Time from the start of a turn to the first text of its answer',
    buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30],
    registers: [this.registry],
  });

  readonly providerErrors = new Counter({
    name: 'assistant_provider_errors_total',
    help: 'Turns that failed after they had started (the model provider or a tool failing), by error code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly syncItems = new Counter({
    name: 'sync_items_total',
    help: 'Items received by the integration sync routes, by kind and outcome',
    labelNames: ['kind', 'status'] as const,
    registers: [this.registry],
  });

  constructor(db: Db) {
    const waiting = sql`FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL`;
    new Gauge({
      name: 'outbox_backlog',
      help: 'Outbox deliveries neither delivered nor given up',
      registers: [this.registry],
      async collect() {
        const [row] = await queryRows<{ value: number }>(db, sql`SELECT count(*)::int AS value ${waiting}`);
        this.set(Number(row?.value ?? 0));
      },
    });
    new Gauge({
      name: 'outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox delivery still waiting (0 when none is)',
      registers: [this.registry],
      async collect() {
        const [row] = await queryRows<{ value: number | null }>(db, sql`SELECT EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS value ${waiting}`);
        this.set(Math.max(0, Number(row?.value ?? 0)));
      },
    });
  }

  /**
   * Passes a turn's events through, timing the first text and counting turns that fail after
   * their start. Stopping early (`return`) reaches the inner turn, so it still saves its partial answer.
   */
  async *observeTurn(events: AsyncGenerator<TurnEvent, void, undefined>): AsyncGenerator<TurnEvent, void, undefined> {
    const startedAt = performance.now();
    let begun = false;
    let answering = false;
    for await (const event of events) {
      if (event.type === 'start') begun = true;
      if (event.type === 'delta' && !answering) {
        answering = true;
        this.timeToFirstToken.observe((performance.now() - startedAt) / 1000);
      }
      // Errors before `start` are refusals (busy, budget, bad input), not failures.
      if (event.type === 'error' && begun) this.providerErrors.inc({ code: event.code });
      yield event;
    }
  }

  /** One answered request, by its route pattern. */
  observeRequest(request: FastifyRequest, status: number): void {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, (performance.now() - request.receivedAt) / 1000);
  }

  /**
   * Counts an SSE stream as open until `streaming` settles, and records its request when the
   * connection closes: the whole stream is its duration.
   */
  trackStream(request: FastifyRequest, reply: FastifyReply, streaming: Promise<void>): Promise<void> {
    reply.raw.once('close', () => this.observeRequest(request, reply.raw.statusCode));
    this.openStreams.inc();
    return streaming.finally(() => this.openStreams.dec());
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived: the start of its http_request_duration_seconds. */
    receivedAt: number;
  }
}

/**
 * Counts and times every request by its route pattern (never the raw URL, whose ids would make
 * one series per conversation). A response is measured when Fastify sends it (onSend), with no
 * per-request listener: a `close` listener on every response cost init 5 to 16 % of its
 * throughput (bench/widget-api.ts). Streams leave Fastify's lifecycle when they hijack the reply;
 * `trackStream` measures them to the connection's close instead, which also comes for visitors
 * who leave early.
 */
export function recordRequests(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.receivedAt = performance.now();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    metrics.observeRequest(request, reply.statusCode);
    done(null, payload);
  });
}
