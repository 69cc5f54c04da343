import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { servicesRequired } from '../helpers/services.js';
import { missingWordPressPrerequisites, startWordPress, type WordPressSite } from './harness.js';

/**
 * Which scheduler runs the plugin's background sync: Action Scheduler when WooCommerce provides
 * it (the real WooCommerce's), otherwise WP-Cron. Both sites are connected to the real service,
 * so a run that does not sync shows up in its search.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress background jobs suite: ${reason}`);

const TIMEOUT = 120_000;
const GROUP = 'storefront-assistant';

interface StoredAction {
  id: number;
  hook: string;
  group: string;
  date: number | null;
  status: string;
}

/** The plugin's hooks in WP-Cron's schedule. */
const cronHooks = (site: WordPressSite) =>
  site.wpEval<string[]>(`
    $hooks = [];
    foreach (_get_cron_array() as $events) {
      foreach (array_keys($events) as $hook) {
        if (str_starts_with($hook, 'storefront_assistant_')) $hooks[] = $hook;
      }
    }
    return $hooks;`);

/** The plugin's actions in Action Scheduler's store (its group; WooCommerce's own actions are not ours). */
const storedActions = (site: WordPressSite) =>
  site.wpEval<StoredAction[]>(`
    $out = [];
    foreach (['pending', 'in-progress', 'complete', 'failed', 'canceled'] as $status) {
      foreach (as_get_scheduled_actions(['group' => 'storefront-assistant', 'status' => $status, 'per_page' => -1]) as $id => $action) {
        $date = $action->get_schedule()->get_date();
        $out[] = ['id' => (int) $id, 'hook' => $action->get_hook(), 'group' => $action->get_group(), 'date' => $date ? $date->getTimestamp() : null, 'status' => $status];
      }
    }
    usort($out, fn ($a, $b) => $a['id'] <=> $b['id']);
    return $out;`);

const pendingActions = async (site: WordPressSite) => (await storedActions(site)).filter((action) => action.status === 'pending');
/** Pending, except the daily check against the service (always scheduled a day ahead while connected). */
const pendingWork = async (site: WordPressSite) => (await pendingActions(site)).filter((action) => action.hook !== 'storefront_assistant_reconcile');

const createPost = (site: WordPressSite, title: string, content: string) =>
  site.wpEval<number>(
    `return wp_insert_post(['post_status' => 'publish', 'post_title' => ${JSON.stringify(title)}, 'post_content' => ${JSON.stringify(content)}], true);`,
  );

