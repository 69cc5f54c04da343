import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesRequired } from '../helpers/services.js';
import { captureMail, missingWordPressPrerequisites, startWordPress, storeConnection, type WordPressSite } from './harness.js';

/**
 * Deleting the plugin runs uninstall.php through WordPress's own uninstall_plugin(): it removes
 * what the plugin stored (options, coupon and pending lead confirmation transients, the queue table, synced-hash post meta,
 * scheduled jobs in WP-Cron and Action Scheduler), and keeps the users it created from leads,
 * who are the site's customers now, together with their lead meta.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress plugin uninstall suite: ${reason}`);

const TIMEOUT = 120_000;

interface Leftovers {
  options: string[];
  queueTable: string | null;
  hashMeta: number;
  cronHooks: string[];
  pendingActions: string[];
}

/**
 * Everything of the plugin's still in the database: option names (transients included), its
 * table, meta, jobs. Names are spelled out: once the plugin is deleted its classes do not load.
 */
const leftovers = (site: WordPressSite) =>
  site.wpEval<Leftovers>(`
    global $wpdb;
    $cron = [];
    foreach (_get_cron_array() as $events) {
      foreach (array_keys($events) as $hook) {
        if (str_starts_with($hook, 'storefront_assistant_')) $cron[] = $hook;
      }
    }
    $pending = [];
    if (function_exists('as_get_scheduled_actions')) {
      foreach (as_get_scheduled_actions(['status' => 'pending', 'per_page' => -1]) as $action) {
        if (str_starts_with($action->get_hook(), 'storefront_assistant_')) $pending[] = $action->get_hook();
      }
    }
    return [
      'options' => $wpdb->get_col($wpdb->prepare("SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", '%' . $wpdb->esc_like('storefront_assistant') . '%')),
      'queueTable' => $wpdb->get_var($wpdb->prepare('SHOW TABLES LIKE %s', $wpdb->prefix . 'storefront_assistant_queue')),
      'hashMeta' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key = '_storefront_assistant_synced_hash'"),
      'cronHooks' => $cron,
      'pendingActions' => $pending,
    ];`);

