import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.js';
import { chunks, documents } from '../../src/db/schema.js';
import { signatureHeader } from '../../src/lib/signature.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { product } from '../helpers/integration.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { postgresMissing } from '../helpers/services.js';
import { waitFor } from '../helpers/wait.js';

const skip = await postgresMissing();

const PRE_SYNCED = 1000;
const NEW_IDS = Array.from({ length: 49 }, (_, i) => 1001 + i);

/** A code no other product shares, so a search for it has one right answer. */
const codeOf = (wpId: number) => `K${wpId}Q`;
const item = (wpId: number, overrides: Record<string, unknown> = {}) => product(wpId, { sku: codeOf(wpId), ...overrides });

/** The plugin's products/sync call: the raw body, signed with the plaintext token. */
function sync(server: ServerProcess, token: string, raw: string) {
  return fetch(`${server.baseUrl}/api/v1/wp/products/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-service-signature': signatureHeader(token, raw) },
    body: raw,
  });
}

describe.skipIf(skip)('a service process killed (SIGKILL) while a sync batch is being written', () => {
  let database: Database & { url?: string };
  let shop: SeededWorkspace;
  let server: ServerProcess | undefined;
  let holder: pg.Client | undefined;
  let watcher: pg.Client | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    shop = await seedWorkspace(database);
    env = { DATABASE_URL: database.url!, ALLOW_PRIVATE_SITE_URLS: '1', LOG_LEVEL: 'warn' };
    server = await startServerProcess({ env });
    const handshake = await fetch(`${server.baseUrl}/api/v1/wp/handshake`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ site_url: 'https://shop.example', plugin_version: '1.0.0', shop_plugin: { active: true, version: '9.4.0' } }),
    });
    expect(handshake.status).toBe(200);
    holder = new pg.Client({ connectionString: database.url });
    watcher = new pg.Client({ connectionString: database.url });
    await Promise.all([holder.connect(), watcher.connect()]);
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
    await holder?.end().catch(() => {});
    await watcher?.end().catch(() => {});
    await database?.close();
  });

  it('leaves nothing of the batch behind, and the retried batch lands whole, once, and is found', async () => {
    const first = await sync(server!, shop.token, JSON.stringify({ items: [item(PRE_SYNCED)] }));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ created: 1 });
    const [original] = await database.db.select().from(documents).where(eq(documents.wpId, PRE_SYNCED));
    const originalChunks = await database.db.select().from(chunks).where(eq(chunks.documentId, original!.id)).orderBy(asc(chunks.id));

    const raw = JSON.stringify({
      items: [...NEW_IDS.map((wpId) => item(wpId)), item(PRE_SYNCED, { name: 'Trail runner 1000, new model', content_hash: 'phash-1000-v2' })],
    });
    // The batch's last write stamps the site's row: holding that row stops the transaction with
    // every document and chunk of the batch written but not committed. NO KEY, so the documents'
    // references to the site can still be checked on the way there.
    await holder!.query('BEGIN');
    await holder!.query('SELECT id FROM sites WHERE workspace_id = $1 FOR NO KEY UPDATE', [shop.workspaceId]);
    const holderPid = (await holder!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

    const answered = sync(server!, shop.token, raw).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    const blocked = await waitFor(
      "the sync's transaction to wait for the held row",
      async () => {
        const { rows } = await watcher!.query<{ pid: number; xid: string | null; written: string[] }>(
          `SELECT a.pid, a.backend_xid::text AS xid,
                  ARRAY(SELECT l.relation::regclass::text FROM pg_locks l
                         WHERE l.pid = a.pid AND l.mode = 'RowExclusiveLock' AND l.granted
                           AND l.relation IN ('documents'::regclass, 'chunks'::regclass)
                         ORDER BY 1) AS written
             FROM pg_stat_activity a
            WHERE a.datname = current_database() AND $1 = ANY(pg_blocking_pids(a.pid))`,
          [holderPid],
        );
        return rows[0];
      },
      20_000,
    );
    // A transaction id and write locks on both tables: it is past writing documents and chunks.
    expect(blocked.xid).not.toBeNull();
    expect(blocked.written).toEqual(['chunks', 'documents']);

    await server!.kill('SIGKILL');
    expect(server!.child.signalCode).toBe('SIGKILL');
    expect(await answered).toBe('no answer');
    await holder!.query('ROLLBACK');
    // Once let go, the orphaned backend finds its client gone and aborts the transaction.
    await waitFor(
      "the killed process's backend to end",
      async () => ((await watcher!.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [blocked.pid])).rowCount === 0 ? true : undefined),
      20_000,
    );

    const left = await database.db.select().from(documents).where(eq(documents.workspaceId, shop.workspaceId));
    expect(left).toEqual([original]);
    expect(await database.db.select().from(chunks).where(eq(chunks.workspaceId, shop.workspaceId)).orderBy(asc(chunks.id))).toEqual(originalChunks);

    server = await startServerProcess({ env });
    const retried = await sync(server, shop.token, raw);
    expect(retried.status).toBe(200);
    const result = (await retried.json()) as {
      received: number;
      created: number;
      updated: number;
      unchanged: number;
      results: { wp_id: number; status: string }[];
    };
    expect(result).toMatchObject({ received: 50, created: 49, updated: 1, unchanged: 0 });
    expect(result.results.find((r) => r.wp_id === PRE_SYNCED)?.status).toBe('updated');

    const perWpId = await queryRows<{ wp_id: string; copies: number }>(
      database.db,
      sql`SELECT wp_id::text, count(*)::int AS copies FROM documents WHERE workspace_id = ${shop.workspaceId} GROUP BY wp_id ORDER BY wp_id`,
    );
    expect(perWpId).toEqual([PRE_SYNCED, ...NEW_IDS].map((wpId) => ({ wp_id: String(wpId), copies: 1 })));

    for (const wpId of [PRE_SYNCED, ...NEW_IDS]) {
      const [top] = await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: codeOf(wpId) });
      expect(top, `search for ${codeOf(wpId)}`).toMatchObject({
        kind: 'product',
        title: wpId === PRE_SYNCED ? 'Trail runner 1000, new model' : `Trail runner ${wpId}`,
        data: expect.objectContaining({ sku: codeOf(wpId) }),
      });
    }
  }, 60_000);
});
