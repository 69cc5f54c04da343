import net from 'node:net';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outbox } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';
import { postgresMissing } from '../helpers/services.js';
import { init, widgetPost } from '../helpers/widget.js';
import { startPluginPeer, type PeerOptions, type PluginPeer } from '../sites/helpers/plugin-peer.js';

const postgresSkip = await postgresMissing();

/**
 * A TCP front for the plugin peer on a port of its own. Shutting it makes the site refuse
 * connections (nothing listens on the port), opening it again on the same port brings the same
 * site back: the registered site URL never changes, as with a real WordPress host going down.
 */
interface SiteFront {
  siteUrl: string;
  shut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

async function siteFront(peerUrl: string): Promise<SiteFront> {
  const upstreamPort = Number(new URL(peerUrl).port);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const shut = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { siteUrl: `http://127.0.0.1:${port}`, shut, open: () => (server.listening ? Promise.resolve() : listen(port)), close: shut };
}

type PeerMode = 'healthy' | 'slow' | 'failing';

/** WordPress's answer when PHP dies: HTML, not the plugin's JSON envelope. */
const CRITICAL_ERROR_PAGE = '<!DOCTYPE html><html><body><p>There has been a critical error on this website.</p></body></html>';

describe.each([
  { db: 'pglite' as const, skip: undefined },
  { db: 'postgres' as const, skip: postgresSkip },
])('lead delivery to a faulty plugin site on $db', ({ db, skip }) => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let peer: PluginPeer;
  let front: SiteFront;
  let mode: PeerMode = 'healthy';
  /** Each lead call the peer received, with how the peer was behaving when it arrived. */
  const calls: { leadId: string; mode: PeerMode; signatureValid: boolean; body: Record<string, unknown> }[] = [];
  const lateAnswers: NodeJS.Timeout[] = [];
  const submitted: { leadId: string; email: string }[] = [];

  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({ db });
    shop = await seedWorkspace(t.database);
    const options: PeerOptions = {
      secret: 'pending-handshake',
      override: (req: http.IncomingMessage, res: http.ServerResponse) => {
        const received = peer.requests.at(-1)!;
        if (received.path === '/wp-json/service/v1/leads') {
          calls.push({ leadId: String(received.body.lead_id), mode, signatureValid: received.signatureValid, body: received.body });
        }
        if (mode === 'slow') {
          // Answers, but only after the service's 5 s timeout has given up on it.
          lateAnswers.push(
            setTimeout(() => {
              if (res.writable)
                res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user_id: 77, created: false, role: 'customer' }));
            }, 7_000),
          );
          return true;
        }
        if (mode === 'failing') {
          res.writeHead(500, { 'content-type': 'text/html; charset=UTF-8' }).end(CRITICAL_ERROR_PAGE);
          return true;
        }
        return false;
      },
    };
    peer = await startPluginPeer(options);
    front = await siteFront(peer.siteUrl);
    const handshake = await handshakeRequest(t.app, shop.token, { site_url: front.siteUrl });
    expect(handshake.statusCode).toBe(200);
    options.secret = handshake.json().shopper_signing_secret as string;
  });

  afterAll(async () => {
    for (const timer of lateAnswers) clearTimeout(timer);
    await front?.close();
    await peer?.close();
    await t?.close();
  });

  async function submitLead(email: string, name: string) {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const response = await widgetPost(t.app, '/v1/widget/leads', session.token, { email, name });
    expect(response.statusCode).toBe(200);
    const leadId = response.json().lead_id as string;
    submitted.push({ leadId, email });
    return { leadId, conversationId: session.conversation_id as string };
  }

  const outboxRowOf = async (leadId: string) => {
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'lead_id' = ${leadId}`);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const leadRow = async (leadId: string) => (await t.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]!;
  /** Compared on the database's clock, which is the one the worker reads. */
  const dueLater = async (id: number) =>
    (await queryRows<{ later: boolean }>(t.database.db, sql`SELECT next_attempt_at > now() AS later FROM outbox WHERE id = ${id}`))[0]!.later;
  /** The backoff has passed: what the worker would see a few seconds later. */
  const makeDue = (ids: number[]) =>
    t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(outbox.id, ids));
  const worker = () => serviceOutboxWorker(t.app.deps);
  const accepted = (leadId: string) => calls.filter((c) => c.leadId === leadId && c.mode === 'healthy');

  async function expectPendingAfterFailedAttempt(leadId: string, lastError: RegExp) {
    const row = await outboxRowOf(leadId);
    expect(row).toMatchObject({ deliveredAt: null, failedAt: null, lockedUntil: null, attempts: 1, lastError: expect.stringMatching(lastError) });
    expect(await dueLater(row.id)).toBe(true);
    expect(await leadRow(leadId)).toMatchObject({ siteSyncStatus: 'pending', siteUserId: null });
    // Not retried before its time, even with the site healthy again.
    mode = 'healthy';
    await front.open();
    expect(await worker().runOnce()).toBe(0);
    expect(accepted(leadId)).toEqual([]);
    return row;
  }

  async function expectDeliveredOnce(leadId: string, email: string, conversationId: string) {
    const row = await outboxRowOf(leadId);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ failedAt: null, lastError: null, lockedUntil: null });
    expect(await leadRow(leadId)).toMatchObject({ siteSyncStatus: 'delivered', siteUserId: 77, email });
    const delivered = accepted(leadId);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ signatureValid: true, body: { lead_id: leadId, email, conversation_id: conversationId } });
    // A delivered row is done: another pass sends nothing.
    expect(await worker().runOnce()).toBe(0);
    expect(accepted(leadId)).toHaveLength(1);
  }

  it.skipIf(skip)('site down (connection refused): pending with the error, delivered once it is back and due', async () => {
    await front.shut();
    const { leadId, conversationId } = await submitLead('down@example.com', 'Dana Down');
    expect(await worker().runOnce()).toBe(1);
    expect(calls.filter((c) => c.leadId === leadId)).toEqual([]);
    const row = await expectPendingAfterFailedAttempt(leadId, /could not be reached \(ECONNREFUSED\)/);
    await makeDue([row.id]);
    expect(await worker().runOnce()).toBe(1);
    await expectDeliveredOnce(leadId, 'down@example.com', conversationId);
    expect((await outboxRowOf(leadId)).attempts).toBe(2);
  });

  it.skipIf(skip)(
    'site slower than the 5 s timeout: pending with the timeout, delivered once on the retry',
    async () => {
      mode = 'slow';
      const { leadId, conversationId } = await submitLead('slow@example.com', 'Sam Slow');
      expect(await worker().runOnce()).toBe(1);
      expect(calls.filter((c) => c.leadId === leadId).map((c) => c.mode)).toEqual(['slow']);
      const row = await expectPendingAfterFailedAttempt(leadId, /did not answer within 5 s/);
      await makeDue([row.id]);
      expect(await worker().runOnce()).toBe(1);
      await expectDeliveredOnce(leadId, 'slow@example.com', conversationId);
    },
    30_000,
  );

  it.skipIf(skip)('site answering 500: pending with the status, delivered once it answers again', async () => {
    mode = 'failing';
    const { leadId, conversationId } = await submitLead('broken@example.com', 'Bo Broken');
    expect(await worker().runOnce()).toBe(1);
    expect(calls.filter((c) => c.leadId === leadId).map((c) => c.mode)).toEqual(['failing']);
    const row = await expectPendingAfterFailedAttempt(leadId, /answered leads with an error \(500\)/);
    expect(row.lastError).not.toContain('critical error');
    await makeDue([row.id]);
    expect(await worker().runOnce()).toBe(1);
    await expectDeliveredOnce(leadId, 'broken@example.com', conversationId);
  });

  it.skipIf(skip)('a service restarted with deliveries pending delivers them from the database', async () => {
    await front.shut();
    const attempted = await submitLead('before-restart@example.com', 'Ari Attempted');
    expect(await worker().runOnce()).toBe(1);
    const attemptedRow = await outboxRowOf(attempted.leadId);
    expect(attemptedRow).toMatchObject({ deliveredAt: null, attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
    // Accepted just before the stop: no worker ever saw it.
    const untouched = await submitLead('never-tried@example.com', 'Nia Untried');
    expect((await outboxRowOf(untouched.leadId)).attempts).toBe(0);

    await t.app.close();
    const restarted = await createTestApp({ database: t.database });
    t = restarted;
    await front.open();
    // The untouched one is due at once; the attempted one waits for its backoff.
    expect(await worker().runOnce()).toBe(1);
    await expectDeliveredOnce(untouched.leadId, 'never-tried@example.com', untouched.conversationId);
    expect(accepted(attempted.leadId)).toEqual([]);
    await makeDue([attemptedRow.id]);
    expect(await worker().runOnce()).toBe(1);
    await expectDeliveredOnce(attempted.leadId, 'before-restart@example.com', attempted.conversationId);
  });

  it.skipIf(skip)('nothing was lost: every lead of the run is delivered exactly once', async () => {
    expect(submitted).toHaveLength(5);
    const rows = await t.database.db.select().from(leads).where(eq(leads.workspaceId, shop.workspaceId));
    expect(rows.map((r) => r.id).sort()).toEqual(submitted.map((s) => s.leadId).sort());
    expect(rows.every((r) => r.siteSyncStatus === 'delivered' && r.siteUserId === 77)).toBe(true);
    const queued = await t.database.db.select().from(outbox).where(eq(outbox.workspaceId, shop.workspaceId));
    expect(queued).toHaveLength(submitted.length);
    expect(queued.every((r) => r.deliveredAt !== null && r.failedAt === null)).toBe(true);
    for (const { leadId } of submitted) expect(accepted(leadId)).toHaveLength(1);
    expect(calls.every((c) => c.signatureValid)).toBe(true);
  });
});
