import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { safeErrorMessage } from '../../lib/safe-errors.js';

/**
 * Deliveries that must not be lost (to sites, to a team's webhook). A row is written in the same transaction as the
 * change it announces, and workers deliver it afterwards: a site that is down, or this process
 * restarting, only delays a delivery. Delivery is at least once, so every handler is idempotent.
 */

/** A lead for the site; a handoff notice for the team's webhook (conversations/handoff-webhook.ts). */
export type OutboxKind = 'lead.upsert' | 'handoff.webhook';

export interface OutboxRow {
  id: number;
  workspace_id: string;
  site_id: string | null;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

/** Keep retrying this long before a delivery is marked failed (the spec asks for at least 24 h). */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** A claimed row is someone's for this long; a crashed worker's claim then expires. */
const CLAIM_SECONDS = 60;

export async function enqueue(tx: Tx | Db, entry: { workspaceId: string; siteId: string | null; kind: OutboxKind; payload: Record<string, unknown> }) {
  await tx.insert(outbox).values({ workspaceId: entry.workspaceId, siteId: entry.siteId, kind: entry.kind, payload: entry.payload });
}

/** 5 s, 10 s, 20 s ... capped at one hour, with jitter so retries of many rows spread out. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type OutboxHandler = (row: OutboxRow) => Promise<void>;

/** What a handler throws when retrying cannot help (the row is marked failed at once). */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface OutboxWorker {
  /** Claims and delivers what is due; returns how many rows it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxWorker(
  db: Db,
  handlers: Record<OutboxKind, OutboxHandler>,
  options: { log: FastifyBaseLogger; intervalMs?: number; batchSize?: number; onFailure?: (row: OutboxRow, error: unknown) => Promise<void> },
): OutboxWorker & { start(): void } {
  const batchSize = options.batchSize ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const claim = () =>
    queryRows<OutboxRow>(
      db,
      sql`UPDATE outbox SET locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
           WHERE id IN (SELECT id FROM outbox
                         WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                           AND (locked_until IS NULL OR locked_until < now())
                         ORDER BY id LIMIT ${batchSize}
                         FOR UPDATE SKIP LOCKED)
       RETURNING id, workspace_id, site_id, kind, payload, attempts, created_at`,
    );

  const deliver = async (row: OutboxRow) => {
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new PermanentDeliveryError(`no handler for ${row.kind}`);
      await handler(row);
      await queryRows(db, sql`UPDATE outbox SET delivered_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${row.id}`);
    } catch (error) {
      // Logged and kept in last_error: without the values of a failed query.
      const message = safeErrorMessage(error).slice(0, 500);
      const expired = Date.now() - new Date(row.created_at).getTime() > GIVE_UP_AFTER_MS;
      if (error instanceof PermanentDeliveryError || expired) {
        await queryRows(db, sql`UPDATE outbox SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE id = ${row.id}`);
        await options.onFailure?.(row, error);
        options.log.error({ outbox_id: row.id, kind: row.kind, attempts: row.attempts }, `delivery failed for good: ${message}`);
      } else {
        const delay = backoffMs(row.attempts);
        await queryRows(
          db,
          sql`UPDATE outbox SET locked_until = NULL, last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delay / 1000}) WHERE id = ${row.id}`,
        );
        options.log.warn({ outbox_id: row.id, kind: row.kind, attempts: row.attempts, retry_in_ms: delay }, `delivery failed, will retry: ${message}`);
      }
    }
  };

  const runOnce = async () => {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) await deliver(row);
      handled += rows.length;
      if (rows.length < batchSize || stopped) return handled;
    }
  };

  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'outbox poll failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 2_000);
      });
  };

  return {
    runOnce,
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
