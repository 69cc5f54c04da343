import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, messages } from '../../src/db/schema.js';
import { launchChromium } from '../browser/helpers/chromium.js';
import { ensureWidgetBuilt } from '../browser/helpers/demo-service.js';
import { createMember, PASSWORD } from '../dashboard/helpers.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { chromiumMissing } from '../helpers/services.js';
import { seedShopContent } from './helpers.js';

const chromiumSkip = await chromiumMissing();
const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts/playground');

describe.skipIf(chromiumSkip)('the Playground in a real browser', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let base: string;
  let page: Page;
  let closeBrowser: () => Promise<void>;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  const text = (selector: string) => page.locator(selector).innerText();
  /** Sends happen synchronously on click; the button is enabled again once every stream ended. */
  const streamsEnded = () => page.locator('#pg-send:not([disabled])').waitFor();
  const tab = (name: string) => page.getByRole('tab', { name }).click();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ensureWidgetBuilt(); // the page's script is built with the widget, and draws replies with its renderers
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Fernhill Outdoor');
    await seedShopContent(t.app, shop.token);
    const email = await createMember(t.database, shop.workspaceId, 'editor', 'editor@fernhill.example');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const browser = await launchChromium();
    closeBrowser = () => browser.close();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // A script blocked by the CSP, or any script error, is a defect of the page.
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${base}/app/agents/${shop.agentId}/playground`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/app/agents/${shop.agentId}/playground`);
    await page.locator('#playground[data-ready="true"]').waitFor();
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    await t?.close();
  });

  it('a catalog search shows a product card and fills Diagnostics; a sample prompt streams an answer', async () => {
    // A price bound and no product named: the offline responder searches the catalog (show_products).
    await page.getByLabel('Message', { exact: true }).fill('Anything under €20?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await streamsEnded();
    const answer = page.locator('#pg-log-a .pg-assistant').last();
    expect((await answer.locator('.pg-text').innerText()).length).toBeGreaterThan(0);
    expect(await answer.locator('.pg-card[data-kind="product_card"]').count()).toBeGreaterThan(0);
    expect(await answer.locator('.pg-card .card-title').first().innerText()).toContain('Trail running shoe');

    await tab('Diagnostics');
    const diagnostics = await text('#pg-diag-a');
    for (const heading of [
      'Latency',
      'First token',
      'Confidence',
      'Retrieved sources',
      'Tool calls (1)',
      'show_products',
      'Arguments',
      'Result',
      'Blocks',
      'System prompt',
    ]) {
      expect(diagnostics).toContain(heading);
    }
    expect(await page.locator('#pg-diag-a .pg-ranked a').first().getAttribute('href')).toMatch(/^https:\/\/shop\.example\//);
    expect(await text('[data-testid="system-prompt-a"]')).toContain('shopping assistant');
    await shot('01-sample-prompt-diagnostics');

    // The sample names a product of the catalog: it is answered from that product's synced data.
    await tab('Scenario');
    await page.getByRole('button', { name: 'Do you have running shoes in size 42?' }).click();
    await streamsEnded();
    expect(await page.locator('#pg-log-a .pg-assistant').last().locator('.pg-text').innerText()).toContain('Trail running shoe');
  });

  it('the "shop product" template reaches the system prompt, sanitized', async () => {
    await tab('Page context');
    await page.getByRole('button', { name: 'Shop product' }).click();
    expect(await page.locator('#pg-context-json').inputValue()).toContain('"@type": "Product"');
    expect(await text('[data-bytes-for="body_text"]')).toMatch(/^\d+ \/ 8192 bytes$/);
    await page.getByLabel('Message', { exact: true }).fill('Is this shoe waterproof?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await streamsEnded();
    expect(await text('#pg-context-sanitized')).toContain('https://shop.example/product/trail-running-shoe');
    await shot('02-page-context');
    await tab('Diagnostics');
    const prompt = await text('[data-testid="system-prompt-a"]');
    expect(prompt).toContain('Trail running shoe – Fernhill Outdoor');
    expect(prompt).toContain('The trail running shoe keeps feet dry');
    await shot('03-page-context-in-system-prompt');
    // Back to no page context for the next tests.
    await tab('Page context');
    await page.getByRole('button', { name: 'Blank' }).click();
  });

  it('compare mode answers one message for two site types side by side, each with its diagnostics', async () => {
    await tab('Scenario');
    await page.getByLabel('Site type', { exact: true }).selectOption('ecommerce');
    await page.getByLabel(/Compare mode/).check();
    await page.getByLabel('Second site type', { exact: true }).selectOption('saas');
    await page.getByLabel('Message', { exact: true }).fill('How much does it cost?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Both streams run at once: the second pane's answer has begun before the first is saved.
    await streamsEnded();
    for (const pane of ['a', 'b']) {
      const answer = page.locator(`#pg-log-${pane} .pg-assistant`).last();
      expect((await answer.locator('.pg-text').innerText()).length).toBeGreaterThan(0);
    }
    expect(await text('#pg-title-a')).toContain('E-commerce');
    expect(await text('#pg-title-b')).toContain('SaaS');
    await tab('Diagnostics');
    expect(await text('[data-testid="system-prompt-a"]')).toContain('shopping assistant');
    expect(await text('[data-testid="system-prompt-b"]')).toContain('product specialist');
    await shot('04-compare-mode');
    await tab('Scenario');
    await page.getByLabel(/Compare mode/).uncheck();
  });

  it('an Arabic override lays the reply out right-to-left', async () => {
    await page.getByLabel('Reply language', { exact: true }).selectOption('ar');
    expect(await page.locator('#pg-log-a').getAttribute('dir')).toBe('rtl');
    await page.getByLabel('Message', { exact: true }).fill('What is your return policy?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await streamsEnded();
    const answer = page.locator('#pg-log-a .pg-assistant').last();
    expect(await answer.getAttribute('dir')).toBe('rtl');
    expect(await answer.getAttribute('lang')).toBe('ar');
    expect(await answer.evaluate((node) => node.ownerDocument.defaultView!.getComputedStyle(node).direction)).toBe('rtl');
    await shot('05-arabic-rtl');
    await page.getByLabel('Reply language', { exact: true }).selectOption('');
  });

  it('Reset empties the chat and the stored history', async () => {
    // The URL names both panes' conversations, so a reload resumes each where it was.
    const url = new URL(page.url());
    expect(url.searchParams.get('conversation')).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.searchParams.get('compare')).toMatch(/^[0-9a-f-]{36}$/);
    // History survives a reload until Reset.
    await page.reload();
    await page.locator('#playground[data-ready="true"]').waitFor();
    expect(await page.locator('#pg-log-a .pg-msg').count()).toBe(10);
    expect(await page.locator('#pg-log-b .pg-msg').count()).toBe(2);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('The conversation was cleared.').waitFor();
    expect(await page.locator('#pg-log-a .pg-msg').count()).toBe(0);
    expect(await page.locator('#pg-log-b .pg-msg').count()).toBe(0);
    await shot('06-reset');
    await page.reload();
    await page.locator('#playground[data-ready="true"]').waitFor();
    expect(await page.locator('#pg-log-a .pg-msg').count()).toBe(0);
    const left = await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.workspaceId, shop.workspaceId));
    // The compare pane's conversation was reset too: nothing of this session remains.
    expect(left).toEqual([]);
  });

  it('renders a quoted source as a blockquote, as it streams and after a reload', async () => {
    const lastText = () => page.locator('#pg-log-a .pg-assistant').last().locator('.pg-text');
    const checkQuote = async () => {
      const quote = lastText().locator('blockquote');
      expect(await quote.count()).toBe(1);
      expect((await quote.innerText()).trim()).toMatch(/^Every order ships within two working days/);
      expect(await lastText().innerText()).not.toMatch(/^\s*>/m);
      expect(await lastText().locator('a').first().getAttribute('href')).toBe('https://shop.example/?p=1');
    };
    // The offline responder answers from the shipping post: "From [Shipping times](…):\n\n> Every order …".
    await page.getByLabel('Message', { exact: true }).fill('How fast do orders ship?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await streamsEnded();
    await checkQuote();
    await shot('07-blockquote');
    // The restored history goes through the same renderer.
    await page.reload();
    await page.locator('#playground[data-ready="true"]').waitFor();
    await checkQuote();
  });

  it("draws the escalation button with the live widget's link policy: a plain address links, one carrying mail headers does not", async () => {
    const escalationAfterAsking = async () => {
      await page.getByLabel('Message', { exact: true }).fill('Can I talk to a person?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await streamsEnded();
      return page.locator('#pg-log-a .pg-assistant').last().locator('.pg-card[data-kind="escalation_button"] [data-testid="sa-escalation"]');
    };
    const handOffTo = (value: string) =>
      t.database.db
        .update(agents)
        .set({ handoff: { type: 'email', value, label: 'Email us' } })
        .where(eq(agents.id, shop.agentId));

    await handOffTo('help@fernhill.example');
    const mailLink = await escalationAfterAsking();
    expect(await mailLink.getAttribute('href')).toBe('mailto:help@fernhill.example');
    expect(await mailLink.innerText()).toBe('Email us');
    // "?" would let the address add headers (bcc, body): the widget shows no link, nor does the preview.
    await handOffTo('help@fernhill.example?bcc=someone@elsewhere.example');
    const button = await escalationAfterAsking();
    expect(await button.evaluate((node) => node.tagName)).toBe('BUTTON');
    expect(await button.isDisabled()).toBe(true);
    await shot('08-escalation-policy');
  });

  it('the page ran without script errors or CSP violations', () => {
    expect(problems).toEqual([]);
  });
});
