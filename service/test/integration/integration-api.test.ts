import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, chunks, documents, sites } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';
import { postgresMissing } from '../helpers/services.js';

const postgresSkip = await postgresMissing();

describe.each([
  { db: 'pglite' as const, skip: undefined },
  { db: 'postgres' as const, skip: postgresSkip },
])('integration API on $db', ({ db, skip }) => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let other: SeededWorkspace;

  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({ db });
    shop = await seedWorkspace(t.database, 'Shop A');
    other = await seedWorkspace(t.database, 'Shop B');
    expect((await handshakeRequest(t.app, shop.token)).statusCode).toBe(200);
    expect((await handshakeRequest(t.app, other.token, { site_url: 'https://other.example' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.skipIf(skip)('handshake', () => {
    it('returns workspace, agents, token details and a fresh signing secret each time', async () => {
      const first = await handshakeRequest(t.app, shop.token);
      const second = await handshakeRequest(t.app, shop.token);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.workspace).toEqual({ id: shop.workspaceId, name: 'Shop A' });
      expect(body.agents).toEqual([{ id: shop.agentId, name: 'Shop A assistant', site_type: 'ecommerce', published: true }]);
      expect(body.token).toMatchObject({ id: shop.tokenId, name: 'plugin', abilities: ['wp:integration'], expires_at: null });
      expect(typeof body.token.last_used_at).toBe('string');
      expect(body.shopper_signing_secret).toMatch(/^sss_[\w-]{40,}$/);
      expect(second.json().shopper_signing_secret).not.toBe(body.shopper_signing_secret);
    });

    it('records the site and keeps the previous secret valid for 10 minutes', async () => {
      const before = (await handshakeRequest(t.app, shop.token)).json().shopper_signing_secret;
      const after = (await handshakeRequest(t.app, shop.token)).json().shopper_signing_secret;
      const [site] = await t.database.db.select().from(sites).where(eq(sites.siteUrl, 'https://shop.example'));
      expect(site).toMatchObject({
        shopperSigningSecret: after,
        previousSigningSecret: before,
        pluginVersion: '1.0.0',
        platformVersion: '6.6.2',
        shopActive: true,
        shopVersion: '9.4.0',
      });
      const grace = site!.previousSecretValidUntil!.getTime() - site!.lastHandshakeAt.getTime();
      expect(grace).toBe(10 * 60 * 1000);
    });

    it('does not require a signature', async () => {
      const response = await handshakeRequest(t.app, shop.token);
      expect(response.statusCode).toBe(200);
    });

    it('refuses a plugin older than the minimum version, naming the minimum', async () => {
      const response = await handshakeRequest(t.app, shop.token, { plugin_version: '0.9.3' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'plugin_outdated', errors: { plugin_version: ['must be 1.0.0 or newer'] } });
      expect(response.json().message).toContain('1.0.0');
    });

    it('validates the body with per-field errors', async () => {
      const response = await handshakeRequest(t.app, shop.token, { site_url: 'ftp://shop.example', plugin_version: 'one' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.errors).sort()).toEqual(['plugin_version', 'site_url']);
    });
  });

  describe.skipIf(skip)('authentication and abilities', () => {
    it('401 without a token, with an unknown token, and with a revoked token', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/v1/wp/handshake', payload: {} });
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('unauthenticated');
      const unknown = await handshakeRequest(t.app, 'svc_' + 'x'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      const revokable = await runCommand(t.database.db, 'token:create', { workspace: shop.workspaceId, name: 'to revoke' });
      expect((await handshakeRequest(t.app, String(revokable.token), { site_url: 'https://revoked.example' })).statusCode).toBe(200);
      await runCommand(t.database.db, 'token:revoke', { workspace: shop.workspaceId, id: revokable.id });
      const revoked = await handshakeRequest(t.app, String(revokable.token), { site_url: 'https://revoked.example' });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: expect.any(String), code: 'unauthenticated', errors: {} });
    });

    it('403 for a valid token without wp:integration, on every route', async () => {
      const limited = await runCommand(t.database.db, 'token:create', { workspace: shop.workspaceId, name: 'no ability', ability: [] });
      const token = String(limited.token);
      expect((await handshakeRequest(t.app, token)).statusCode).toBe(403);
      const sync = await signedSync(t.app, token, 'posts', { items: [post(1)] });
      expect(sync.statusCode).toBe(403);
      expect(sync.json().code).toBe('forbidden');
    });

    it('stores only the SHA-256 of a token and keeps last_used_at', async () => {
      const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, shop.tokenId));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.tokenHash).not.toContain(shop.token.slice(4));
      expect(row!.lastUsedAt).toBeInstanceOf(Date);
    });
  });

  describe.skipIf(skip)('signatures on sync routes', () => {
    it.each<[string, { signature?: string | null; key?: string; skewSeconds?: number }, string]>([
      ['missing', { signature: null }, 'invalid_signature'],
      ['malformed', { signature: 't=abc,v1=zz' }, 'invalid_signature'],
      ['wrong key', { key: 'svc_not_the_token' }, 'invalid_signature'],
      ['expired', { skewSeconds: -301 }, 'signature_expired'],
      ['from the future', { skewSeconds: 301 }, 'signature_expired'],
    ])('401 when the signature is %s, and nothing is written', async (_name, { skewSeconds, ...options }, code) => {
      const timestamp = skewSeconds === undefined ? undefined : Math.floor(t.clock.now().getTime() / 1000) + skewSeconds;
      const response = await signedSync(t.app, shop.token, 'posts', { items: [post(900)] }, { ...options, timestamp });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(code);
      const rows = await t.database.db.select().from(documents).where(eq(documents.wpId, 900));
      expect(rows).toHaveLength(0);
    });

    it('401 when the body was tampered with after signing', async () => {
      const raw = JSON.stringify({ items: [post(901)] });
      const signature = (await import('../../src/lib/signature.js')).signatureHeader(shop.token, raw);
      const response = await signedSync(t.app, shop.token, 'posts', null, { raw: raw.replace('Post 901', 'Post 666'), signature });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_signature');
    });

    it('uses the injected clock for the tolerance window', async () => {
      const raw = JSON.stringify({ items: [post(902)] });
      const signedNow = Math.floor(t.clock.now().getTime() / 1000);
      t.clock.advance(299_000);
      expect((await signedSync(t.app, shop.token, 'posts', null, { raw, timestamp: signedNow })).statusCode).toBe(200);
      t.clock.advance(2_000);
      const late = await signedSync(t.app, shop.token, 'posts', null, { raw, timestamp: signedNow });
      expect(late.json().code).toBe('signature_expired');
      t.clock.advance(-301_000);
    });
  });

  describe.skipIf(skip)('posts and products sync', () => {
    it('creates, then reports unchanged for the same batch, then updates and deletes', async () => {
      const batch = { items: [post(1), post(2), post(3)] };
      const created = await signedSync(t.app, shop.token, 'posts', batch);
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({
        received: 3,
        created: 3,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        results: [1, 2, 3].map((wp_id) => ({ wp_id, status: 'created' })),
      });
      const again = await signedSync(t.app, shop.token, 'posts', batch);
      expect(again.json()).toMatchObject({ received: 3, unchanged: 3, created: 0, updated: 0 });

      const changed = await signedSync(t.app, shop.token, 'posts', {
        items: [
          post(1, { content_hash: 'hash-1b', title: 'Returns policy', content_html: '<h2>Refunds</h2><p>Return within thirty days.</p>' }),
          post(2, { deleted: true }),
        ],
      });
      expect(changed.json()).toMatchObject({
        updated: 1,
        deleted: 1,
        results: [
          { wp_id: 1, status: 'updated' },
          { wp_id: 2, status: 'deleted' },
        ],
      });
      const hits = await searchKnowledge(t.database.db, { workspaceId: shop.workspaceId, query: 'refunds' });
      expect(hits[0]).toMatchObject({ title: 'Returns policy', heading: 'Refunds', url: 'https://shop.example/?p=1' });
      const deleted = await t.database.db.select().from(documents).where(eq(documents.wpId, 2));
      expect(deleted).toHaveLength(0);
    });

    it('removes a product from just its id, and validates a removal too', async () => {
      await signedSync(t.app, shop.token, 'products', { items: [product(80)] });
      const removed = await signedSync(t.app, shop.token, 'products', { items: [{ wp_id: 80, deleted: true }] });
      expect(removed.json()).toMatchObject({ deleted: 1, results: [{ wp_id: 80, status: 'deleted' }] });
      const bad = await signedSync(t.app, shop.token, 'products', { items: [{ wp_id: -1, deleted: true }] });
      expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { 'items.0.wp_id': [expect.any(String)] } });
      const incomplete = await signedSync(t.app, shop.token, 'products', { items: [{ wp_id: 81, deleted: false }] });
      expect(Object.keys(incomplete.json().errors)).toEqual(expect.arrayContaining(['items.0.name', 'items.0.pricing']));
    });

    it('does not re-index an unchanged document (same chunk rows)', async () => {
      await signedSync(t.app, shop.token, 'posts', { items: [post(10)] });
      const before = await t.database.db
        .select({ id: chunks.id })
        .from(chunks)
        .innerJoin(documents, eq(documents.id, chunks.documentId))
        .where(eq(documents.wpId, 10));
      await signedSync(t.app, shop.token, 'posts', { items: [post(10)] });
      const after = await t.database.db
        .select({ id: chunks.id })
        .from(chunks)
        .innerJoin(documents, eq(documents.id, chunks.documentId))
        .where(eq(documents.wpId, 10));
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect(before.length).toBeGreaterThan(0);
    });

    it('a batch with one bad item writes nothing and names the item and field', async () => {
      const items = [post(20), post(21), post(22), post(23, { permalink: 'not a url' })];
      const response = await signedSync(t.app, shop.token, 'posts', { items });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { 'items.3.permalink': ['must be an absolute http(s) URL'] } });
      const rows = await t.database.db.select().from(documents).where(eq(documents.wpId, 20));
      expect(rows).toHaveLength(0);
    });

    it('accepts 50 items and refuses 51 and 0', async () => {
      const fifty = Array.from({ length: 50 }, (_, i) => product(1000 + i));
      expect((await signedSync(t.app, shop.token, 'products', { items: fifty })).json().created).toBe(50);
      const fiftyOne = Array.from({ length: 51 }, (_, i) => product(2000 + i));
      const tooMany = await signedSync(t.app, shop.token, 'products', { items: fiftyOne });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors.items).toEqual(['send at most 50 items per request']);
      expect((await signedSync(t.app, shop.token, 'products', { items: [] })).statusCode).toBe(400);
    });

    it('refuses a wp_id twice in one batch and bad JSON with the envelope', async () => {
      const dup = await signedSync(t.app, shop.token, 'posts', { items: [post(30), post(30)] });
      expect(dup.json().errors['items.1.wp_id']).toEqual(['appears twice in this batch']);
      const bad = await signedSync(t.app, shop.token, 'posts', null, { raw: '{"items": [' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', message: 'The request body is not valid JSON' });
    });

    it('answers 413 in the envelope above 2 MB', async () => {
      const huge = { items: [post(40, { content_html: 'x'.repeat(2.1 * 1024 * 1024) })] };
      const response = await signedSync(t.app, shop.token, 'posts', huge);
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('payload_too_large');
    });

    it('keeps product price and stock structured and finds products by SKU and description', async () => {
      await signedSync(t.app, shop.token, 'products', {
        items: [product(77, { sku: 'ZX-4411-BLU', description_html: '<p>Made from recycled <em>seaweed</em> fibre.</p>' })],
      });
      const bySku = await searchKnowledge(t.database.db, { workspaceId: shop.workspaceId, query: 'do you have ZX-4411-BLU?' });
      expect(bySku[0]).toMatchObject({ kind: 'product', title: 'Trail runner 77' });
      expect(bySku[0]!.data).toMatchObject({ sku: 'ZX-4411-BLU', pricing: { currency: 'EUR', price: '17.90' }, stock_status: 'instock' });
      const byWord = await searchKnowledge(t.database.db, { workspaceId: shop.workspaceId, query: 'seaweed' });
      expect(byWord[0]?.title).toBe('Trail runner 77');
    });

    it('finds a post by a word of its heading', async () => {
      await signedSync(t.app, shop.token, 'posts', {
        items: [post(50, { title: 'Care guide', content_html: '<h3>Impregnation</h3><p>Spray the fabric once a season.</p>', content_hash: 'care' })],
      });
      const hits = await searchKnowledge(t.database.db, { workspaceId: shop.workspaceId, query: 'impregnation' });
      expect(hits[0]).toMatchObject({ title: 'Care guide', heading: 'Impregnation' });
      expect(hits[0]!.score).toBeGreaterThan(0);
      expect(hits[0]!.score).toBeLessThan(1);
    });

    it('a sync before any handshake is refused', async () => {
      const fresh = await runCommand(t.database.db, 'token:create', { workspace: shop.workspaceId, name: 'never connected' });
      const response = await signedSync(t.app, String(fresh.token), 'posts', { items: [post(60)] });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('site_not_connected');
    });
  });

  describe.skipIf(skip)('tenant isolation', () => {
    it("workspace B's token can neither change nor find workspace A's documents", async () => {
      await signedSync(t.app, shop.token, 'posts', {
        items: [post(70, { title: 'Secret A', content_html: '<p>quokka supply chain</p>', content_hash: 'a70' })],
      });
      // Same wp_id from B's site: a different document, A's is untouched.
      const fromB = await signedSync(t.app, other.token, 'posts', {
        items: [post(70, { title: 'B overwrite', content_html: '<p>nothing</p>', content_hash: 'b70' })],
      });
      expect(fromB.json().results).toEqual([{ wp_id: 70, status: 'created' }]);
      await signedSync(t.app, other.token, 'posts', { items: [post(70, { deleted: true })] });
      const aHits = await searchKnowledge(t.database.db, { workspaceId: shop.workspaceId, query: 'quokka' });
      expect(aHits.map((h) => h.title)).toEqual(['Secret A']);
      const bHits = await searchKnowledge(t.database.db, { workspaceId: other.workspaceId, query: 'quokka' });
      expect(bHits).toEqual([]);
      // And B's token signed with A's token as the key is refused.
      const crossSigned = await signedSync(t.app, other.token, 'posts', { items: [post(71)] }, { key: shop.token });
      expect(crossSigned.statusCode).toBe(401);
    });
  });
});