describe.skipIf(reason && !servicesRequired)('the plugin background sync scheduler', { timeout: TIMEOUT }, () => {
  let service: TestApp;
  let serviceUrl: string;
  let shop: WordPressSite;
  let plain: WordPressSite;
  let shopWorkspace: SeededWorkspace;
  let plainWorkspace: SeededWorkspace;

  const search = (workspace: SeededWorkspace, query: string) =>
    searchKnowledge(service.database.db, { workspaceId: workspace.workspaceId, query }).then((hits) => hits.map((hit) => hit.title));

  beforeAll(async () => {
    if (reason) throw new Error(`REQUIRE_SERVICES is set but the WordPress suite cannot run: ${reason}`);
    [service, shop, plain] = await Promise.all([createTestApp(), startWordPress({ woocommerce: true }), startWordPress({ woocommerce: false })]);
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    serviceUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    shopWorkspace = await seedWorkspace(service.database, 'Scheduler shop');
    plainWorkspace = await seedWorkspace(service.database, 'Scheduler blog');
  }, TIMEOUT);

  afterAll(async () => {
    await Promise.all([shop?.stop(), plain?.stop(), service?.close()]);
  });

  describe('with WooCommerce providing Action Scheduler', () => {
    it('schedules the full sync after Connect as an Action Scheduler action, not a WP-Cron event', async () => {
      expect(await shop.wpEval(`return function_exists('as_schedule_single_action') && function_exists('as_get_scheduled_actions');`)).toBe(true);
      expect(await shop.connect(serviceUrl, shopWorkspace.token)).toContain('Connected');

      expect((await pendingActions(shop)).map((action) => [action.hook, action.group])).toContainEqual(['storefront_assistant_full_sync', GROUP]);
      expect(await cronHooks(shop)).toEqual([]);

      // Only the Action Scheduler runner does the work: run it until nothing is due.
      await shop.runSync();
      expect(await pendingWork(shop)).toEqual([]);
      // The daily check against the service, a day from now.
      const [check] = await pendingActions(shop);
      expect(check?.hook).toBe('storefront_assistant_reconcile');
      expect(check!.date! - Math.floor(Date.now() / 1000)).toBeGreaterThan(23 * 3600);
      expect(await cronHooks(shop)).toEqual([]);
      expect(await search(shopWorkspace, 'hello world')).toContain('Hello world!');
    });

    it('a post save schedules one sync action; running the due actions sends the post to the service', async () => {
      const postId = await createPost(shop, 'Lighthouse tours', '<p>Guided lighthouse tours every Sunday at dawn.</p>');
      // A second save before the run merges into the same scheduled action.
      await shop.wpEval(
        `wp_update_post(['ID' => ${postId}, 'post_content' => '<p>Guided lighthouse tours every Sunday at dawn, with tea.</p>']); return null;`,
      );

      const pending = await pendingWork(shop);
      expect(pending.map((action) => [action.hook, action.group])).toEqual([['storefront_assistant_sync', GROUP]]);
      expect(pending[0]!.date).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(await cronHooks(shop)).toEqual([]);
      // The save only scheduled: nothing was sent yet.
      expect(await search(shopWorkspace, 'lighthouse tours')).toEqual([]);

      expect(await shop.runJobsOnce()).toBe(1);

      expect(await search(shopWorkspace, 'lighthouse tours tea')).toContain('Lighthouse tours');
      const ran = (await storedActions(shop)).find((action) => action.id === pending[0]!.id);
      expect(ran?.status).toBe('complete');
      expect(await pendingWork(shop)).toEqual([]);
      expect(await shop.wpEval(`global $wpdb; return (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->prefix}storefront_assistant_queue");`)).toBe(0);
      expect(await cronHooks(shop)).toEqual([]);
    });

    it('a disconnect cancels the pending sync actions', async () => {
      await createPost(shop, 'Harbour cafe', '<p>The harbour cafe serves chowder.</p>');
      expect((await pendingWork(shop)).map((action) => action.hook)).toEqual(['storefront_assistant_sync']);

      expect(await shop.submitSettingsForm('storefront_assistant_disconnect')).not.toBe('');
      expect(await pendingActions(shop)).toEqual([]);
      expect((await storedActions(shop)).filter((action) => action.status === 'canceled').map((action) => action.hook)).toContain('storefront_assistant_sync');
    });

    it('left no PHP warning or error from the plugin in the log', () => {
      expect(shop.pluginProblems()).toEqual([]);
    });
  });

  describe('without WooCommerce', () => {
    it('a post save schedules a WP-Cron event, and WP-Cron sends the post to the service', async () => {
      expect(await plain.wpEval(`return function_exists('as_schedule_single_action');`)).toBe(false);
      expect(await plain.connect(serviceUrl, plainWorkspace.token)).toContain('Connected');
      await plain.runSync();
      // Only the daily check against the service remains, a day ahead.
      expect(await cronHooks(plain)).toEqual(['storefront_assistant_reconcile']);

      await createPost(plain, 'Tide tables', '<p>Printed tide tables are at the harbour office.</p>');
      expect((await cronHooks(plain)).sort()).toEqual(['storefront_assistant_reconcile', 'storefront_assistant_sync']);
      expect(await search(plainWorkspace, 'tide tables')).toEqual([]);

      await plain.runSync();
      expect(await search(plainWorkspace, 'tide tables harbour')).toContain('Tide tables');
      expect(await cronHooks(plain)).toEqual(['storefront_assistant_reconcile']);
      expect(plain.pluginProblems()).toEqual([]);
    });
  });
});
