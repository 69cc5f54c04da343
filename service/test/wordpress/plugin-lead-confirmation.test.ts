import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { leads } from '../../src/db/schema.js';
import { serviceOutboxWorker } from '../../src/modules/outbox/worker.js';
import { SiteClient } from '../../src/modules/sites/site-client.js';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { servicesRequired } from '../helpers/services.js';
import { init, widgetPost } from '../helpers/widget.js';
import { captureMail, missingWordPressPrerequisites, sentMail, type WordPressSite } from './harness.js';
import { siteTest } from './site-test.js';

/**
 * Lead floods turned every typed address into a WordPress user. With the plugin's double opt-in
 * (on by default) a lead delivered by the real service creates no user: the plugin e-mails the
 * address a confirmation link (captured here through pre_wp_mail), and the user is created only
 * when the visitor follows it and presses its button.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WordPress lead confirmation suite: ${reason}`);

const TIMEOUT = 120_000;

interface SiteUser {
  id: number;
  roles: string[];
  first_name: string;
  conversation: string;
  lead: string;
}

/** The site connected to the app, its mail captured; `ready` is the shopper signing secret it was given. */
const it = siteTest({
  missing: reason,
  woocommerce: true,
  shop: { name: 'Opt-in shop' },
  connect: true,
  timeout: TIMEOUT,
  prepare: async ({ site }) => {
    const secret = await site.wpEval<string>(`return get_option('storefront_assistant_shopper_signing_secret');`);
    await captureMail(site);
    return secret;
  },
});

describe.skipIf(reason && !servicesRequired)('double opt-in for leads, on a real WordPress connected to the real service', { timeout: TIMEOUT }, () => {
  const userByEmail = (site: WordPressSite, email: string) =>
    site.wpEval<SiteUser | null>(`
      $user = get_user_by('email', ${JSON.stringify(email)});
      if (!$user) return null;
      return ['id' => $user->ID, 'roles' => array_values($user->roles), 'first_name' => $user->first_name,
        'conversation' => get_user_meta($user->ID, '_storefront_assistant_conversation_id', true),
        'lead' => get_user_meta($user->ID, '_storefront_assistant_lead_id', true)];`);

  const mailTo = async (site: WordPressSite, email: string) =>
    (await sentMail(site)).filter((mail) => mail.to === email || (Array.isArray(mail.to) && mail.to.includes(email)));
  const linkIn = (message: string) => {
    const link = /https?:\/\/\S+storefront_assistant_confirm=\S+/.exec(message)?.[0];
    if (!link) throw new Error(`no confirmation link in: ${message}`);
    return link;
  };

  /** A visitor leaves a lead in the widget; the service's outbox delivers it to the site. */
  async function leaveLead(service: TestApp, shop: SeededWorkspace, email: string, name: string) {
    const session = (await init(service.app, { agent_id: shop.agentId })).json();
    const response = await widgetPost(service.app, '/v1/widget/leads', session.token, { email, name });
    expect(response.statusCode).toBe(200);
    await serviceOutboxWorker(service.app.deps).runOnce();
    return { leadId: response.json().lead_id as string, conversationId: session.conversation_id as string };
  }

  const leadRow = async (service: TestApp, id: string) => (await service.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  it('is on by default, as the settings page shows', async ({ site }) => {
    const page = await site.adminPage();
    expect(page).toMatch(/<input type="checkbox" name="double_opt_in" value="1"\s+checked='checked'/);
  });

  it('a delivered lead creates no user; the address is e-mailed a confirmation link, and the lead awaits it', async ({ service, shop, site }) => {
    const { leadId } = await leaveLead(service, shop, 'ada@example.com', 'Ada Lovelace');
    expect(await userByEmail(site, 'ada@example.com')).toBeNull();
    expect(await leadRow(service, leadId)).toMatchObject({ siteSyncStatus: 'awaiting_confirmation', siteUserId: null });
    const mail = await mailTo(site, 'ada@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('confirm');
    expect(linkIn(mail[0]!.message).startsWith(`${site.url}/`)).toBe(true);
  });

  it('another delivery for the address sends no second e-mail and still creates no user', async ({ site, ready: secret }) => {
    const client = new SiteClient({ siteUrl: site.url, shopperSigningSecret: secret }, { allowPrivate: true });
    const again = await client.upsertLead({ email: 'ADA@example.com', name: 'Eve', conversation_id: 'conv_other', lead_id: 'lead_other' });
    expect(again).toEqual({ user_id: null, created: false, role: 'customer', pending_confirmation: true });
    expect(await mailTo(site, 'ada@example.com')).toHaveLength(1);
    expect(await userByEmail(site, 'ada@example.com')).toBeNull();
  });

  it('a tampered link confirms nothing', async ({ site }) => {
    const link = linkIn((await mailTo(site, 'ada@example.com'))[0]!.message);
    const tampered = link.replace(/([a-f0-9])$/, (digit) => (digit === 'a' ? 'b' : 'a'));
    const response = await fetch(tampered, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await userByEmail(site, 'ada@example.com')).toBeNull();
  });

  it('following the link shows a button (opening it alone creates nothing); pressing it creates the user from the first lead', async ({ service, site }) => {
    const link = linkIn((await mailTo(site, 'ada@example.com'))[0]!.message);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirm my e-mail address');
    // A mail scanner that opens every link stops here.
    expect(await userByEmail(site, 'ada@example.com')).toBeNull();

    const action = /<form method="post" action="([^"]+)"/
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&#038;/g, '&');
    expect(action).toBeDefined();
    const confirmed = await fetch(new URL(action!, site.url), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('your e-mail address is confirmed');
    const user = await userByEmail(site, 'ada@example.com');
    const [row] = await service.database.db.select().from(leads).where(eq(leads.email, 'ada@example.com'));
    // The first lead's values, not those of the later delivery.
    expect(user).toMatchObject({ roles: ['customer'], first_name: 'Ada', lead: row!.id, conversation: row!.conversationId });

    // A link confirms once.
    expect((await fetch(action!, { method: 'POST' })).status).toBe(404);
  });

  it("someone typing an existing account's address changes nothing on it until its owner confirms", async ({ service, shop, site }) => {
    const before = await userByEmail(site, 'admin@example.com');
    await leaveLead(service, shop, 'admin@example.com', 'Mallory Intruder');
    expect(await userByEmail(site, 'admin@example.com')).toEqual(before);
    expect(await mailTo(site, 'admin@example.com')).toHaveLength(1);
  });

  it('turned off in the settings, a lead creates the user at once, without e-mail', async ({ service, shop, site }) => {
    expect(await site.submitSettingsForm('storefront_assistant_save_leads', {})).toBe('Saved.');
    expect(await site.adminPage()).not.toMatch(/name="double_opt_in" value="1"\s+checked/);
    const { leadId, conversationId } = await leaveLead(service, shop, 'grace@example.com', 'Grace Hopper');
    const user = await userByEmail(site, 'grace@example.com');
    expect(user).toMatchObject({ roles: ['customer'], first_name: 'Grace', lead: leadId, conversation: conversationId });
    expect(await leadRow(service, leadId)).toMatchObject({ siteSyncStatus: 'delivered', siteUserId: user!.id });
    expect(await mailTo(site, 'grace@example.com')).toEqual([]);
    expect(await site.submitSettingsForm('storefront_assistant_save_leads', { double_opt_in: '1' })).toBe('Saved.');
    expect(await site.adminPage()).toMatch(/name="double_opt_in" value="1"\s+checked/);
  });

  it('left no PHP warning or error from the plugin in the log', ({ site }) => {
    expect(site.pluginProblems()).toEqual([]);
  });
});
