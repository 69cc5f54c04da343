import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema.js';
import { authenticateApiToken } from '../../src/modules/auth/api-tokens.js';
import { chartLibraryAvailable } from '../../src/modules/dashboard/static-assets.js';
import { launchChromium } from '../browser/helpers/chromium.js';
import { ensureWidgetBuilt } from '../browser/helpers/demo-service.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, signedSync } from '../helpers/integration.js';
import { chromiumMissing, servicesRequired } from '../helpers/services.js';
import { widgetPost } from '../helpers/widget.js';
import { createMember, PASSWORD, seedPlaygroundConversation, seedProductionConversation } from './helpers.js';

const chromiumSkip = await chromiumMissing();
/** A computed style of the element the locator finds. */
const cssOf = (locator: Locator, property: string) =>
  locator.evaluate((el, name) => el.ownerDocument.defaultView!.getComputedStyle(el).getPropertyValue(name), property);

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts/dashboard');

const PRODUCTION_QUESTION = 'Do you ship trail shoes to Norway?';
const PLAYGROUND_QUESTION = 'Playground only: which coupon is the secret one?';
const SHIPPING_PAGE = '<p>We ship trail shoes to Norway within five working days &lt;img src=x onerror=alert(1)&gt;.</p><p>Returns are free.</p>';

