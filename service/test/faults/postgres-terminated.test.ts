import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, documents, sites } from '../../src/db/schema.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, product, signedSync } from '../helpers/integration.js';
import { POSTGRES_ADMIN_URL, postgresMissing } from '../helpers/services.js';
import { waitFor } from '../helpers/wait.js';

const postgresSkip = await postgresMissing();

describe.skipIf(postgresSkip)('a PostgreSQL connection terminated in the middle of a sync transaction', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let siteId: string;
  let databaseName: string;
  // Holds the row lock that parks the app's transaction half-way.
  let locker: pg.Client;
  // Watches and terminates backends; outside any transaction, so pg_stat_activity is live.
  let admin: pg.Client;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  const batch = {
    items: [
      product(1, { name: 'Trail runner 1, second edition', content_hash: 'phash-1-v2', pricing: { currency: 'EUR', price: '21.00', regular_price: '21.00' } }),
      product(2),
      product(3),
      product(4, { stock_status: 'outofstock', on_sale: false }),
    ],
  };
  const raw = JSON.stringify(batch);
  const wpIds = batch.items.map((item) => item.wp_id);

  const documentsByWpId = async () =>
    t.database.db
      .select({ id: documents.id, wpId: documents.wpId, title: documents.title, contentHash: documents.contentHash, data: documents.data })
      .from(documents)
      .where(and(eq(documents.siteId, siteId), eq(documents.kind, 'product'), inArray(documents.wpId, wpIds)))
      .orderBy(documents.wpId);

  beforeAll(async () => {
    if (postgresSkip) return;
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    t = await createTestApp({ db: 'postgres' });
    shop = await seedWorkspace(t.database);
    expect((await handshakeRequest(t.app, shop.token)).statusCode).toBe(200);
    const [site] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.workspaceId, shop.workspaceId));
    siteId = site!.id;
    const presync = await signedSync(t.app, shop.token, 'products', { items: [product(1)] });
    expect(presync.json()).toMatchObject({ created: 1 });
    const url = (t.database as { url?: string }).url!;
    databaseName = new URL(url).pathname.slice(1);
    locker = new pg.Client({ connectionString: url });
    await locker.connect();
    admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
  });

  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await locker?.end().catch(() => {});
    await admin?.end().catch(() => {});
    await t?.close();
  });

  it('rolls the whole batch back, answers with a clean 5xx, and the retry writes every item once', async () => {
    const before = await documentsByWpId();
    expect(before.map((d) => d.wpId)).toEqual([1]);
    const chunksBefore = await t.database.db
      .select({ content: chunks.content })
      .from(chunks)
      .where(eq(chunks.documentId, before[0]!.id))
      .orderBy(chunks.ordinal);
    const [{ last_sync_at: syncedBefore }] = (await locker.query('SELECT last_sync_at FROM sites WHERE id = $1', [siteId])).rows;

    await locker.query('BEGIN');
    await locker.query(`SELECT id FROM documents WHERE site_id = $1 AND kind = 'product' AND wp_id = 1 FOR UPDATE`, [siteId]);
    const lockerPid = (await locker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;

    const pending = signedSync(t.app, shop.token, 'products', batch, { raw });
    // The app's backend is inside its sync transaction once it waits on the row lock held above.
    const victim = await waitFor('the sync to wait on the row lock', async () => {
      const { rows } = await admin.query(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = $1 AND pid <> $2 AND wait_event_type = 'Lock' AND state = 'active'`,
        [databaseName, lockerPid],
      );
      return rows[0]?.pid as number | undefined;
    });
    const { rows: inTransaction } = await admin.query(`SELECT xact_start IS NOT NULL AS open, query FROM pg_stat_activity WHERE pid = $1`, [victim]);
    expect(inTransaction[0]).toMatchObject({ open: true, query: expect.stringMatching(/insert into "documents"/i) });

    expect((await admin.query('SELECT pg_terminate_backend($1) AS done', [victim])).rows[0].done).toBe(true);
    const response = await pending;
    await locker.query('ROLLBACK');

    // The error model's answer for a failure on our side: 500 internal_error, in the envelope.
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal_error', message: 'Something went wrong on our side', errors: {} });
    // Nothing of the driver, the SQL or the server's words reaches the plugin.
    expect(response.body).not.toMatch(/terminat|administrator|documents|insert|rollback|failed query|57P01|postgres|pg_|\bat \w+ \(/i);
    expect(response.headers['x-request-id']).toEqual(expect.any(String));

    // Not one item of the batch was written: the locked product is as before, the new ones absent.
    expect(await documentsByWpId()).toEqual(before);
    const chunksAfter = await t.database.db
      .select({ content: chunks.content })
      .from(chunks)
      .where(eq(chunks.documentId, before[0]!.id))
      .orderBy(chunks.ordinal);
    expect(chunksAfter).toEqual(chunksBefore);
    const [{ last_sync_at: syncedAfter }] = (await locker.query('SELECT last_sync_at FROM sites WHERE id = $1', [siteId])).rows;
    expect(syncedAfter).toEqual(syncedBefore);

    // The pool dropped the dead connection: more concurrent work than it has connections succeeds.
    const probes = await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/readyz' })));
    expect(probes.map((p) => p.statusCode)).toEqual(Array(12).fill(200));

    const retry = await signedSync(t.app, shop.token, 'products', batch, { raw });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({
      received: 4,
      created: 3,
      updated: 1,
      unchanged: 0,
      deleted: 0,
      results: [
        { wp_id: 1, status: 'updated' },
        { wp_id: 2, status: 'created' },
        { wp_id: 3, status: 'created' },
        { wp_id: 4, status: 'created' },
      ],
    });

    const after = await documentsByWpId();
    expect(after.map((d) => d.wpId)).toEqual([1, 2, 3, 4]);
    expect(after[0]).toMatchObject({
      id: before[0]!.id,
      title: 'Trail runner 1, second edition',
      contentHash: 'phash-1-v2',
      data: { pricing: { price: '21.00' } },
    });
    expect(after[3]!.data).toMatchObject({ stock_status: 'outofstock' });
    const counts = await t.database.db.execute(sql`SELECT wp_id, count(*)::int AS n FROM documents WHERE site_id = ${siteId} GROUP BY wp_id ORDER BY wp_id`);
    expect((counts as unknown as { rows: unknown[] }).rows).toEqual(wpIds.map((wpId) => ({ wp_id: String(wpId), n: 1 })));
    // Each document was chunked once: ordinals start at 0 and do not repeat.
    const chunkOrdinals = await t.database.db.execute(
      sql`SELECT d.wp_id, count(*)::int AS n, count(DISTINCT c.ordinal)::int AS distinct_ordinals, min(c.ordinal)::int AS first
            FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.site_id = ${siteId} GROUP BY d.wp_id ORDER BY d.wp_id`,
    );
    for (const row of (chunkOrdinals as unknown as { rows: { n: number; distinct_ordinals: number; first: number }[] }).rows) {
      expect(row.n).toBe(row.distinct_ordinals);
      expect(row.first).toBe(0);
    }

    // The same batch once more is a no-op, as the plugin's own retries rely on.
    const again = await signedSync(t.app, shop.token, 'products', batch, { raw });
    expect(again.json()).toMatchObject({ received: 4, created: 0, updated: 0, unchanged: 4 });
    expect(crashes).toEqual([]);
  });
});
