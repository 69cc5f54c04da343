import { and, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { beforeEach, describe, expect } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { agents, conversations, documents, leads } from '../../src/db/schema.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { launchChromium } from '../browser/helpers/chromium.js';
import { ensureWidgetBuilt } from '../browser/helpers/demo-service.js';
import { chromiumMissing, servicesRequired } from '../helpers/services.js';
import { init, widgetPost } from '../helpers/widget.js';
import { ADMIN, missingWordPressPrerequisites, type WordPressSite } from './harness.js';
import { siteTest } from './site-test.js';
import { createProduct } from './woocommerce.js';

/**
 * The shop in a real Chromium: a real WordPress with the real WooCommerce and the plugin,
 * connected to the real service. A visitor's plain page view costs the shop one PHP request and
 * sets no cookie (so page caches keep working); the store owner's wp-admin screens load their
 * scripts without a console error; a price set in the product editor is answered after one run
 * of the plugin's jobs; WordPress's Export and Erase Personal Data tools include and remove the
 * assistant's data on the site and in the service; and Plugins → Delete removes the plugin.
 */

const reason = (await missingWordPressPrerequisites()) ?? (await chromiumMissing());
if (reason && !servicesRequired) console.warn(`Skipping the WordPress browser suite: ${reason}`);

const TIMEOUT = 180_000;
/**
 * How long one page may take to load. wp-admin with WooCommerce is PHP's heaviest page; with the
 * other suites running beside it on a small machine, it can take longer than Playwright's 30 s.
 */
const PAGE_TIMEOUT = 90_000;
/** Requests a page makes for files on disk (php -S serves them without running PHP). */
const STATIC_FILE = /\.(?:css|js|mjs|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|eot|map)$/;

interface BrowserFixtures {
  /** Chromium, launched once for the file. */
  browser: Browser;
  /** A browser context signed in to wp-admin as the administrator. */
  admin: BrowserContext;
}

const it = siteTest({
  missing: reason,
  woocommerce: true,
  shop: { name: 'Quayside' },
  connect: true,
  timeout: TIMEOUT,
  prepare: async ({ service, shop, site }) => {
    // The widget answers on the shop's own pages.
    await service.database.db
      .update(agents)
      .set({ allowedOrigins: ['https://shop.example', site.url] })
      .where(eq(agents.id, shop.agentId));
    await site.runSync();
  },
}).extend<BrowserFixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      ensureWidgetBuilt();
      const browser = await launchChromium();
      try {
        await use(browser);
      } finally {
        await browser.close();
      }
    },
    { scope: 'file' },
  ],
  admin: [
    async ({ browser, site, ready: _ready }, use) => {
      const admin = await browser.newContext();
      admin.setDefaultTimeout(PAGE_TIMEOUT);
      const login = await admin.newPage();
      // To the profile screen, which is lighter than WooCommerce's dashboard.
      await login.goto(`${site.url}/wp-login.php?redirect_to=${encodeURIComponent(`${site.url}/wp-admin/profile.php`)}`);
      await login.fill('#user_login', ADMIN.user);
      await login.fill('#user_pass', ADMIN.password);
      // Signed in once wp-admin's response begins: the dashboard's own loading is not the login's.
      await Promise.all([login.waitForURL((url) => url.pathname.startsWith('/wp-admin/'), { waitUntil: 'commit' }), login.click('#wp-submit')]).catch(
        async (error: Error) => {
          const refusal = await login
            .locator('#login_error')
            .textContent({ timeout: 1_000 })
            .catch(() => null);
          throw refusal ? new Error(`wp-login.php refused the administrator: ${refusal.trim()}`) : error;
        },
      );
      await login.close();
      await use(admin);
    },
    { scope: 'file' },
  ],
});
// Chromium and the signed-in administrator too are made before the first test.
beforeEach((async ({ admin: _admin }: { admin?: BrowserContext }) => {}) as Parameters<typeof beforeEach>[0], TIMEOUT);

