import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { handoffWebhooks, outbox } from '../../src/db/schema.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { SignatureError, signatureHeader, verifySignature } from '../../src/lib/signature.js';
import { createTestApp, seedWorkspace } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init, widgetPost } from '../helpers/widget.js';
import { asUser, createMember, signIn, type SignedIn } from '../dashboard/helpers.js';

/**
 * The team's webhook for handoff notices: registered in the dashboard with a secret shown once,
 * queued in the transaction of the change, delivered by the outbox worker to a real HTTP receiver
 * on loopback, retried after a failure with the same delivery id, and signed so that a receiver
 * can tell a forged or altered notice.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers the queued statuses in turn (then 200), keeping every request it got. */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/store?source=assistant`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Team {
  owner: SignedIn;
  editor: SignedIn;
}

const it = appTest<Team>({
  prepare: async (service, shop) => ({
    owner: await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner')),
    editor: await signIn(service.app, await createMember(service.database, shop.workspaceId, 'editor')),
  }),
});

const receivers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

async function askForPerson(service: { app: Parameters<typeof init>[0] }, agentId: string) {
  const started = (await init(service.app, { agent_id: agentId })).json() as { conversation_id: string; token: string };
  expect((await widgetPost(service.app, '/v1/widget/handoff', started.token, { source: 'talk_to_person' })).json().state).toBe('waiting_for_human');
  return started;
}

describe('the team’s webhook for handoff notices', () => {
  it('is signed, retried after a failure with the same delivery id, and tells a resolution too', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const hook = await receiver([503]);
    receivers.push(hook);
    const registered = await asUser(service.app, prepared.owner, 'PUT', '/app/api/handoff-webhook', { url: hook.url });
    expect(registered.statusCode).toBe(200);
    const { secret } = registered.json() as { secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // The secret is shown once: reading the webhook back never answers it.
    const read = await asUser(service.app, prepared.owner, 'GET', '/app/api/handoff-webhook');
    expect(read.json()).toEqual({ webhook: { url: hook.url, created_at: expect.any(String) } });
    expect(read.body).not.toContain(secret);
    expect((await asUser(service.app, prepared.owner, 'GET', '/app/tokens')).body).not.toContain(secret);

    const visitor = await askForPerson(service, shop.agentId);
    const [queued] = await service.database.db.select().from(outbox).where(eq(outbox.kind, 'handoff.webhook'));
    expect(queued).toMatchObject({ workspaceId: shop.workspaceId, attempts: 0, deliveredAt: null });

    const worker = serviceOutboxWorker(service.app.deps);
    // First attempt: the receiver answers 503, so the notice stays queued with a later attempt.
    await worker.runOnce();
    expect(hook.received).toHaveLength(1);
    const [afterFailure] = await service.database.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(afterFailure).toMatchObject({ attempts: 1, deliveredAt: null, failedAt: null, lastError: 'the webhook answered 503' });
    const [due] = await queryRows<{ wait: number | string }>(
      service.database.db,
      sql`SELECT extract(epoch FROM next_attempt_at - now()) AS wait FROM outbox WHERE id = ${queued!.id}`,
    );
    expect(Number(due!.wait)).toBeGreaterThan(3);
    // Not due yet: running again sends nothing.
    await worker.runOnce();
    expect(hook.received).toHaveLength(1);

    // The backoff has passed.
    await service.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, queued!.id));
    await worker.runOnce();
    expect(hook.received).toHaveLength(2);
    const [delivered] = await service.database.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(delivered!.attempts).toBe(2);

    for (const attempt of hook.received) {
      expect(attempt.headers['content-type']).toBe('application/json');
      expect(attempt.headers['x-service-event']).toBe('conversation.waiting_for_human');
      // Each attempt is signed over its own bytes with the registered secret.
      expect(() => verifySignature(String(attempt.headers['x-service-signature']), attempt.body, { keys: [secret] })).not.toThrow();
    }
    // The same notice both times: a receiver can drop the repeat by its id.
    expect(hook.received[0]!.headers['x-service-delivery']).toBe(hook.received[1]!.headers['x-service-delivery']);
    expect(hook.received[0]!.body).toBe(hook.received[1]!.body);
    const notice = JSON.parse(hook.received[1]!.body);
    expect(notice).toEqual({
      id: hook.received[1]!.headers['x-service-delivery'],
      type: 'conversation.waiting_for_human',
      created_at: expect.any(String),
      conversation: {
        id: visitor.conversation_id,
        state: 'waiting_for_human',
        trigger: 'visitor',
        agent: { id: shop.agentId, name: 'Test shop assistant' },
        url: `${service.config.publicBaseUrl.replace(/\/+$/, '')}/app/inbox/${visitor.conversation_id}`,
      },
    });

    // Resolving the conversation is told too.
    expect((await asUser(service.app, prepared.owner, 'POST', `/app/api/conversations/${visitor.conversation_id}/resolve`)).statusCode).toBe(200);
    await worker.runOnce();
    expect(hook.received).toHaveLength(3);
    expect(JSON.parse(hook.received[2]!.body)).toMatchObject({ type: 'conversation.resolved', conversation: { state: 'resolved', trigger: 'team_resolve' } });
    expect(() => verifySignature(String(hook.received[2]!.headers['x-service-signature']), hook.received[2]!.body, { keys: [secret] })).not.toThrow();
  });

  it('lets a receiver refuse a forged, altered, replayed or wrongly keyed notice', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const hook = await receiver([]);
    receivers.push(hook);
    const { secret } = (await asUser(service.app, prepared.owner, 'PUT', '/app/api/handoff-webhook', { url: hook.url })).json() as { secret: string };
    await askForPerson(service, shop.agentId);
    await serviceOutboxWorker(service.app.deps).runOnce();
    const genuine = hook.received.at(-1)!;
    const header = String(genuine.headers['x-service-signature']);
    expect(() => verifySignature(header, genuine.body, { keys: [secret] })).not.toThrow();

    const mismatch = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error instanceof SignatureError ? error.reason : 'other';
      }
      return 'accepted';
    };
    // The body altered after signing (another conversation named).
    const altered = genuine.body.replace(/"state":"waiting_for_human"/, '"state":"resolved"');
    expect(altered).not.toBe(genuine.body);
    expect(mismatch(() => verifySignature(header, altered, { keys: [secret] }))).toBe('mismatch');
    // A notice made by someone without the secret.
    expect(mismatch(() => verifySignature(signatureHeader('whsec_guessed', genuine.body), genuine.body, { keys: [secret] }))).toBe('mismatch');
    // The genuine notice replayed an hour later.
    const later = () => Math.floor(Date.now() / 1000) + 3600;
    expect(mismatch(() => verifySignature(header, genuine.body, { keys: [secret], now: later }))).toBe('expired');
    // Registering again rotates the secret: the old one no longer verifies new notices.
    const rotated = (await asUser(service.app, prepared.owner, 'PUT', '/app/api/handoff-webhook', { url: hook.url })).json() as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    await askForPerson(service, shop.agentId);
    await serviceOutboxWorker(service.app.deps).runOnce();
    const next = hook.received.at(-1)!;
    expect(mismatch(() => verifySignature(String(next.headers['x-service-signature']), next.body, { keys: [secret] }))).toBe('mismatch');
    expect(mismatch(() => verifySignature(String(next.headers['x-service-signature']), next.body, { keys: [rotated.secret] }))).toBe('accepted');
  });

  it('is managed only by members who manage tokens, and a removed webhook gets nothing more', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const hook = await receiver([]);
    receivers.push(hook);
    const refused = await asUser(service.app, prepared.editor, 'PUT', '/app/api/handoff-webhook', { url: hook.url });
    expect(refused.statusCode).toBe(403);
    expect((await asUser(service.app, prepared.editor, 'DELETE', '/app/api/handoff-webhook')).statusCode).toBe(403);

    // Bad URLs are refused with the field named, and the registered webhook is left as it was.
    expect((await asUser(service.app, prepared.owner, 'PUT', '/app/api/handoff-webhook', { url: hook.url })).statusCode).toBe(200);
    const [before] = await service.database.db.select().from(handoffWebhooks).where(eq(handoffWebhooks.workspaceId, shop.workspaceId));
    for (const url of [
      'ftp://hooks.example/x',
      'not a url',
      'https://user:pw@hooks.example/x',
      'https://hooks.example/x#frag',
      'https://hooks\u0000.example/x',
    ]) {
      const response = await asUser(service.app, prepared.owner, 'PUT', '/app/api/handoff-webhook', { url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { url: [expect.any(String)] } });
    }
    const [after] = await service.database.db.select().from(handoffWebhooks).where(eq(handoffWebhooks.workspaceId, shop.workspaceId));
    expect(after).toEqual(before);

    // Removed while a notice is queued: the notice is dropped, not sent.
    await askForPerson(service, shop.agentId);
    expect((await asUser(service.app, prepared.owner, 'DELETE', '/app/api/handoff-webhook')).json()).toEqual({ removed: true });
    const sent = hook.received.length;
    await serviceOutboxWorker(service.app.deps).runOnce();
    expect(hook.received).toHaveLength(sent);
    const dropped = await service.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'handoff.webhook'), eq(outbox.lastError, 'the workspace no longer has a webhook')));
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((row) => row.failedAt !== null)).toBe(true);
  });
});

describe('the webhook address policy', () => {
  it('refuses loopback, private and plain-http URLs when private addresses are not allowed', { timeout: 120_000 }, async () => {
    const service = await createTestApp({ config: { allowPrivateSiteUrls: false } });
    try {
      const shop = await seedWorkspace(service.database, 'Strict shop');
      const owner = await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner'));
      for (const url of ['https://127.0.0.1:8443/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://10.0.0.7/hook']) {
        const response = await asUser(service.app, owner, 'PUT', '/app/api/handoff-webhook', { url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors.url).toEqual(['resolves to a private or reserved address']);
      }
      const plain = await asUser(service.app, owner, 'PUT', '/app/api/handoff-webhook', { url: 'http://93.184.215.14/hook' });
      expect(plain.json().errors.url).toEqual(['must be an absolute https URL']);
      expect(await service.database.db.$count(handoffWebhooks)).toBe(0);

      // A webhook stored before the policy applied (or whose name now resolves privately) is not called.
      await service.database.db.insert(handoffWebhooks).values({ workspaceId: shop.workspaceId, url: 'https://127.0.0.1:9/hook', secret: 'whsec_x' });
      await askForPerson(service, shop.agentId);
      await serviceOutboxWorker(service.app.deps).runOnce();
      const [row] = await service.database.db.select().from(outbox).where(eq(outbox.kind, 'handoff.webhook'));
      expect(row).toMatchObject({ lastError: 'the webhook URL resolves to a private or reserved address', deliveredAt: null });
      expect(row!.failedAt).not.toBeNull();
    } finally {
      await service.close();
    }
  });
});
