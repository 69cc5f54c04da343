import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { AGENT_CACHE_MS } from '../../src/modules/widget/agent-cache.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { servicesRequired } from '../helpers/services.js';
import { missingWordPressPrerequisites } from './harness.js';
import { siteTest } from './site-test.js';

/**
 * Settings → Storefront Assistant as a store owner sees it, connected to the real service: with
 * several assistants the owner is asked to choose one (the widget stays hidden until then); the
 * sync shows one status at a time, with counts and the last problem in plain words; and "Send a
 * test question" shows the assistant's answer, or what keeps it from answering on this site.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress settings page suite: ${reason}`);

const TIMEOUT = 120_000;

/** The page's text, tags removed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const it = siteTest({
  missing: reason,
  woocommerce: false,
  shop: { name: 'Harbour cafe' },
  timeout: TIMEOUT,
  prepare: async ({ service, shop, site }) => {
    // A second assistant in the workspace.
    await runCommand(service.database.db, 'agent:create', {
      workspace: shop.workspaceId,
      name: 'Second helper',
      'site-type': 'generic',
      origin: [site.url],
      published: true,
    });
    await site.wpEval(
      `wp_insert_post(['post_status' => 'publish', 'post_title' => 'Opening hours', 'post_content' => '<p>The harbour cafe opens at seven every morning.</p>']); return null;`,
    );
  },
});

describe.skipIf(reason && !servicesRequired)('the settings page with the real service', { timeout: TIMEOUT }, () => {
  it('with several assistants, asks the owner to choose one; the widget stays hidden until then', async ({ shop, serviceUrl, site }) => {
    expect(await site.connect(serviceUrl, shop.token)).toBe(
      'Connected. Your workspace has several assistants: choose the one to show on this site below. Until you do, the chat widget stays hidden.',
    );
    expect(text(await site.adminPage())).toContain(
      'Your workspace has 2 assistants. Choose the one to show on this site: until you do, the chat widget stays hidden.',
    );
    expect(text(await site.adminPage('/wp-admin/'))).toContain('no assistant is chosen for this site yet, so the chat widget is hidden');
    expect(await (await fetch(`${site.url}/`)).text()).not.toContain('widget.js');

    expect(await site.submitSettingsForm('storefront_assistant_save_agent', { agent_id: shop.agentId })).toBe('Saved.');
    expect(text(await site.adminPage())).not.toContain('Choose the one to show on this site');
    expect(text(await site.adminPage('/wp-admin/'))).not.toContain('no assistant is chosen');
    expect(await (await fetch(`${site.url}/`)).text()).toContain(`data-agent-id="${shop.agentId}"`);
  });

  it('shows one sync status: preparing right after Connect, then up to date with the counts', async ({ site }) => {
    const preparing = text(await site.adminPage());
    expect(preparing).toMatch(/Syncing all content: 0 of about \d+ items prepared, 0 waiting to be sent\./);
    expect(preparing).not.toContain('Everything is up to date');

    await site.runSync();
    const done = text(await site.adminPage());
    expect(done).toContain('Everything is up to date.');
    expect(done).not.toContain('Syncing all content');
    expect(done).toMatch(/On the assistant: [1-9]\d* posts and pages, 0 products\./);
    expect(done).toContain('Not checked against the service yet');
  });

  it('says in plain words why content is waiting', async ({ serviceUrl, site }) => {
    await site.wpEval(`
      $settings = get_option('storefront_assistant_settings');
      update_option('storefront_assistant_settings', array_merge($settings, ['service_url' => 'http://127.0.0.1:9']));
      wp_insert_post(['post_status' => 'publish', 'post_title' => 'Menu', 'post_content' => '<p>Fish soup.</p>']);
      return null;`);
    await site.runJobsOnce();
    const page = text(await site.adminPage());
    expect(page).toContain('1 item is waiting to be sent; 1 could not be sent yet and will be retried automatically.');
    expect(page).toMatch(
      /Last problem \([^)]+\): The Storefront Assistant service could not be reached\. Check the service URL and that the service is running\./,
    );
    await site.wpEval(`
      $settings = get_option('storefront_assistant_settings');
      update_option('storefront_assistant_settings', array_merge($settings, ['service_url' => ${JSON.stringify(serviceUrl)}]));
      return null;`);
  });

  it("a test question shows the assistant's answer, or what keeps it from answering on this site", async ({ service, shop, site }) => {
    const ask = async (question: string) => {
      const { notice, html } = await site.submitSettingsFormPage('storefront_assistant_test_question', { question });
      return { notice, page: text(html) };
    };
    // The agent does not allow the site's address yet: its widget could not answer here either.
    const refused = await ask('When does the cafe open?');
    expect(refused.notice).toBe('The assistant could not answer; see below why.');
    expect(refused.page).toContain(`Add ${site.url} to the assistant's allowed origins in the service dashboard.`);

    await service.database.db
      .update(agents)
      .set({ allowedOrigins: [site.url] })
      .where(eq(agents.id, shop.agentId));
    // The service keeps published agents briefly; the owner's change reaches init after that.
    service.clock.advance(AGENT_CACHE_MS);
    const answered = await ask('When does the cafe open?');
    expect(answered.notice).toBe('The assistant answered; see below.');
    expect(answered.page).toContain('You asked: When does the cafe open?');
    expect(answered.page).toContain('The assistant answered:');
    expect(answered.page).toContain('opens at seven every morning');
    // Shown once.
    expect(text(await site.adminPage())).not.toContain('You asked:');

    await service.database.db.update(agents).set({ published: false }).where(eq(agents.id, shop.agentId));
    service.clock.advance(AGENT_CACHE_MS);
    expect((await ask('Anyone there?')).page).toContain('The assistant is not published yet');
  });

  it('left no PHP warning or error from the plugin in the log', ({ site }) => {
    expect(site.pluginProblems()).toEqual([]);
  });
});