describe.skipIf(reason && !servicesRequired)('the shop and its wp-admin in Chromium', { timeout: TIMEOUT }, () => {
  /**
   * Console errors, uncaught exceptions and failed loads of the shop's own files, from before a
   * page's first script. A file of another origin that cannot be loaded (WordPress.org avatars and
   * badges: the test machines have no internet) is not the site's error.
   */
  function recordErrors(page: Page, site: WordPressSite, serviceUrl: string): string[] {
    const errors: string[] = [];
    const ours = (url: string) => url.startsWith(site.url) || url.startsWith(serviceUrl);
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const source = message.location().url;
      if (message.text().startsWith('Failed to load resource') && source && !ours(source)) return;
      errors.push(`${page.url()}: ${message.text()} (${source})`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('response', (response) => {
      if (ours(response.url()) && response.status() >= 400) errors.push(`${page.url()}: ${response.status()} for ${response.url()}`);
    });
    return errors;
  }

  it("a visitor's plain page view makes no request to the shop beyond the page, and sets no cookie", async ({ serviceUrl, site, browser }) => {
    const visitor = await browser.newContext();
    visitor.setDefaultTimeout(PAGE_TIMEOUT);
    const page = await visitor.newPage();
    const errors = recordErrors(page, site, serviceUrl);
    const shopRequests: string[] = [];
    const cookies: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === site.url && !STATIC_FILE.test(url.pathname)) shopRequests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    page.on('response', async (response) => {
      if (new URL(response.url()).origin !== site.url) return;
      const setCookie = await response.headerValue('set-cookie');
      if (setCookie) cookies.push(setCookie);
    });
    const inits: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${serviceUrl}/v1/widget/init`) inits.push(request.postData() ?? '');
    });

    await page.goto(`${site.url}/`);
    // The widget is up (its launcher drawn, its first init answered) and the page is idle.
    await page.locator('storefront-assistant [data-testid="sa-launcher"]').waitFor();
    await expect.poll(() => inits.length, { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(shopRequests).toEqual(['GET /']);
    expect(cookies).toEqual([]);
    expect(await visitor.cookies(site.url)).toEqual([]);
    expect(JSON.parse(inits[0]!)).not.toHaveProperty('shopper_token');

    // Opening the chat is the interaction: now the shopper token is fetched (one request) and
    // WooCommerce's session starts (its cookie), and the conversation is bound to that session.
    await page.locator('storefront-assistant [data-testid="sa-launcher"]').click();
    await expect.poll(() => inits.length, { timeout: 15_000 }).toBe(2);
    expect(shopRequests).toEqual(['GET /', 'POST /wp-json/storefront-assistant/v1/shopper-token']);
    expect(JSON.parse(inits[1]!)).toHaveProperty('shopper_token');
    expect((await visitor.cookies(site.url)).map((cookie) => cookie.name)).toEqual([expect.stringMatching(/^wp_woocommerce_session_/)]);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('the wp-admin screens a store owner uses load without a console error', async ({ serviceUrl, site, admin }) => {
    const page = await admin.newPage();
    const errors = recordErrors(page, site, serviceUrl);
    for (const path of [
      '/wp-admin/',
      '/wp-admin/plugins.php',
      '/wp-admin/options-general.php?page=storefront-assistant',
      '/wp-admin/edit.php?post_type=product',
      '/wp-admin/export-personal-data.php',
    ]) {
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate('typeof window.jQuery'), path).toBe('function');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a price set in the product editor is answered after one run of the jobs', async ({ service, shop, serviceUrl, site, admin }) => {
    const id = await createProduct(site, { name: 'Quayside tide chart', regularPrice: '12', description: '<p>A printed tide chart of the quay.</p>' });
    await site.runSync();
    const page = await admin.newPage();
    const errors = recordErrors(page, site, serviceUrl);
    await page.goto(`${site.url}/wp-admin/post.php?post=${id}&action=edit`);
    // The editor's scripts ran: underscore, which Debian's package links in from elsewhere, among them.
    expect(await page.evaluate('typeof (window._ && window._.VERSION)')).toBe('string');
    await page.fill('#_regular_price', '14.75');
    await Promise.all([page.waitForURL(/message=1/), page.click('#publish')]);
    expect(errors).toEqual([]);
    await page.close();

    expect(await site.runJobsOnce()).toBeGreaterThan(0);
    const session = (await init(service.app, { agent_id: shop.agentId })).json();
    const reply = await widgetPost(service.app, '/v1/widget/messages', session.token, { message: 'How much is the quayside tide chart?' });
    expect(reply.json().message.content).toContain('€14.75');
  });

  it("WordPress's Export and Erase Personal Data tools include and remove the assistant's data, on the site and in the service", async ({
    service,
    shop,
    serviceUrl,
    site,
    admin,
  }) => {
    const ADA = 'ada@example.com';
    // Leads create their account at once here.
    expect(await site.submitSettingsForm('storefront_assistant_save_leads', {})).toContain('Saved');
    // Ada chats, types her address and leaves it; the service delivers the lead to the site. Grace chats too.
    const chat = async (message: string, email?: string) => {
      const session = (await init(service.app, { agent_id: shop.agentId })).json();
      expect((await widgetPost(service.app, '/v1/widget/messages', session.token, { message })).statusCode).toBe(200);
      if (email) expect((await widgetPost(service.app, '/v1/widget/leads', session.token, { email, name: 'Ada Lovelace' })).statusCode).toBe(200);
      return session.conversation_id as string;
    };
    const adas = await chat(`Where is my order 7? My email is ${ADA}`, ADA);
    const graces = await chat('Do you ship to Norway? I am grace@example.com');
    expect(await serviceOutboxWorker(service.app.deps).runOnce()).toBe(1);
    const userMeta = () =>
      site.wpEval<string>(
        `$user = get_user_by('email', '${ADA}'); return $user ? (string) get_user_meta($user->ID, '_storefront_assistant_conversation_id', true) : 'no user';`,
      );
    expect(await userMeta()).toBe(adas);

    const page = await admin.newPage();
    const errors = recordErrors(page, site, serviceUrl);
    /** Tools → Export/Erase Personal Data: a request for the address, confirmed at once. */
    const request = async (tool: 'export' | 'erase') => {
      await page.goto(`${site.url}/wp-admin/${tool}-personal-data.php`);
      await page.fill('#username_or_email_for_privacy_request', ADA);
      await page.uncheck('#send_confirmation_email');
      await Promise.all([page.waitForLoadState('load'), page.click('#submit')]);
    };

    await request('export');
    // The request's row action "Download personal data" (its "Next steps" button e-mails the link instead).
    await page.locator('tr.status-request-confirmed').first().hover();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.column-email .export-personal-data-handle').first().click()]);
    // export.json: {"Personal Data Export for …": {<group id>: {"group_label", "items": {<item id>: [{name, value}]}}}}
    const exported = await site.wpEval<{ groups: Record<string, { group_label: string; items: Record<string, Array<{ name: string; value: string }>> }> }>(`
      $zip = new ZipArchive();
      $zip->open(wp_privacy_exports_dir() . ${JSON.stringify(download.suggestedFilename())});
      $json = json_decode($zip->getFromName('export.json'), true);
      return ['groups' => reset($json)];`);
    const group = exported.groups['storefront-assistant'];
    expect(group?.group_label).toBe('Storefront Assistant');
    // This site's user meta, the lead and the conversation kept by the service.
    expect(Object.keys(group!.items).map((id) => id.replace(/-[^-]+$/, '').replace(/-[0-9a-f-]+$/, ''))).toEqual(
      expect.arrayContaining(['account', 'lead', 'conversation']),
    );
    const text = JSON.stringify(group);
    expect(text).toContain(adas);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Where is my order 7?');
    expect(text).not.toContain('Norway');

    await request('erase');
    await page.locator('.column-next_steps .remove-personal-data-handle').first().click();
    // A warning rather than a success only because WooCommerce keeps download permissions.
    const result = page.locator('tr.request-results .notice');
    await result.waitFor();
    expect(await result.getAttribute('class')).not.toContain('notice-error');
    expect(await result.innerText()).toContain('The assistant service erased 1 conversation(s) and 1 lead(s).');
    expect(errors).toEqual([]);
    await page.close();

    expect(await userMeta()).toBe('');
    expect(await service.database.db.select().from(leads).where(eq(leads.workspaceId, shop.workspaceId))).toEqual([]);
    const remaining = await service.database.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.workspaceId, shop.workspaceId));
    expect(remaining.map((row) => row.id)).toContain(graces);
    expect(remaining.map((row) => row.id)).not.toContain(adas);
    expect(await queryRows(service.database.db, sql`SELECT 1 FROM messages WHERE conversation_id = ${adas}`)).toEqual([]);
  });

  it('Plugins → Delete removes the plugin, and what it stored, from the Plugins screen', async ({ service, shop, serviceUrl, site, admin }) => {
    const page = await admin.newPage();
    const errors = recordErrors(page, site, serviceUrl);
    await page.goto(`${site.url}/wp-admin/plugins.php`);
    await Promise.all([page.waitForURL(/plugins\.php\?deactivate=true/), page.click('#deactivate-storefront-assistant')]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#delete-storefront-assistant');
    await page.locator('tr[data-slug="storefront-assistant"].deleted, .plugin-deleted-tr').first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
    expect(
      await site.wpEval(`
        global $wpdb;
        return ['dir' => is_dir(WP_PLUGIN_DIR . '/storefront-assistant'), 'options' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'storefront\\\\_assistant\\\\_%'")];`),
    ).toEqual({ dir: false, options: 0 });
    // The synced content stays in the service until the owner removes it there.
    expect(
      (
        await service.database.db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.workspaceId, shop.workspaceId)))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('left no PHP warning or error from the plugin in the log', ({ site }) => {
    expect(site.pluginProblems()).toEqual([]);
  });
});
