import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedRequest, type ProductDocument } from '@storefront-assistant/client/integration';
import { conversations, couponApplies, leadSubmissions, leads, messages, outbox, widgetEvents } from '../../src/db/schema.js';
import { messageFacts } from '../../src/modules/assistant/visitor-facts.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, integrationClient, post, product } from '../helpers/integration.js';

/**
 * The integration routes besides sync: the content hashes the plugin's reconciliation compares
 * with its own, and a person's assistant data for the site's privacy tools (export, erase). All
 * of them bearer + HMAC, scoped to the token's workspace.
 */

describe('document hashes and personal data over the integration API', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let other: SeededWorkspace;

  beforeAll(async () => {
    t = await createTestApp();
    [shop, other] = [await seedWorkspace(t.database, 'Shop'), await seedWorkspace(t.database, 'Other shop')];
    for (const workspace of [shop, other]) expect((await handshakeRequest(t.app, workspace.token)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('documents/hashes', () => {
    beforeAll(async () => {
      const client = integrationClient(t.app, shop.token);
      await client.syncProducts([product(30), product(10), product(20)] as ProductDocument[]);
      await client.syncPosts([post(5), post(6)]);
      await integrationClient(t.app, other.token).syncProducts([product(15) as ProductDocument]);
    });

    it('pages through the hashes of one kind in wp_id order', async () => {
      const client = integrationClient(t.app, shop.token);
      expect(await client.documentHashes({ kind: 'product', after_wp_id: 0, limit: 2 })).toEqual({
        items: [
          { wp_id: 10, content_hash: 'phash-10' },
          { wp_id: 20, content_hash: 'phash-20' },
        ],
        has_more: true,
      });
      expect(await client.documentHashes({ kind: 'product', after_wp_id: 20, limit: 2 })).toEqual({
        items: [{ wp_id: 30, content_hash: 'phash-30' }],
        has_more: false,
      });
      expect((await client.documentHashes({ kind: 'post' })).items.map((item) => item.wp_id)).toEqual([5, 6]);
      // Another workspace's site holds its own documents only.
      expect(await integrationClient(t.app, other.token).documentHashes({ kind: 'product' })).toEqual({
        items: [{ wp_id: 15, content_hash: 'phash-15' }],
        has_more: false,
      });
    });

    it('needs the signature and a valid body', async () => {
      const unsigned = signedRequest(shop.token, '/api/v1/wp/documents/hashes', { kind: 'product' });
      delete unsigned.headers['X-Service-Signature'];
      const response = await t.app.inject({
        method: 'POST',
        url: unsigned.path,
        headers: { ...unsigned.headers, 'content-type': 'application/json' },
        payload: unsigned.body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_signature');

      const invalid = signedRequest(shop.token, '/api/v1/wp/documents/hashes', { kind: 'page', limit: 5000 });
      const refused = await t.app.inject({
        method: 'POST',
        url: invalid.path,
        headers: { ...invalid.headers, 'content-type': 'application/json' },
        payload: invalid.body,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors).sort()).toEqual(['kind', 'limit']);
    });
  });

  describe('personal-data export and erase', () => {
    const ADA = 'ada@example.com';

    /** A conversation in `workspace` with the given visitor messages (and an answer to each). */
    async function conversation(workspace: SeededWorkspace, texts: string[], extra: Partial<typeof conversations.$inferInsert> = {}) {
      const id = randomUUID();
      await t.database.db
        .insert(conversations)
        .values({ id, workspaceId: workspace.workspaceId, agentId: workspace.agentId, visitorId: randomUUID(), ...extra });
      for (const text of texts) {
        await t.database.db.insert(messages).values([
          { id: randomUUID(), conversationId: id, workspaceId: workspace.workspaceId, role: 'user', content: text, facts: messageFacts(text) },
          { id: randomUUID(), conversationId: id, workspaceId: workspace.workspaceId, role: 'assistant', content: `Answer to: ${text}` },
        ]);
      }
      return id;
    }

    async function lead(workspace: SeededWorkspace, email: string, conversationId: string | null) {
      const id = randomUUID();
      await t.database.db.insert(leads).values({ id, workspaceId: workspace.workspaceId, agentId: workspace.agentId, conversationId, email, name: 'Ada' });
      await t.database.db.insert(leadSubmissions).values({ leadId: id, workspaceId: workspace.workspaceId, conversationId, name: 'Ada L.' });
      await t.database.db.insert(outbox).values({ workspaceId: workspace.workspaceId, kind: 'lead.upsert', payload: { lead_id: id } });
      return id;
    }

    let typed: string;
    let withLead: string;
    let bound: string;
    let someoneElse: string;
    let otherWorkspace: string;
    let playground: string;

    beforeAll(async () => {
      typed = await conversation(shop, ['Where is my order 7?', 'My email is Ada@Example.com']);
      withLead = await conversation(shop, ['Do you ship to Norway?']);
      await lead(shop, 'ADA@example.com', withLead);
      bound = await conversation(shop, ['Hello'], { shopper: { site_id: randomUUID(), email: ADA, user_id: 3 } });
      someoneElse = await conversation(shop, ['I am grace@example.com']);
      await lead(shop, 'grace@example.com', someoneElse);
      otherWorkspace = await conversation(other, [`Me: ${ADA}`]);
      playground = await conversation(shop, [`Testing with ${ADA}`], { isPlayground: true });
      await t.database.db
        .insert(couponApplies)
        .values({ id: randomUUID(), workspaceId: shop.workspaceId, conversationId: typed, code: 'SPRING10', status: 'staged' });
      await t.database.db
        .insert(widgetEvents)
        .values({ workspaceId: shop.workspaceId, agentId: shop.agentId, conversationId: typed, name: 'launcher_open', at: new Date() });
    });

    it("exports the leads and the conversations that are the person's, with every message", async () => {
      const exported = await integrationClient(t.app, shop.token).exportPersonalData(ADA);
      expect(exported.email).toBe(ADA);
      expect(exported.leads.map((row) => [row.email, row.conversation_id, row.name])).toEqual([['ADA@example.com', withLead, 'Ada']]);
      expect(exported.conversations.map((row) => row.id).sort()).toEqual([typed, withLead, bound].sort());
      const first = exported.conversations.find((row) => row.id === typed)!;
      expect(first.messages.map((message) => [message.role, message.content])).toEqual([
        ['user', 'Where is my order 7?'],
        ['assistant', 'Answer to: Where is my order 7?'],
        ['user', 'My email is Ada@Example.com'],
        ['assistant', 'Answer to: My email is Ada@Example.com'],
      ]);
      // Nobody else's, no other workspace's, no Playground test.
      expect(exported.conversations.map((row) => row.id)).not.toContain(someoneElse);
      expect(exported.conversations.map((row) => row.id)).not.toContain(otherWorkspace);
      expect(exported.conversations.map((row) => row.id)).not.toContain(playground);
    });

    it('erases them, with what was recorded about them, and nothing else', async () => {
      const client = integrationClient(t.app, shop.token);
      expect(await client.erasePersonalData(ADA)).toEqual({ email: ADA, leads_removed: 1, conversations_removed: 3, messages_removed: 8 });

      const remaining = (await t.database.db.select({ id: conversations.id }).from(conversations)).map((row) => row.id).sort();
      expect(remaining).toEqual([someoneElse, otherWorkspace, playground].sort());
      for (const id of [typed, withLead, bound]) expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
      expect((await t.database.db.select({ email: leads.email }).from(leads)).map((row) => row.email)).toEqual(['grace@example.com']);
      expect(await t.database.db.select().from(leadSubmissions)).toHaveLength(1);
      expect(await t.database.db.select().from(outbox)).toHaveLength(1);
      expect(await t.database.db.select().from(couponApplies)).toEqual([]);
      expect(await t.database.db.select().from(widgetEvents)).toEqual([]);

      // Again: nothing left to find.
      expect(await client.erasePersonalData(ADA)).toEqual({ email: ADA, leads_removed: 0, conversations_removed: 0, messages_removed: 0 });
      expect(await client.exportPersonalData(ADA)).toEqual({ email: ADA, leads: [], conversations: [] });
    });

    it('refuses an invalid address and an unsigned request', async () => {
      const invalid = signedRequest(shop.token, '/api/v1/wp/personal-data/erase', { email: 'not an address' });
      const refused = await t.app.inject({
        method: 'POST',
        url: invalid.path,
        headers: { ...invalid.headers, 'content-type': 'application/json' },
        payload: invalid.body,
      });
      expect(refused.statusCode).toBe(400);
      const forged = signedRequest(shop.token, '/api/v1/wp/personal-data/export', { email: 'grace@example.com' }, { key: 'svc_not_the_token' });
      const rejected = await t.app.inject({
        method: 'POST',
        url: forged.path,
        headers: { ...forged.headers, 'content-type': 'application/json' },
        payload: forged.body,
      });
      expect(rejected.statusCode).toBe(401);
    });
  });
});
