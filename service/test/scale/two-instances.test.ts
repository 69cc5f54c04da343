import { asc, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { listMigrations } from '../../src/db/migrate.js';
import { leads, outbox } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { emptyPostgresDatabase } from '../helpers/database.js';
import { postgresMissing, REDIS_TEST_URL, redisMissing } from '../helpers/services.js';
import { SHOP_ORIGIN } from '../helpers/widget.js';
import { startPluginPeer, type PeerOptions, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { waitFor } from '../helpers/wait.js';

const skip = (await postgresMissing()) ?? (await redisMissing());

/** A Redis database of its own: the suite flushes it, so it must not share one with other suites. */
function scaleRedisUrl(): string {
  const url = new URL(REDIS_TEST_URL);
  url.pathname = '/14';
  return url.toString();
}

interface WidgetSession {
  conversation_id: string;
  visitor_id: string;
  token: string;
  messages: { role: string; content: string }[];
}

/**
 * A widget request as a browser on the shop sends it. The processes trust X-Forwarded-For (as
 * behind a load balancer), so each part of the suite is a visitor with an address of its own and
 * the per-IP limit of one part does not eat into another's.
 */
function widgetRequest(server: ServerProcess, path: string, body: unknown, options: { ip: string; token?: string }) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: SHOP_ORIGIN,
      'x-forwarded-for': options.ip,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function initOn(server: ServerProcess, body: Record<string, unknown>, ip: string): Promise<WidgetSession> {
  const response = await widgetRequest(server, '/v1/widget/init', body, { ip });
  expect(response.status).toBe(200);
  return (await response.json()) as WidgetSession;
}

describe.skipIf(skip)('two service processes on one PostgreSQL and one Redis', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let db: Database;
  let redis: Redis;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let shop: SeededWorkspace;

  beforeAll(async () => {
    redis = new Redis(scaleRedisUrl(), { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    database = await emptyPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: scaleRedisUrl(),
      ALLOW_PRIVATE_SITE_URLS: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      // Instances behind one load balancer share its address, which is also the issuer of the
      // widget tokens: a token from one instance is only good on the other with the same one.
      PUBLIC_BASE_URL: 'https://assistant.example',
    };
    // Both processes must be inside their migrations at the same moment, however far apart
    // their start-up times are: the migrations table is held until both wait on a lock, then
    // let go. Whatever serializes the migrations must keep the second from applying them again.
    const gatekeeper = new pg.Client({ connectionString: database.url });
    // Backend states read inside a transaction are a snapshot; the watcher reads them afresh.
    const watcher = new pg.Client({ connectionString: database.url });
    await Promise.all([gatekeeper.connect(), watcher.connect()]);
    let starting: Promise<ServerProcess>[] = [];
    let notBothWaiting: unknown;
    try {
      await gatekeeper.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      await gatekeeper.query('BEGIN');
      await gatekeeper.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');
      starting = [startServerProcess({ env }), startServerProcess({ env })];
      await waitFor(
        'both processes to wait for the migrations',
        async () => {
          const { rows } = await watcher.query<{ waiting: number }>(
            "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return rows[0]!.waiting === 2 ? true : undefined;
        },
        30_000,
      );
    } catch (error) {
      notBothWaiting = error;
    } finally {
      await gatekeeper.query('COMMIT').catch(() => {});
      await Promise.all([gatekeeper.end(), watcher.end()]);
    }
    // Whatever happened, the processes are collected so that afterAll can end them.
    const started = await Promise.allSettled(starting);
    [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    if (notBothWaiting) throw notBothWaiting;
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 }, { migrate: false });
    shop = await seedWorkspace(db);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await db?.close();
    await database?.drop();
    await redis?.quit();
  });

  it('both came up on the database they migrated together, each migration applied once', async () => {
    expect((await fetch(`${a!.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${b!.baseUrl}/readyz`)).status).toBe(200);
    const applied = await queryRows<{ name: string; times: number }>(
      db.db,
      sql`SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name`,
    );
    expect(applied).toEqual(listMigrations().map((migration) => ({ name: migration.name, times: 1 })));
  });

  it('a conversation started on A continues on B: messages, resume and a lead', async () => {
    const ip = '198.51.100.1';
    const started = await initOn(a!, { agent_id: shop.agentId, locale: 'en' }, ip);
    expect(started.messages).toEqual([]);

    const ask = async (server: ServerProcess, message: string) => {
      const response = await widgetRequest(server, '/v1/widget/messages', { message }, { ip, token: started.token });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { message: { role: string; content: string } };
      expect(body.message.role).toBe('assistant');
      expect(body.message.content.length).toBeGreaterThan(0);
      return body.message.content;
    };
    const firstAnswer = await ask(a!, 'Do you ship to Germany?');
    // B verifies a token A issued and finds the conversation A started.
    const secondAnswer = await ask(b!, 'Can I return a pair of shoes?');

    const resumed = await initOn(b!, { agent_id: shop.agentId, conversation_id: started.conversation_id, visitor_id: started.visitor_id }, ip);
    expect(resumed.conversation_id).toBe(started.conversation_id);
    expect(resumed.visitor_id).toBe(started.visitor_id);
    expect(resumed.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Do you ship to Germany?'],
      ['assistant', firstAnswer],
      ['user', 'Can I return a pair of shoes?'],
      ['assistant', secondAnswer],
    ]);

    const lead = await widgetRequest(b!, '/v1/widget/leads', { email: 'Across@Example.com', name: 'Across' }, { ip, token: started.token });
    expect(lead.status).toBe(200);
    const { lead_id: leadId } = (await lead.json()) as { lead_id: string };
    const [row] = await db.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ email: 'across@example.com', name: 'Across', conversationId: started.conversation_id, agentId: shop.agentId });
  });

  it('the 61st init in a minute from one IP, spread across A and B, gets 429 with Retry-After', async () => {
    const ip = '198.51.100.2';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await widgetRequest(i % 2 === 0 ? a! : b!, '/v1/widget/init', { agent_id: shop.agentId }, { ip });
      statuses.push(response.status);
    }
    // Each process saw only 30: a limit kept in each process's memory would let these through.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    for (const server of [a!, b!]) {
      const limited = await widgetRequest(server, '/v1/widget/init', { agent_id: shop.agentId }, { ip });
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const keys = await redis.keys(`*widget-init:${ip}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBeGreaterThanOrEqual(61);

    // The limit is the address's, not everyone's.
    expect((await widgetRequest(b!, '/v1/widget/init', { agent_id: shop.agentId }, { ip: '198.51.100.20' })).status).toBe(200);
  });

  it('delivers each lead exactly once to the site while both processes deliver at the same time', async () => {
    const ip = '198.51.100.3';
    // The site takes a quarter of a second per lead. A process delivers its claimed rows one
    // after another, so two deliveries in flight at once can only mean both processes' workers
    // are delivering; with thirty leads to go through, the second worker's poll comes while the
    // first is still busy with its batch.
    let inFlight = 0;
    let mostInFlight = 0;
    const peerOptions: PeerOptions = {
      secret: 'replaced after the handshake',
      override: (req, res) => {
        if (!req.url?.endsWith('/wp-json/service/v1/leads')) return false;
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        setTimeout(() => {
          inFlight -= 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ user_id: 77, created: true, role: 'customer' }));
        }, 250);
        return true;
      },
    };
    let peer: PluginPeer | undefined;
    try {
      peer = await startPluginPeer(peerOptions);
      const handshake = await fetch(`${a!.baseUrl}/api/v1/wp/handshake`, {
        method: 'POST',
        headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ site_url: peer.siteUrl, plugin_version: '1.0.0', shop_plugin: { active: true, version: '9.4.0' } }),
      });
      expect(handshake.status).toBe(200);
      peerOptions.secret = ((await handshake.json()) as { shopper_signing_secret: string }).shopper_signing_secret;

      // Five leads per widget token is the per-token limit, so six visitors bring thirty, each
      // from an address of their own (an address gets 20 leads an hour).
      const sessions = await Promise.all(Array.from({ length: 6 }, (_, i) => initOn(i % 2 === 0 ? a! : b!, { agent_id: shop.agentId }, ip)));
      const emails = Array.from({ length: 30 }, (_, i) => `buyer${i}@example.com`);
      const submitted = await Promise.all(
        emails.map((email, i) =>
          widgetRequest(
            i % 2 === 0 ? a! : b!,
            '/v1/widget/leads',
            { email, name: `Buyer ${i}` },
            { ip: `198.51.100.${20 + Math.floor(i / 5)}`, token: sessions[Math.floor(i / 5)]!.token },
          ),
        ),
      );
      expect(submitted.map((response) => response.status)).toEqual(emails.map(() => 200));
      const leadIds = await Promise.all(submitted.map(async (response) => ((await response.json()) as { lead_id: string }).lead_id));

      await waitFor(
        'all leads delivered',
        async () => {
          const [row] = await queryRows<{ waiting: number }>(
            db.db,
            sql`SELECT count(*)::int AS waiting FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL`,
          );
          return row!.waiting === 0 ? true : undefined;
        },
        20_000,
      );
      // A duplicate would come from a worker that claimed a row another was delivering, and it
      // could sit behind nine others in that worker's batch: wait that long before counting.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const calls = peer.requests.filter((request) => request.path === '/wp-json/service/v1/leads');
      expect(calls.every((call) => call.signatureValid)).toBe(true);
      expect(calls.map((call) => call.body.email).sort()).toEqual([...emails].sort());
      expect(Object.fromEntries(calls.map((call) => [call.body.email, call.body.lead_id]))).toEqual(
        Object.fromEntries(emails.map((email, i) => [email, leadIds[i]])),
      );
      expect(mostInFlight).toBeGreaterThanOrEqual(2);

      const rows = await db.db.select().from(outbox).orderBy(asc(outbox.id));
      expect(rows).toHaveLength(30);
      for (const row of rows) {
        expect(row).toMatchObject({ kind: 'lead.upsert', attempts: 1, failedAt: null, lastError: null, deliveredAt: expect.any(Date) });
      }
      expect(rows.map((row) => row.payload.lead_id).sort()).toEqual([...leadIds].sort());
      const delivered = await db.db.select().from(leads).where(eq(leads.siteSyncStatus, 'delivered'));
      expect(delivered.map((lead) => lead.email).sort()).toEqual([...emails].sort());
      expect(delivered.every((lead) => lead.siteUserId === 77)).toBe(true);
    } finally {
      await peer?.close();
    }
  }, 45_000);
});
