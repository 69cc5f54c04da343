import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { documents } from '../../src/db/schema.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { seedWorkspace, testConfig, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { servicesRequired } from '../helpers/services.js';
import { missingWordPressPrerequisites, startWordPress, type WordPressSite } from './harness.js';
import { siteTest } from './site-test.js';
import { createProduct } from './woocommerce.js';

/**
 * The plugin connected to the real service, both started by this suite: the owner connects on
 * the settings page, content created with WordPress functions reaches the service's search,
 * edits and removals follow, and the plugin keeps to the service's rate limit.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress plugin-to-service suite: ${reason}`);

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const options = <T>(site: WordPressSite, name: string) => site.wpEval<T>(`return get_option(${JSON.stringify(name)});`);

// Generous: each step runs real PHP requests, and CI machines are often busy.
const TIMEOUT = 120_000;

const it = siteTest({ missing: reason, woocommerce: true, shop: { name: 'Plugin shop' }, timeout: TIMEOUT });

describe.skipIf(reason && !servicesRequired)('the plugin connected to the real service', { timeout: TIMEOUT }, () => {
  const search = async (service: TestApp, shop: SeededWorkspace, query: string, kinds?: Array<'post' | 'product'>) =>
    searchKnowledge(service.database.db, { workspaceId: shop.workspaceId, query, ...(kinds ? { kinds } : {}) });

  const createPost = (site: WordPressSite, fields: Record<string, string>) =>
    site.wpEval<number>(`return wp_insert_post(array_merge(['post_status' => 'publish'], ${phpArray(fields)}), true);`);

  it('explains a refused token in plain words, and stays disconnected', async ({ serviceUrl, site }) => {
    const notice = await site.connect(serviceUrl, 'svc_not_a_real_token');
    expect(notice).toContain('did not accept the API token');
    expect(await options(site, 'storefront_assistant_shopper_signing_secret')).toBe(false);
  });

  it('connects from the settings page and stores what the handshake returned', async ({ shop, serviceUrl, site }) => {
    const notice = await site.connect(serviceUrl, shop.token);
    expect(notice).toContain('Connected');
    const connection = await options<{ workspace: { id: string }; agents: Array<{ id: string }> }>(site, 'storefront_assistant_connection');
    expect(connection.workspace.id).toBe(shop.workspaceId);
    expect(connection.agents.map((agent) => agent.id)).toEqual([shop.agentId]);
    expect(await options<string>(site, 'storefront_assistant_shopper_signing_secret')).toMatch(/^sss_/);
    // The only agent is chosen for the widget.
    expect((await options<{ agent_id: string }>(site, 'storefront_assistant_settings')).agent_id).toBe(shop.agentId);
  });

  it('posts and pages created with WordPress functions appear in search; drafts do not', async ({ service, shop, site }) => {
    const postId = await createPost(site, { post_title: 'Zeppelin maintenance', post_content: '<p>Our zeppelin hangar reopens in spring.</p>' });
    const pageId = await createPost(site, {
      post_type: 'page',
      post_title: 'Returns',
      post_content: '<p>Returns are free within thirty days via the kiosk.</p>',
    });
    await createPost(site, { post_status: 'draft', post_title: 'Secret plans', post_content: '<p>The unannounced hovercraft.</p>' });
    await site.runSync();

    const permalink = await site.wpEval<string>(`return get_permalink(${postId});`);
    expect((await search(service, shop, 'zeppelin hangar')).map((hit) => [hit.title, hit.url])).toContainEqual(['Zeppelin maintenance', permalink]);
    expect((await search(service, shop, 'kiosk returns')).map((hit) => hit.title)).toContain('Returns');
    expect(await search(service, shop, 'hovercraft')).toEqual([]);
    expect(pageId).toBeGreaterThan(0);
  });

  it('an edit updates the document, a trash removes it, a restore brings it back', async ({ service, shop, site }) => {
    const postId = await createPost(site, { post_title: 'Opening hours', post_content: '<p>We open at nine on weekdays.</p>' });
    await site.runSync();
    expect(await search(service, shop, 'weekdays')).not.toEqual([]);

    await site.wpEval(`wp_update_post(['ID' => ${postId}, 'post_content' => '<p>We now open at eight, including saturdays.</p>']); return null;`);
    await site.runSync();
    expect(await search(service, shop, 'saturdays')).not.toEqual([]);
    expect(await search(service, shop, 'weekdays')).toEqual([]);

    await site.wpEval(`wp_trash_post(${postId}); return null;`);
    await site.runSync();
    expect(await search(service, shop, 'saturdays')).toEqual([]);

    await site.wpEval(`wp_untrash_post(${postId}); wp_publish_post(${postId}); return null;`);
    await site.runSync();
    expect(await search(service, shop, 'saturdays')).not.toEqual([]);

    await site.wpEval(`wp_delete_post(${postId}, true); return null;`);
    await site.runSync();
    expect(await search(service, shop, 'saturdays')).toEqual([]);
  });

  it('products from WooCommerce are synced with their prices', async ({ service, shop, site }) => {
    await createProduct(site, {
      name: 'Trail runner',
      regularPrice: '19.9',
      salePrice: '17.9',
      sku: 'TR-1',
      description: '<p>A waterproof running shoe with a grippy outsole.</p>',
      categories: ['Shoes'],
      attributes: [{ name: 'Size', options: ['40', '41'] }],
    });
    await site.runSync();
    const [hit] = await search(service, shop, 'waterproof running shoe', ['product']);
    expect(hit?.title).toBe('Trail runner');
    const [row] = await service.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.workspaceId, shop.workspaceId), eq(documents.kind, 'product')));
    expect(JSON.stringify(row?.data)).toContain('17.90');
  });

  it('sends more posts than one batch holds, and does not re-send unchanged content', async ({ service, shop, site }) => {
    await site.wpEval(
      `for ($i = 1; $i <= 60; $i++) { wp_insert_post(['post_status' => 'publish', 'post_title' => "Bulk $i", 'post_content' => "<p>Bulk article $i about lighthouses.</p>"]); } return null;`,
    );
    await site.runSync();
    const rows = await service.database.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, shop.workspaceId));
    const published = await site.wpEval<number>(
      `global $wpdb; return (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_type IN ('post', 'page', 'product')");`,
    );
    expect(rows.length).toBe(published);
    expect(await site.wpEval(`global $wpdb; return (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->prefix}storefront_assistant_queue");`)).toBe(0);

    const sentBefore = (await options<{ sent: number }>(site, 'storefront_assistant_sync_state')).sent;
    // A second full sync walks everything again but sends nothing: the content did not change.
    expect(await site.submitSettingsForm('storefront_assistant_full_sync')).toContain('Sync started');
    await site.runSync();
    const state = await options<{ sent: number; full_sync: { status: string; queued: number } }>(site, 'storefront_assistant_sync_state');
    expect(state.full_sync).toMatchObject({ status: 'done', queued: published });
    expect(state.sent).toBe(sentBefore);
    expect(await options(site, 'storefront_assistant_errors')).toEqual([]);
  });

  it('an item the service refuses waits and is retried later; the others go through', async ({ service, shop, site }) => {
    const refused = await createPost(site, { post_title: 'T'.repeat(1200), post_content: '<p>An absurdly long title.</p>' });
    await createPost(site, { post_title: 'Gift cards', post_content: '<p>Gift cards never expire.</p>' });
    await site.runSync();

    expect((await search(service, shop, 'gift cards expire')).map((hit) => hit.title)).toContain('Gift cards');
    const row = await site.wpEval<{ object_id: string; attempts: string; available_at: string; last_error: string }>(`
      global $wpdb; return $wpdb->get_row("SELECT object_id, attempts, available_at, last_error FROM {$wpdb->prefix}storefront_assistant_queue", ARRAY_A);`);
    expect(Number(row.object_id)).toBe(refused);
    expect(Number(row.attempts)).toBe(1);
    expect(Number(row.available_at)).toBeGreaterThan(Math.floor(Date.now() / 1000) + 30);
    expect(row.last_error).toContain('title');

    // The owner sees it on the settings page.
    const page = await site.adminPage();
    expect(page).toContain('1 item is waiting to be sent; 1 could not be sent yet and will be retried automatically.');
    // What the service said about the item, beside it.
    expect(page).toMatch(/#\d+<\/a>: title: Too big/);
  });

  it('left no PHP warning or error from the plugin in the log', ({ site }) => {
    expect(site.pluginProblems()).toEqual([]);
  });
});

describe.skipIf(reason && !servicesRequired)('the plugin against the service rate limit', { timeout: TIMEOUT }, () => {
  it('pauses for Retry-After on 429 and keeps the rest queued', async () => {
    const database = await freshDatabase();
    // The real service with a per-token limit of 2 requests a minute instead of 60.
    const app = await buildApp({ config: testConfig(), database, logger: false, limits: { integrationPerToken: 2 } });
    const site = await startWordPress({ woocommerce: false });
    try {
      const serviceUrl = await listen(app);
      const shop = await seedWorkspace(database, 'Busy shop');
      await site.wpEval(
        `for ($i = 1; $i <= 60; $i++) { wp_insert_post(['post_status' => 'publish', 'post_title' => "Note $i", 'post_content' => "<p>Note $i</p>"]); } return null;`,
      );

      expect(await site.connect(serviceUrl, shop.token)).toContain('Connected'); // request 1
      await site.runSync(); // request 2 sends 50 posts; request 3 is refused with Retry-After
      const now = Math.floor(Date.now() / 1000);

      const state = await site.wpEval<{ paused_until: number; sent: number }>(`return get_option('storefront_assistant_sync_state');`);
      expect(state.sent).toBe(50);
      expect(state.paused_until).toBeGreaterThan(now);
      expect(state.paused_until).toBeLessThanOrEqual(now + 61);
      const queued = await site.wpEval<{ waiting: number; published: number; next_run: number }>(`
        global $wpdb;
        return ['waiting' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->prefix}storefront_assistant_queue"),
                'published' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_type IN ('post', 'page')"),
                'next_run' => (int) wp_next_scheduled('storefront_assistant_sync')];`);
      // WordPress's own sample post and page are published too.
      expect(queued.waiting).toBe(queued.published - 50);
      expect(queued.next_run).toBeGreaterThanOrEqual(state.paused_until);
      const errors = await site.wpEval<Array<{ message: string }>>(`return get_option('storefront_assistant_errors');`);
      expect(errors[0]?.message).toContain('asked us to slow down');
      expect(site.pluginProblems()).toEqual([]);
    } finally {
      await site.stop();
      await app.close();
      await database.close();
    }
  });
});

/** A PHP array literal of strings. */
function phpArray(fields: Record<string, string>): string {
  return `[${Object.entries(fields)
    .map(([key, value]) => `${JSON.stringify(key)} => ${JSON.stringify(value)}`)
    .join(', ')}]`;
}