for (const woocommerce of [false, true]) {
  describe.skipIf(reason && !servicesRequired)(
    `uninstalling the plugin ${woocommerce ? 'with WooCommerce' : 'without WooCommerce'}`,
    { timeout: TIMEOUT },
    () => {
      let site: WordPressSite;
      let leadUserId: number;

      beforeAll(async () => {
        if (reason) throw new Error(`REQUIRE_SERVICES is set but the WordPress suite cannot run: ${reason}`);
        site = await startWordPress({ woocommerce });
        await storeConnection(site, { signingSecret: 'sss_uninstall_secret' });

        // What a connected site has accumulated: a lead turned into a user by the plugin, a staged
        // coupon (a transient with its timeout), sync state and errors, queued and synced posts,
        // scheduled jobs; and things that are not the plugin's.
        leadUserId = await site.wpEval<number>(`
        $lead = new StorefrontAssistant\\Leads\\Lead('ada@example.com', 'Ada Lovelace', null, 'conv_uninstall', 'lead_uninstall');
        return (new StorefrontAssistant\\Leads\\LeadUsers(new StorefrontAssistant\\Shop\\WooCommerce()))->upsert($lead)['user_id'];`);
        // A lead still waiting for its confirmation (the e-mail kept by the test's mail capture).
        await captureMail(site);
        await site.wpEval(`
        $lead = new StorefrontAssistant\\Leads\\Lead('grace@example.com', 'Grace', null, 'conv_pending', 'lead_pending');
        $shop = new StorefrontAssistant\\Shop\\WooCommerce();
        (new StorefrontAssistant\\Leads\\LeadConfirmations(new StorefrontAssistant\\Leads\\LeadUsers($shop), $shop))->request($lead);
        return null;`);
        await site.wpEval(`
        set_transient(StorefrontAssistant\\Cart\\CouponStage::TRANSIENT_PREFIX . md5('session:abc'), 'save10', 900);
        update_option('storefront_assistant_sync_state', ['sent' => 3]);
        update_option('storefront_assistant_errors', [['message' => 'The service could not be reached.']]);
        $synced = wp_insert_post(['post_status' => 'publish', 'post_title' => 'Synced', 'post_content' => '<p>Sent earlier.</p>']);
        update_post_meta($synced, '_storefront_assistant_synced_hash', 'hash');
        wp_insert_post(['post_status' => 'publish', 'post_title' => 'Queued', 'post_content' => '<p>Not sent yet.</p>']);
        wp_schedule_single_event(time() + 3600, 'storefront_assistant_full_sync');
        update_option('not_the_plugins_option', 'stays');
        set_transient('not_the_plugins_transient', 'stays', 900);
        return null;`);

        const before = await leftovers(site);
        expect(before.options).toEqual(
          expect.arrayContaining([
            'storefront_assistant_settings',
            'storefront_assistant_connection',
            'storefront_assistant_shopper_signing_secret',
            'storefront_assistant_sync_state',
            'storefront_assistant_errors',
            'storefront_assistant_db_version',
            expect.stringMatching(/^_transient_storefront_assistant_coupon_/),
            expect.stringMatching(/^_transient_timeout_storefront_assistant_coupon_/),
            expect.stringMatching(/^_transient_storefront_assistant_lead_confirm_/),
            expect.stringMatching(/^_transient_timeout_storefront_assistant_lead_confirm_/),
          ]),
        );
        expect(before.queueTable).toBe('wp_storefront_assistant_queue');
        expect(before.hashMeta).toBe(1);
        expect(before.cronHooks).toContain('storefront_assistant_full_sync');
        // The post saves scheduled a sync run through the site's scheduler.
        expect(woocommerce ? before.pendingActions : before.cronHooks).toContain('storefront_assistant_sync');

        // Deactivated without its deactivation hook, as WordPress does when a plugin's folder went
        // missing for a while (deactivate_plugins(..., true) is the same silent path), so that
        // uninstall.php alone has to clear the scheduled jobs; then deleted as Plugins → Delete does.
        await site.wpEval(`
        require_once ABSPATH . 'wp-admin/includes/plugin.php';
        deactivate_plugins('storefront-assistant/storefront-assistant.php', true);
        if (is_plugin_active('storefront-assistant/storefront-assistant.php')) throw new RuntimeException('still active');
        uninstall_plugin('storefront-assistant/storefront-assistant.php');
        return null;`);
      }, TIMEOUT);

      afterAll(async () => {
        await site?.stop();
      });

      it('removes the options and the coupon transients', async () => {
        expect((await leftovers(site)).options).toEqual([]);
      });

      it('drops the queue table and the synced-hash post meta', async () => {
        const after = await leftovers(site);
        expect(after.queueTable).toBeNull();
        expect(after.hashMeta).toBe(0);
      });

      it('leaves no scheduled job behind', async () => {
        const after = await leftovers(site);
        expect(after.cronHooks).toEqual([]);
        expect(after.pendingActions).toEqual([]);
      });

      it('keeps the user created from a lead, with its lead meta, and what is not the plugin’s', async () => {
        const kept = await site.wpEval<{
          email: string;
          roles: string[];
          conversation: string;
          lead: string;
          option: string;
          transient: string;
          admin: boolean;
        }>(`
        $user = get_userdata(${leadUserId});
        return [
          'email' => $user ? $user->user_email : '',
          'roles' => $user ? array_values($user->roles) : [],
          'conversation' => (string) get_user_meta(${leadUserId}, '_storefront_assistant_conversation_id', true),
          'lead' => (string) get_user_meta(${leadUserId}, '_storefront_assistant_lead_id', true),
          'option' => get_option('not_the_plugins_option'),
          'transient' => get_transient('not_the_plugins_transient'),
          'admin' => false !== get_user_by('login', 'admin'),
        ];`);
        expect(kept).toEqual({
          email: 'ada@example.com',
          roles: [woocommerce ? 'customer' : 'subscriber'],
          conversation: 'conv_uninstall',
          lead: 'lead_uninstall',
          option: 'stays',
          transient: 'stays',
          admin: true,
        });
      });

      it('left no PHP warning or error from the plugin in the log', () => {
        expect(site.pluginProblems()).toEqual([]);
      });
    },
  );
}
