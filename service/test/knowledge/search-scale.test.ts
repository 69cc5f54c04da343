import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { commonLexemes } from '../../src/modules/knowledge/text-search.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';

/**
 * Search when some words are in most chunks: with planner statistics present, common words are
 * pruned from candidate gathering but still count in ranking, and a question made only of common
 * words still finds chunks.
 */
describe('search over an index with very common words', () => {
  let database: Database;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    database = await freshDatabase();
    shop = await seedWorkspace(database);
    const siteId = crypto.randomUUID();
    await database.exec(`
      INSERT INTO sites (id, workspace_id, site_url, plugin_version, shopper_signing_secret) VALUES ('${siteId}', '${shop.workspaceId}', 'https://shop.example', '1.0.0', 'x');
      INSERT INTO documents (id, workspace_id, site_id, kind, wp_id, post_type, title, permalink, content_hash)
      SELECT gen_random_uuid(), '${shop.workspaceId}', '${siteId}', 'post', g, 'post', 'Doc ' || g, 'https://shop.example/?p=' || g, 'h' || g FROM generate_series(1, 2000) g;
      INSERT INTO chunks (document_id, workspace_id, ordinal, content, text_search_config, tsv)
      SELECT d.id, d.workspace_id, 0, c.content, 'english', to_tsvector('english', c.content) || setweight(to_tsvector('simple', c.content), 'D')
        FROM documents d, LATERAL (SELECT 'jacket warm winter ' || CASE WHEN d.wp_id = 1777 THEN 'gore-tex membrane' ELSE 'cotton lining' END AS content) c;
      ANALYZE chunks;`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads which words are common from the statistics', async () => {
    const common = await commonLexemes(database.db, Date.now() + 10 * 60 * 1000);
    expect(common.map((c) => c.lexeme)).toEqual(expect.arrayContaining(['jacket', 'warm', 'winter']));
    expect(common.find((c) => c.lexeme === 'jacket')!.share).toBeGreaterThan(0.9);
  });

  it('finds the one chunk with a rare word among common ones', async () => {
    const hits = await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: 'warm winter jacket with a membrane?' });
    expect(hits[0]?.title).toBe('Doc 1777');
  });

  it('still answers a question made only of common words', async () => {
    const hits = await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: 'a warm jacket', limit: 5 });
    expect(hits).toHaveLength(5);
  });
});
