import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';

/**
 * Telemetry retention: widget events and coupon applies (analytics), and the per-agent daily
 * event counters, are deleted once older than TELEMETRY_RETENTION_DAYS (default 90). Leads,
 * conversations and their messages are the shop's records and are not touched.
 *
 * Rows are deleted in batches, each its own statement, so a large backlog never holds a long
 * lock or one huge transaction. Every instance runs the job; deleting is idempotent, so
 * instances running it at once only share the work.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_BATCH = 5_000;
/** Hourly: an hour's worth of rows is a few batches even for a busy install. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionResult {
  cutoff: string;
  widget_events: number;
  coupon_applies: number;
  event_quotas: number;
}

async function deleteInBatches(db: Db, deleteBatch: (limit: number) => ReturnType<typeof sql>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(db, sql`WITH gone AS (${deleteBatch(batch)} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/** Deletes what is older than `days` days before `now`; returns how many rows of each kind. */
export async function runRetention(db: Db, options: { now: Date; days: number; batch?: number }): Promise<RetentionResult> {
  const batch = options.batch ?? RETENTION_BATCH;
  const cutoff = new Date(options.now.getTime() - options.days * DAY_MS);
  const cutoffDay = cutoff.toISOString().slice(0, 10);
  const widgetEvents = await deleteInBatches(
    db,
    (limit) => sql`DELETE FROM widget_events WHERE id IN (SELECT id FROM widget_events WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${limit})`,
    batch,
  );
  const couponApplies = await deleteInBatches(
    db,
    (limit) => sql`DELETE FROM coupon_applies WHERE id IN (SELECT id FROM coupon_applies WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${limit})`,
    batch,
  );
  // Counters matter only for the current day; older ones go with the rest of the telemetry.
  const eventQuotas = await deleteInBatches(
    db,
    (limit) =>
      sql`DELETE FROM widget_event_quotas WHERE (agent_id, day) IN (SELECT agent_id, day FROM widget_event_quotas WHERE day < ${cutoffDay}::date LIMIT ${limit})`,
    batch,
  );
  return { cutoff: cutoff.toISOString(), widget_events: widgetEvents, coupon_applies: couponApplies, event_quotas: eventQuotas };
}

export interface RetentionJob {
  /** Runs once now (also what the timer calls). */
  runOnce(): Promise<RetentionResult>;
  stop(): Promise<void>;
}

/**
 * Runs the retention at start and then every `intervalMs`, with the service's clock. A failed
 * run is logged and tried again at the next interval.
 */
export function startRetention(db: Db, options: { now: () => Date; days: number; log: FastifyBaseLogger; intervalMs?: number }): RetentionJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const runOnce = () => runRetention(db, { now: options.now(), days: options.days });
  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .then(
        (result) => {
          const deleted = result.widget_events + result.coupon_applies + result.event_quotas;
          if (deleted > 0) options.log.info({ retention_days: options.days, ...result }, 'telemetry retention: old rows deleted');
        },
        (error: unknown) => options.log.warn({ err: error }, 'telemetry retention failed; trying again at the next interval'),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, options.intervalMs ?? RETENTION_INTERVAL_MS);
          timer.unref();
        }
      });
  };
  tick();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
