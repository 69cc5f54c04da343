import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';

/**
 * A help center's pages share their words ("plan", "Pro", "invoice"): the chunk that has the
 * question's rare word comes before chunks that repeat its common ones. Five pages of the kind,
 * among some eighty short ones, a fifth of which name the Pro plan.
 */
describe('search weighs the words of a question by how rare they are', () => {
  let database: Database;
  let site: SeededWorkspace;
  const pages: Record<string, string> = {
    'Plans and pricing': 'The Pro plan costs $29 a month. The Pro plan includes unlimited invoices, and every Pro plan user can sign in on the web.',
    'Changing your plan': 'Upgrade from Starter to the Pro plan at any time; the Pro plan is billed from the day you upgrade.',
    'Team members': 'On the Pro plan you can invite up to ten users. Each user signs in with their own password.',
    'Single sign-on': 'Your team can use its company login instead of a password: we support Okta, Microsoft Entra ID and Google Workspace.',
    Reports: 'Reports on the Pro plan can be exported as CSV. The Pro plan keeps reports for five years.',
    // The post first: of two chunks that say as much, the first indexed comes first otherwise.
    'February: late fees every 30 days': 'A late fee can now be added again every 30 days while the invoice stays unpaid.',
    'Late fees': 'A late fee can be a flat amount or a percentage of the balance, up to 10 percent.',
  };
  beforeAll(async () => {
    database = await freshDatabase();
    site = await seedWorkspace(database);
    const siteId = crypto.randomUUID();
    const rows = Object.entries(pages).map(([title, content], index) => `(${index + 1}, '${title}', '${content.replace(/'/g, "''")}')`);
    await database.exec(`
      INSERT INTO sites (id, workspace_id, site_url, plugin_version, shopper_signing_secret) VALUES ('${siteId}', '${site.workspaceId}', 'https://help.example', '1.0.0', 'x');
      CREATE TEMP TABLE help_pages (wp_id int, title text, content text);
      INSERT INTO help_pages VALUES ${rows.join(', ')};
      INSERT INTO help_pages SELECT g, 'Help ' || g, CASE WHEN g % 4 = 0 THEN 'Recurring invoices are part of the Pro plan: schedule number ' || g WHEN g % 4 = 1 THEN 'Your plan limits how many invoices you send: see help page ' || g ELSE 'How to send invoice number ' || g || ' to a client' END
        FROM generate_series(100, 180) g;
      INSERT INTO documents (id, workspace_id, site_id, kind, wp_id, post_type, title, permalink, content_hash)
      SELECT gen_random_uuid(), '${site.workspaceId}', '${siteId}', 'post', p.wp_id, CASE WHEN p.title LIKE 'February%' THEN 'post' ELSE 'page' END,
             p.title, 'https://help.example/?p=' || p.wp_id, 'h' || p.wp_id FROM help_pages p;
      INSERT INTO chunks (document_id, workspace_id, ordinal, content, text_search_config, tsv)
      SELECT d.id, d.workspace_id, 0, p.content, 'english', to_tsvector('english', p.content) || setweight(to_tsvector('simple', p.content), 'D')
        FROM documents d JOIN help_pages p ON p.wp_id = d.wp_id WHERE d.workspace_id = '${site.workspaceId}';`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('"Can we use Okta for login? We\'re on the Pro plan." finds the page that names Okta first', async () => {
    const hits = await searchKnowledge(database.db, { workspaceId: site.workspaceId, query: "Can we use Okta for login? We're on the Pro plan." });
    expect(hits[0]?.title).toBe('Single sign-on');
  });

  it('among chunks with the same words, the one that says them more densely comes first', async () => {
    const hits = await searchKnowledge(database.db, { workspaceId: site.workspaceId, query: 'what does the pro plan include?' });
    expect(hits[0]?.title).toBe('Plans and pricing');
  });

  // A changelog post had answered with what was new in February, not what the page says holds.
  it('a page comes before a blog post that says as much', async () => {
    const hits = await searchKnowledge(database.db, { workspaceId: site.workspaceId, query: 'late fees?' });
    expect(hits[0]?.title).toBe('Late fees');
  });
});