describe.skipIf(chromiumSkip)('dashboard in a real browser', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let base: string;
  let ownerEmail: string;
  let context: BrowserContext;
  let page: Page;
  let closeBrowser: () => Promise<void>;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ensureWidgetBuilt(); // transcripts render replies through the widget's markdown.js
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Fernhill Outdoor');
    ownerEmail = await createMember(t.database, shop.workspaceId, 'owner', 'owner@fernhill.example');
    expect((await handshakeRequest(t.app, shop.token, { site_url: 'https://fernhill.example' })).statusCode).toBe(200);
    // A page the answer quotes; its text holds markup, which must stay text in the transcript.
    const shipping = post(1, {
      title: 'Shipping to Norway',
      permalink: 'https://fernhill.example/shipping',
      content_html: SHIPPING_PAGE,
      content_hash: 'norway',
    });
    expect((await signedSync(t.app, shop.token, 'posts', { items: [shipping] })).statusCode).toBe(200);
    // What visitors did, through the real widget routes; and one Playground test of the same agent.
    const visit = await seedProductionConversation(t.app, shop.agentId, PRODUCTION_QUESTION);
    await widgetPost(t.app, '/v1/widget/leads', visit.token, {
      email: 'ada@example.com',
      name: '=HYPERLINK("http://evil.example","click")',
      consent: { marketing: true },
    });
    await widgetPost(t.app, '/v1/widget/events', visit.token, { events: [{ name: 'launcher_open', at: new Date().toISOString() }] });
    await seedPlaygroundConversation(t.database, shop.agentId, PLAYGROUND_QUESTION);

    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const browser = await launchChromium();
    closeBrowser = () => browser.close();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // An inline script or style blocked by the CSP, or any script error, is a defect of the page.
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    await t?.close();
  });

  it('signs in from the page a visitor asked for', async () => {
    await page.goto(`${base}/app/inbox`);
    expect(new URL(page.url()).pathname).toBe('/app/login');
    await shot('01-sign-in');
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/app/inbox`);
    const cookie = (await context.cookies(`${base}/app/`)).find((c) => c.name === 'sa_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/app' });
  });

  it('creates an agent and copies its embed snippet', async () => {
    await page.goto(`${base}/app/agents`);
    await page.getByRole('link', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Trail helper');
    await page.getByLabel('Site type').selectOption('saas');
    await page.getByLabel('Allowed origins').fill('https://trail.example\nhttps://www.trail.example');
    await page.getByLabel('Greeting').fill('Hi! Ask me about our plans.');
    await page.getByLabel('Coupon code 1').fill('TRAIL5');
    await page.getByLabel('Coupon description 1').fill('5% off the first month');
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/app\/agents\/[0-9a-f-]{36}\?notice=created$/);
    const agentId = new URL(page.url()).pathname.split('/').pop()!;

    const snippet = (await page.locator('#embed-snippet').textContent())!.trim();
    expect(snippet).toBe(`<script src="${t.config.publicBaseUrl}/widget.js" data-agent-id="${agentId}" async></script>`);
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(snippet);
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.getByLabel('Coupon code 1').inputValue()).toBe('TRAIL5');
    await shot('02-agent-created');
  });

  it('creates a token, shows it once with a copy button, and revokes it', async () => {
    await page.goto(`${base}/app/tokens`);
    await page.getByLabel('Name').fill('WordPress shop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const plaintext = (await page.locator('#new-token').textContent())!.trim();
    expect(plaintext).toMatch(/^svc_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy token' }).click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(plaintext);
    await shot('03-token-created');
    expect((await authenticateApiToken(t.database.db, `Bearer ${plaintext}`, new Date())).name).toBe('WordPress shop');

    // Shown once: the list keeps only its prefix.
    await page.goto(`${base}/app/tokens`);
    expect(await page.content()).not.toContain(plaintext);
    const row = page.locator('tr', { hasText: 'WordPress shop' });
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.waitForURL(`${base}/app/tokens?notice=revoked`);
    await expect.poll(() => page.locator('tr', { hasText: 'WordPress shop' }).getByText('revoked').count()).toBe(1);
    await expect(authenticateApiToken(t.database.db, `Bearer ${plaintext}`, new Date())).rejects.toMatchObject({ code: 'unauthenticated' });
    await shot('04-token-revoked');
  });

  it('shows production conversations in the inbox, never a Playground one', async () => {
    await page.goto(`${base}/app/inbox`);
    const list = page.locator('.conversation-list');
    await expect.poll(() => list.textContent()).toContain(PRODUCTION_QUESTION);
    expect(await page.content()).not.toContain('Playground only');
    await shot('05-inbox');
    await list.getByRole('link').first().click();
    await page.waitForURL(/\/app\/inbox\/[0-9a-f-]{36}$/);
    expect(await page.locator('.transcript .message.user').first().textContent()).toContain(PRODUCTION_QUESTION);
    expect(await page.locator('.transcript .message.assistant').count()).toBeGreaterThan(0);

    // The reply ("From [Shipping to Norway](…):\n\n> We ship …") is rendered as the widget renders it.
    const reply = page.locator('.transcript .message.assistant .content').first();
    const quote = reply.locator('blockquote');
    await expect.poll(() => quote.count()).toBe(1);
    expect((await quote.innerText()).trim()).toBe('We ship trail shoes to Norway within five working days <img src=x onerror=alert(1)>.');
    expect(await reply.innerText()).not.toMatch(/^\s*>/m);
    expect(await reply.locator('a').first().getAttribute('href')).toBe('https://fernhill.example/shipping');
    expect(await page.locator('.transcript img').count()).toBe(0);
    await shot('06-transcript');
  });

  it('downloads the leads as CSV with formulas defused', async () => {
    await page.goto(`${base}/app/leads`);
    expect(await page.locator('table').textContent()).toContain('ada@example.com');
    await shot('07-leads');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('lead_id,created_at,updated_at,email,name,phone,agent,marketing_consent,site_sync_status,site_user_id,conversation_id,fields');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',ada@example.com,"\'=HYPERLINK(""http://evil.example"",""click"")",');
  });

  it('draws the analytics chart', async () => {
    await page.goto(`${base}/app/analytics`);
    const canvas = page.locator('#analytics-chart');
    if (!chartLibraryAvailable()) {
      // The library is a dependency of the service; a machine without it must not pass CI.
      if (servicesRequired) throw new Error('REQUIRE_SERVICES=1 but chart.js is not installed (npm install -w service chart.js)');
      console.warn('[skipped] chart.js is not installed: only the table fallback is checked');
      await expect.poll(() => canvas.getAttribute('data-chart-state')).toBe('unavailable');
      expect(await page.locator('.chart-unavailable').isVisible()).toBe(true);
      await shot('08-analytics');
      return;
    }
    await expect.poll(() => canvas.getAttribute('data-chart-state')).toBe('ready');
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
    // Something was drawn: the canvas is not blank.
    const painted = (await page.evaluate(`(() => {
      const c = document.getElementById('analytics-chart');
      const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let count = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) count += 1;
      return count;
    })()`)) as number;
    expect(painted).toBeGreaterThan(1000);
    expect(await page.locator('.stats').first().textContent()).toMatch(/1\s*Conversations/);
    // Answer quality beside it: its own chart, and the visitor's question answered with confidence.
    await expect.poll(() => page.locator('#quality-chart').getAttribute('data-chart-state')).toBe('ready');
    expect(await page.getByTestId('answer-quality').textContent()).toMatch(/100%\s*Answered with confidence\s*1 of 1/);
    await shot('08-analytics');
  });

  it('lists the connected site and the members', async () => {
    await page.goto(`${base}/app/sites`);
    expect(await page.locator('main').textContent()).toContain('https://fernhill.example');
    await shot('09-sites');
    await page.goto(`${base}/app/members`);
    expect(await page.locator('table').textContent()).toContain(ownerEmail);
    await shot('10-members');
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, url] of [
      ['11-mobile-inbox', '/app/inbox'],
      ['12-mobile-agent', `/app/agents/${shop.agentId}`],
    ] as const) {
      await page.goto(`${base}${url}`);
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(name);
    }
  });

  it('shows a transcript as the visitor saw it: right to left for Arabic, team replies in Markdown, blocks as chips', async () => {
    const visit = await seedProductionConversation(t.app, shop.agentId, 'هل تشحنون الأحذية إلى النرويج؟');
    // Seeded after the analytics and leads tests, whose counts it would change. An answer that showed a product card and a coupon, as stored by a turn.
    await t.database.db.insert(messages).values({
      id: randomUUID(),
      conversationId: visit.conversationId,
      workspaceId: shop.workspaceId,
      role: 'assistant',
      content: 'نعم، نشحن إلى النرويج.',
      blocks: [
        { kind: 'product', data: { name: 'Trail runner 2' } },
        { kind: 'coupon', data: { code: 'TRAIL5' } },
      ],
    });
    await page.goto(`${base}/app/inbox/${visit.conversationId}`);
    await page.getByLabel(/Reply to the visitor/).fill('**Yes**, five working days.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.waitForURL(/notice=reply$/);

    const question = page.locator('.transcript .message.user .content').first();
    expect(await cssOf(question, 'direction')).toBe('rtl');
    const answer = page.locator('.transcript .message.assistant .content', { hasText: 'نشحن' });
    expect(await cssOf(answer, 'direction')).toBe('rtl');
    const team = page.locator('.transcript .message.team .content').last();
    await expect.poll(() => team.locator('strong').count()).toBe(1);
    expect(await team.locator('strong').textContent()).toBe('Yes');
    expect(await cssOf(team, 'direction')).toBe('ltr');
    const chips = page.locator('.transcript .message.assistant', { hasText: 'نشحن' }).locator('.blocks li');
    expect(await chips.evaluateAll((items) => items.map((item) => [item.getAttribute('data-block-kind'), item.textContent]))).toEqual([
      ['product', 'product: Trail runner 2'],
      ['coupon', 'coupon: TRAIL5'],
    ]);
    // Chips sit side by side on one row, not as a bulleted list.
    const [first, second] = await chips.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(first).toBe(second);
    expect(await cssOf(chips.first(), 'list-style-type')).toBe('none');
    await shot('06b-transcript-rtl');
  });

  it('ran no inline script and threw no error on any page', () => {
    expect(problems).toEqual([]);
  });
});
