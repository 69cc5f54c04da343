import { readEventStream } from '@storefront-assistant/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { emptyPostgresDatabase } from '../helpers/database.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { postgresMissing } from '../helpers/services.js';
import { SHOP_ORIGIN } from '../helpers/widget.js';
import { createMember, PASSWORD } from '../dashboard/helpers.js';

const skip = await postgresMissing();

/** Both instances stand behind one address, which issues the widget tokens and is the dashboard's origin. */
const PUBLIC_BASE_URL = 'https://assistant.example';

describe.skipIf(skip)('a team reply crosses service instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let db: Database | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let shop: SeededWorkspace;

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    const env = { DATABASE_URL: database.url, PUBLIC_BASE_URL, TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
    // One after the other: the second finds the migrations applied.
    a = await startServerProcess({ env });
    b = await startServerProcess({ env });
    db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }, { migrate: false });
    shop = await seedWorkspace(db);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await db?.close();
    await database?.drop();
  });

  it('reaches the visitor on instance B within 1 s of the owner replying on instance A', async () => {
    // The owner signs in on A: a member who may reply is online, so a request for a person waits for them.
    const email = await createMember(db!, shop.workspaceId, 'owner');
    await db!.db.update(users).set({ name: 'Mara' }).where(eq(users.email, email));
    const login = await fetch(`${a!.baseUrl}/app/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_BASE_URL, 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const { csrf_token: csrf } = (await login.json()) as { csrf_token: string };

    // The visitor is on B.
    const widget = { 'content-type': 'application/json', origin: SHOP_ORIGIN, 'x-forwarded-for': '198.51.100.2' };
    const started = await fetch(`${b!.baseUrl}/v1/widget/init`, { method: 'POST', headers: widget, body: JSON.stringify({ agent_id: shop.agentId }) });
    const { token, conversation_id: conversationId } = (await started.json()) as { token: string; conversation_id: string };
    const asked = await fetch(`${b!.baseUrl}/v1/widget/handoff`, {
      method: 'POST',
      headers: { ...widget, authorization: `Bearer ${token}` },
      body: JSON.stringify({ source: 'talk_to_person' }),
    });
    expect(await asked.json()).toEqual({ state: 'waiting_for_human', available: true, reason: null });

    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), 20_000);
    const stream = await fetch(`${b!.baseUrl}/v1/widget/updates/stream`, {
      headers: { ...widget, authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = readEventStream(stream.body!)[Symbol.asyncIterator]();
    try {
      const first = await events.next();
      expect(first.value).toMatchObject({ event: 'state' });
      expect(JSON.parse(first.value!.data)).toEqual({ state: 'waiting_for_human', member: null });

      const postedAt = performance.now();
      const reply = await fetch(`${a!.baseUrl}/app/api/conversations/${conversationId}/replies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, origin: PUBLIC_BASE_URL, 'x-forwarded-for': '198.51.100.1' },
        body: JSON.stringify({ text: 'Hello from instance A' }),
      });
      expect(reply.status).toBe(201);
      const { id } = (await reply.json()) as { id: string };
      let message: { id: string; content: string; author: { name: string | null } } | undefined;
      while (!message) {
        const next = await events.next();
        if (next.done) throw new Error('the stream on B ended before the reply arrived');
        if (next.value.event === 'message') message = JSON.parse(next.value.data);
      }
      const elapsed = performance.now() - postedAt;
      expect(message).toMatchObject({ id, content: 'Hello from instance A', author: { name: 'Mara' } });
      // Measured from sending the request on A, its own round trip included.
      expect(elapsed).toBeLessThan(1000);
    } finally {
      clearTimeout(timeout);
      controller.abort();
    }
  }, 60_000);
});
