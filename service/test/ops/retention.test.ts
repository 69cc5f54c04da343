import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { conversations, couponApplies, leads, messages, widgetEventQuotas, widgetEvents } from '../../src/db/schema.js';
import { runRetention, startRetention } from '../../src/modules/ops/retention.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { startServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const DAY = 24 * 60 * 60 * 1000;

/** Two shops, each with a conversation for their telemetry to belong to. */
interface Seeded {
  shops: SeededWorkspace[];
  conversationIds: string[];
}

const it = appTest({
  shop: false,
  prepare: async (t): Promise<Seeded> => {
    const shops = [await seedWorkspace(t.database, 'First shop'), await seedWorkspace(t.database, 'Second shop')];
    const conversationIds: string[] = [];
    for (const shop of shops) {
      const id = randomUUID();
      await t.database.db.insert(conversations).values({ id, workspaceId: shop.workspaceId, agentId: shop.agentId, visitorId: randomUUID() });
      conversationIds.push(id);
    }
    return { shops, conversationIds };
  },
});

describe('telemetry retention', () => {
  /** One event, coupon apply and counter per shop, received `ageDays` days before `now`. */
  async function telemetryAged(t: TestApp, { shops, conversationIds }: Seeded, now: Date, ageDays: number, label: string) {
    const createdAt = new Date(now.getTime() - ageDays * DAY);
    for (const [i, shop] of shops.entries()) {
      await t.database.db.insert(widgetEvents).values({
        workspaceId: shop.workspaceId,
        agentId: shop.agentId,
        conversationId: conversationIds[i]!,
        name: 'cta_click',
        at: createdAt,
        props: { label },
        createdAt,
      });
      await t.database.db
        .insert(couponApplies)
        .values({ id: randomUUID(), workspaceId: shop.workspaceId, conversationId: conversationIds[i]!, code: label, status: 'staged', createdAt });
      await t.database.db
        .insert(widgetEventQuotas)
        .values({ agentId: shop.agentId, day: createdAt.toISOString().slice(0, 10), events: 1 })
        .onConflictDoNothing();
    }
  }

  const labels = async (t: TestApp) => ({
    events: (await t.database.db.select({ props: widgetEvents.props }).from(widgetEvents)).map((row) => row.props.label as string).sort(),
    coupons: (await t.database.db.select({ code: couponApplies.code }).from(couponApplies)).map((row) => row.code).sort(),
    quotaDays: (await t.database.db.select({ day: widgetEventQuotas.day }).from(widgetEventQuotas)).map((row) => row.day).sort(),
  });

  it('deletes events, coupon applies and counters older than the retention, in every workspace, and nothing else', async ({ service: t, prepared: seeded }) => {
    const { shops, conversationIds } = seeded;
    const now = new Date('2030-06-15T12:00:00Z');
    await telemetryAged(t, seeded, now, 200, 'old');
    await telemetryAged(t, seeded, now, 91, 'past');
    await telemetryAged(t, seeded, now, 89, 'recent');
    await telemetryAged(t, seeded, now, 0, 'today');
    await t.database.db.insert(leads).values({
      id: randomUUID(),
      workspaceId: shops[0]!.workspaceId,
      agentId: shops[0]!.agentId,
      conversationId: conversationIds[0]!,
      email: 'kept@example.com',
      createdAt: new Date(now.getTime() - 400 * DAY),
    });
    await t.database.db.insert(messages).values({
      id: randomUUID(),
      conversationId: conversationIds[0]!,
      workspaceId: shops[0]!.workspaceId,
      role: 'user',
      content: 'kept',
      createdAt: new Date(now.getTime() - 400 * DAY),
    });

    const result = await runRetention(t.database.db, { now, days: 90 });
    expect(result).toEqual({ cutoff: '2030-03-17T12:00:00.000Z', widget_events: 4, coupon_applies: 4, event_quotas: 4 });
    expect(await labels(t)).toEqual({
      events: ['recent', 'recent', 'today', 'today'],
      coupons: ['recent', 'recent', 'today', 'today'],
      quotaDays: ['2030-03-18', '2030-03-18', '2030-06-15', '2030-06-15'],
    });
    // The shop's records stay, however old.
    expect(await t.database.db.$count(leads, eq(leads.email, 'kept@example.com'))).toBe(1);
    expect(await t.database.db.$count(messages, eq(messages.content, 'kept'))).toBe(1);
    expect(await t.database.db.$count(conversations)).toBe(2);

    // Two days later on the injected clock, the 89-day-old rows are past it too.
    const later = await runRetention(t.database.db, { now: new Date(now.getTime() + 2 * DAY), days: 90 });
    expect(later).toMatchObject({ widget_events: 2, coupon_applies: 2, event_quotas: 2 });
    expect((await labels(t)).events).toEqual(['today', 'today']);
    await t.database.db.delete(widgetEvents);
    await t.database.db.delete(couponApplies);
    await t.database.db.delete(widgetEventQuotas);
  });

  it('works through a backlog larger than one batch', async ({ service: t, prepared: seeded }) => {
    const now = new Date('2031-01-01T00:00:00Z');
    for (let i = 0; i < 7; i += 1) await telemetryAged(t, seeded, now, 100 + i, `backlog-${i}`);
    const result = await runRetention(t.database.db, { now, days: 90, batch: 3 });
    expect(result).toMatchObject({ widget_events: 14, coupon_applies: 14, event_quotas: 14 });
    expect(await labels(t)).toEqual({ events: [], coupons: [], quotaDays: [] });
  });

  it('runs at start and then on its interval, with the clock it is given', async ({ service: t, prepared: seeded }) => {
    let now = new Date('2032-01-01T00:00:00Z');
    await telemetryAged(t, seeded, now, 95, 'at-start');
    const job = startRetention(t.database.db, { now: () => now, days: 90, log: t.app.log, intervalMs: 50 });
    try {
      await waitFor('the retention run', async () => ((await labels(t)).events.length === 0 ? true : undefined), 10_000);
      await telemetryAged(t, seeded, now, 10, 'ten-days-old');
      // Nothing to delete yet; 81 days later on the clock, the next run deletes it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await labels(t)).events).toEqual(['ten-days-old', 'ten-days-old']);
      now = new Date(now.getTime() + 81 * DAY);
      await waitFor('the retention run', async () => ((await labels(t)).events.length === 0 ? true : undefined), 10_000);
    } finally {
      await job.stop();
    }
  });
});

describe('the server process', () => {
  it('runs the retention with TELEMETRY_RETENTION_DAYS', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sa-retention-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const shop = await seedWorkspace(database, 'Retained shop');
      const now = Date.now();
      for (const ageDays of [45, 5]) {
        await database.db.insert(widgetEvents).values({
          workspaceId: shop.workspaceId,
          agentId: shop.agentId,
          name: 'dismiss',
          at: new Date(now - ageDays * DAY),
          props: { ageDays },
          createdAt: new Date(now - ageDays * DAY),
        });
      }
      await database.close();

      const server = await startServerProcess({ env: { DATA_DIR: dataDir, TELEMETRY_RETENTION_DAYS: '30' } });
      try {
        await waitFor('the retention log line', async () => (server.output().includes('telemetry retention: old rows deleted') ? true : undefined), 30_000);
      } finally {
        await server.kill('SIGTERM');
      }
      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const left = await reopened.db.select({ props: widgetEvents.props }).from(widgetEvents);
        expect(left.map((row) => row.props.ageDays)).toEqual([5]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
