import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.js';
import { noteIndexChanges } from '../../src/modules/knowledge/statistics.js';
import { seedWorkspace } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';

describe('index statistics on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const shop = await seedWorkspace(database);
    const siteId = crypto.randomUUID();
    await database.exec(`
      INSERT INTO sites (id, workspace_id, site_url, plugin_version, shopper_signing_secret) VALUES ('${siteId}', '${shop.workspaceId}', 'https://shop.example', '1.0.0', 'x');
      INSERT INTO documents (id, workspace_id, site_id, kind, wp_id, post_type, title, permalink, content_hash)
      SELECT gen_random_uuid(), '${shop.workspaceId}', '${siteId}', 'post', g, 'post', 'Doc', 'https://shop.example/?p=' || g, 'h' FROM generate_series(1, 300) g;
      INSERT INTO chunks (document_id, workspace_id, ordinal, content, text_search_config, tsv)
      SELECT id, workspace_id, 0, 'boots', 'english', to_tsvector('english', 'boots') FROM documents;`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const analyzed = async () =>
    (await queryRows(database.db, sql`SELECT 1 FROM pg_stats WHERE tablename = 'chunks' AND attname = 'tsv' AND most_common_elems IS NOT NULL`)).length > 0;

  it('refreshes the statistics once enough documents changed, not before', async () => {
    noteIndexChanges(database.db, 100, (error) => {
      throw error;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await analyzed()).toBe(false);
    noteIndexChanges(database.db, 400, (error) => {
      throw error;
    });
    let done = false;
    for (let i = 0; i < 50 && !done; i += 1) {
      done = await analyzed();
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toBe(true);
  });
});
