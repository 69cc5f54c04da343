import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, leads, messages } from '../../src/db/schema.js';
import { DEMO_AGENT_ID } from '../../src/modules/demo/identity.js';
import type { LlmRequest, Step } from '../assistant/helpers/fake-llm.js';
import { seedWorkspace } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';
import { chromiumMissing } from '../helpers/services.js';
import { startPluginPeer, type PeerOptions, type PluginPeer } from '../sites/helpers/plugin-peer.js';
import { hostErrors, launchChromium, RECORD_HOST_ERRORS } from './helpers/chromium.js';
import { ensureWidgetBuilt, lastVisitorText, startDemoService, type DemoService } from './helpers/demo-service.js';
import { routeHostPage } from './helpers/host-page.js';

/**
 * The widget in a real Chromium, on the demo store of a real service (issue 6, "Must show").
 * The only stand-ins are the language model (a local server speaking OpenAI's streaming format,
 * for answers the offline responder would never give) and the shop's plugin (a signed peer).
 */

const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/widget/', import.meta.url));

/** What the stalled answer shows; the model sent more, which the leak guard may still hold back. */
const SLOW_PART = 'The Ridgeline jacket is fully seam-sealed';
const LONG_WORD = 'W'.repeat(10_000);
const HOSTILE_ANSWER = [
  "Look: <img src=x onerror=\"window.__pwned='img'\"> and <script>window.__pwned='script'</script>",
  "[a harmless link](javascript:window.__pwned='link') and <a href=\"javascript:window.__pwned='raw'\">raw</a>",
  LONG_WORD,
].join('\n\n');

/** What the fake model says, by a marker in the visitor's message. */
function script(request: LlmRequest): Step[] {
  const text = lastVisitorText(request);
  if (text.includes('slowly')) return [{ text: `${SLOW_PART} and breathable, with` }, { hang: true }];
  if (text.includes('hostile')) return [{ text: HOSTILE_ANSWER }];
  return [{ text: 'I can help with that.' }];
}

/** The data of a turn's `start` event, from its raw SSE body. */
function startEventOf(sse: string): Record<string, unknown> {
  const event = sse.split('\n\n').find((chunk) => chunk.startsWith('event: start'));
  const data = event?.split('\n').find((line) => line.startsWith('data: '));
  if (!data) throw new Error(`no start event in: ${sse.slice(0, 200)}`);
  return JSON.parse(data.slice('data: '.length)) as Record<string, unknown>;
}

/** Playwright's web-first assertions are not vitest's: poll the page until it gets there. */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 50 });

const skip = await chromiumMissing();

describe.skipIf(skip)('the widget in Chromium, on the demo store', () => {
  let demo: DemoService;
  let browser: Browser;
  let context: BrowserContext;
  let pageErrors: Error[];

  beforeAll(async () => {
    ensureWidgetBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    demo = await startDemoService(script);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  /** A fresh visitor: new context (empty storage), host-page error recording in place. */
  async function visitor(viewport = { width: 1280, height: 860 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    await context.addInitScript(RECORD_HOST_ERRORS);
    const page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    return page;
  }

  afterEach(async () => {
    const pages = context?.pages() ?? [];
    for (const page of pages) {
      if (page.url().startsWith('http')) expect(await hostErrors(page), 'errors on the host page').toEqual([]);
    }
    expect(pageErrors, 'uncaught errors on the host page').toEqual([]);
    await context?.close();
    await demo.setProvider('offline');
  });

  const launcher = (page: Page) => page.getByTestId('sa-launcher');
  const assistantMessages = (page: Page) => page.locator('[data-testid="sa-message"][data-role="assistant"]');
  const lastAnswer = (page: Page) => assistantMessages(page).last();

  async function openChat(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await launcher(page).click();
    await page.getByTestId('sa-panel').waitFor();
  }

  /** Sends a message and waits for the answer to finish; returns the raw SSE body of the turn. */
  async function ask(page: Page, text: string): Promise<string> {
    const count = await assistantMessages(page).count();
    const stream = page.waitForResponse((response) => response.url().endsWith('/v1/widget/messages/stream'));
    await page.getByTestId('sa-input').fill(text);
    await page.getByTestId('sa-send').click();
    const body = await (await stream).text();
    await until(() => assistantMessages(page).count()).toBe(count + 1);
    await until(() => lastAnswer(page).getAttribute('data-state')).toBe('done');
    return body;
  }

  it('opens from the launcher on /demo and streams a product answer with its sources', async () => {
    const page = await visitor();
    await page.goto(`${demo.base}/demo`);
    await launcher(page).waitFor();
    await until(() => page.getByTestId('sa-panel').count()).toBe(0); // the panel loads on first open
    await page.screenshot({ path: `${ARTIFACTS}closed.png` });

    await launcher(page).click();
    await until(() => page.getByTestId('sa-greeting').textContent()).toContain('Fernhill assistant');
    await until(() => launcher(page).getAttribute('aria-expanded')).toBe('true');

    // Every state the answer goes through, recorded by the page itself as it happens.
    await page.evaluate(`(() => {
      const log = document.querySelector('storefront-assistant').shadowRoot.querySelector('[data-testid="sa-messages"]');
      window.__states = [];
      new MutationObserver((records) => {
        for (const r of records) if (r.attributeName === 'data-state' && r.target.dataset.role === 'assistant' && r.target.dataset.testid === 'sa-message') window.__states.push(r.target.dataset.state);
      }).observe(log, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    })()`);
    const sse = await ask(page, 'How much is the Ridgeline jacket?');

    // Token by token on the wire, and the message went from streaming to done.
    const deltas = sse.split('\n\n').filter((event) => event.startsWith('event: delta'));
    expect(deltas.length).toBeGreaterThan(3);
    const states = (await page.evaluate('window.__states')) as string[];
    expect(states[0]).toBe('streaming');
    expect(states.at(-1)).toBe('done');
    await until(() => lastAnswer(page).textContent()).toContain('Ridgeline Waterproof Jacket');
    await until(() => lastAnswer(page).textContent()).toContain('189.00');

    const source = lastAnswer(page).getByTestId('sa-source').first();
    await until(() => source.getAttribute('href')).toBe(`${demo.base}/demo/products/ridgeline-waterproof-jacket`);
    await until(() => source.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await until(() => source.getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: `${ARTIFACTS}open.png` });

    const [productTab] = await Promise.all([context.waitForEvent('page'), source.click()]);
    await productTab.waitForLoadState();
    await until(() => productTab.locator('h1').textContent()).toBe('Ridgeline Waterproof Jacket');
  });

  it('restores the conversation after a reload', async () => {
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    await ask(page, 'How long does shipping take?');
    const before = await page.getByTestId('sa-messages').locator('[data-testid="sa-message"]').allInnerTexts();
    expect(before).toHaveLength(2);

    await page.reload();
    await launcher(page).click();
    await until(() => assistantMessages(page).count()).toBe(1);
    expect(await page.getByTestId('sa-messages').locator('[data-testid="sa-message"]').allInnerTexts()).toEqual(before);
    await until(() => lastAnswer(page).getByTestId('sa-source').first().getAttribute('href')).toBe(`${demo.base}/demo/pages/shipping`);
  });

  it('shows a quoted source as a blockquote, without the ">" marker', async () => {
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    await ask(page, 'How long does shipping take?'); // the offline responder quotes the shipping page

    const bubble = lastAnswer(page).locator('.bubble');
    const quote = bubble.locator('blockquote');
    await until(() => quote.count()).toBe(1);
    const quoted = (await quote.innerText()).trim();
    expect(quoted.length).toBeGreaterThan(10);
    expect(quoted).not.toMatch(/^>/);
    expect(await quote.locator('p').count()).toBe(1);
    // No line of the reply starts with a stray ">"; the intro's link to the quoted page is a link.
    expect(await bubble.innerText()).not.toMatch(/^\s*>/m);
    expect(await bubble.locator('p a').first().getAttribute('href')).toMatch(new RegExp(`^${demo.base}/demo/`));
    await page.screenshot({ path: `${ARTIFACTS}blockquote.png` });

    // The bar is on the inline-start side: left here, right once the bubble is right-to-left.
    const borders = await quote.evaluate((el) => {
      const sides = () => {
        const style = el.ownerDocument.defaultView!.getComputedStyle(el);
        return [style.borderLeftWidth, style.borderRightWidth];
      };
      const ltr = sides();
      el.closest('.bubble')!.setAttribute('dir', 'rtl');
      return { ltr, rtl: sides() };
    });
    expect(borders).toEqual({ ltr: ['3px', '0px'], rtl: ['0px', '3px'] });
  });

  it('keeps the partial answer when the visitor stops it', async () => {
    await demo.setProvider('openai');
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    await page.getByTestId('sa-input').fill('Tell me slowly about the Ridgeline jacket');
    await page.getByTestId('sa-send').click();

    // The model has sent part of its answer and stalls: the part is on screen, still streaming.
    await until(() => lastAnswer(page).textContent()).toContain(SLOW_PART);
    await until(() => lastAnswer(page).getAttribute('data-state')).toBe('streaming');
    await page.screenshot({ path: `${ARTIFACTS}streaming.png` });

    await page.getByTestId('sa-stop').click();
    await until(() => lastAnswer(page).getAttribute('data-state')).toBe('stopped');
    await until(() => lastAnswer(page).textContent()).toContain(SLOW_PART);
    await page.getByTestId('sa-send').waitFor();

    // The service stopped the model and kept what was said.
    await demo.fake.clientClosedEarly;
    await expect
      .poll(async () => {
        const rows = await demo.t.database.db
          .select()
          .from(messages)
          .where(and(eq(messages.role, 'assistant'), eq(messages.status, 'partial')));
        return rows.map((row) => row.content);
      })
      .toContainEqual(expect.stringContaining(SLOW_PART));
    await page.reload();
    await launcher(page).click();
    await until(() => lastAnswer(page).textContent()).toContain(SLOW_PART);
  });

  it('renders a hostile answer inert and contained', async () => {
    await demo.setProvider('openai');
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    const sse = await ask(page, 'Say something hostile');
    expect(sse).toContain('<img src=x onerror'); // it did reach the widget as written

    const answer = lastAnswer(page);
    await until(() => answer.textContent()).toContain('<img src=x onerror=');
    await until(() => answer.textContent()).toContain('<script>');
    const shadowElements = page.locator('storefront-assistant').locator('img, script, iframe, object, embed');
    await until(() => shadowElements.count()).toBe(0);
    for (const href of await answer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href ?? '').toMatch(/^(https?|mailto):/);
    }
    expect(await page.evaluate('window.__pwned')).toBeUndefined();

    // The 10,000-character word wraps inside its bubble; neither the panel nor the page scrolls sideways.
    const bubble = answer.locator('.bubble');
    const panel = await page.getByTestId('sa-panel').boundingBox();
    const box = await bubble.boundingBox();
    expect(box && panel).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(panel!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
    expect(await bubble.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const log = page.getByTestId('sa-messages');
    expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}hostile-answer.png` });
  });

  it('is not broken by hostile host CSS', async () => {
    const page = await visitor();
    await routeHostPage(context, `${demo.base}/hostile-css.html`, demo.base, {
      agentId: DEMO_AGENT_ID,
      css: '* { all: unset } div { display: none }',
      body: '<div><h1>Everything is unset</h1></div><p>Plain text</p>',
    });
    await page.goto(`${demo.base}/hostile-css.html`);
    const button = await launcher(page).boundingBox();
    expect(button?.width).toBeGreaterThanOrEqual(48);
    expect(button?.height).toBeGreaterThanOrEqual(48);

    await launcher(page).click();
    const panel = page.getByTestId('sa-panel');
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300);
    expect(box?.height).toBeGreaterThanOrEqual(320);
    expect(await panel.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).display)).toBe('flex');

    await ask(page, 'How much is the Ridgeline jacket?');
    await lastAnswer(page).waitFor();
    await until(() => lastAnswer(page).textContent()).toContain('189.00');
    await page.screenshot({ path: `${ARTIFACTS}hostile-css.png` });
  });

  it('submits the lead form the handoff opens', async () => {
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    await ask(page, 'I would like to talk to a person');
    const escalation = lastAnswer(page).getByTestId('sa-escalation');
    await until(() => escalation.textContent()).toBe('Talk to our team');
    await escalation.click();

    const form = page.getByTestId('sa-lead-form');
    await form.waitFor();
    await until(() => form.textContent()).toContain('Fernhill Outfitters may email me');
    await page.getByTestId('sa-lead-email').fill('ada@example.com');
    await form.locator('summary').click(); // the name is optional, behind "add your name"
    await page.getByTestId('sa-lead-name').fill('Ada Lovelace');
    await page.getByTestId('sa-lead-consent').check();
    await page.getByTestId('sa-lead-submit').click();
    await page.getByTestId('sa-lead-done').waitFor();

    const [lead] = await demo.t.database.db.select().from(leads).where(eq(leads.email, 'ada@example.com'));
    expect(lead).toMatchObject({ agentId: DEMO_AGENT_ID, name: 'Ada Lovelace', consent: { marketing: true } });
  });

  describe('with a shop connected through the plugin', () => {
    let peer: PluginPeer;
    let agentId: string;
    // The peer must listen before the handshake can name its URL, and only the handshake
    // creates the secret it checks signatures with: it reads the secret at request time.
    const peerOptions: PeerOptions = { secret: '', coupons: ['WELCOME10'] };

    beforeAll(async () => {
      peer = await startPluginPeer(peerOptions);
      const shop = await seedWorkspace(demo.t.database, 'Peer shop');
      agentId = shop.agentId;
      await demo.t.database.db
        .update(agents)
        .set({ allowedOrigins: [demo.base], coupons: [{ code: 'WELCOME10', description: '10% off your first order' }] })
        .where(eq(agents.id, agentId));
      const handshake = await handshakeRequest(demo.t.app, shop.token, { site_url: peer.siteUrl });
      expect(handshake.statusCode).toBe(200);
      peerOptions.secret = handshake.json().shopper_signing_secret;
    });

    afterAll(async () => {
      await peer?.close();
    });

    it('applies the coupon the assistant offers, through a signed call to the plugin', async () => {
      const page = await visitor();
      // The shop identifies its visitor (the plugin's page script does it when the chat opens):
      // the coupon is staged for that shopper's cart session.
      const now = Math.floor(Date.now() / 1000);
      const shopperToken = await new SignJWT({ sid: 't_peer_shopper' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(peerOptions.secret));
      await routeHostPage(context, `${demo.base}/peer-shop.html`, demo.base, {
        agentId,
        script: `window.StorefrontAssistant = [['identify', function () { return Promise.resolve(${JSON.stringify(shopperToken)}); }]];`,
      });
      await openChat(page, `${demo.base}/peer-shop.html`);
      await ask(page, 'Do you have a discount code?');

      const coupon = lastAnswer(page).getByTestId('sa-coupon');
      await until(() => coupon.textContent()).toContain('WELCOME10');
      await coupon.getByTestId('sa-coupon-apply').click();
      await until(() => coupon.getByTestId('sa-coupon-status').textContent()).toContain('Coupon WELCOME10 was added to your cart.');
      await until(() => coupon.getByTestId('sa-cart-link').getAttribute('href')).toBe(`${peer.siteUrl}/cart/`);

      const calls = peer.requests.filter((request) => request.path === '/wp-json/service/v1/cart/coupon');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ signatureValid: true, body: { code: 'WELCOME10', session_key: 't_peer_shopper' } });
    });
  });

  it('mirrors the panel for an Arabic reply', async () => {
    const page = await visitor();
    await routeHostPage(context, `${demo.base}/ar.html`, demo.base, {
      agentId: DEMO_AGENT_ID,
      lang: 'ar',
      dir: 'rtl',
      body: '<h1>متجر فيرنهيل</h1><p>مرحبًا بكم.</p>',
    });
    await openChat(page, `${demo.base}/ar.html`);
    await ask(page, 'هل لديكم كوبون خصم؟');

    const panel = page.getByTestId('sa-panel');
    await until(() => panel.getAttribute('dir')).toBe('rtl');
    const answer = lastAnswer(page).locator('.bubble');
    await until(() => answer.textContent()).toContain('WELCOME10');
    expect(await answer.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).direction)).toBe('rtl');

    // Mirrored: the assistant speaks from the right edge, the visitor from the left.
    const panelBox = (await panel.boundingBox())!;
    const answerBox = (await answer.boundingBox())!;
    const question = (await page.locator('[data-testid="sa-message"][data-role="user"] .bubble').last().boundingBox())!;
    const right = panelBox.x + panelBox.width;
    expect(right - (answerBox.x + answerBox.width)).toBeLessThan(40);
    expect(question.x - panelBox.x).toBeLessThan(40);
    await page.screenshot({ path: `${ARTIFACTS}rtl.png` });
  });

  it('answers an Arabic question on an English page in Arabic, and keeps Arabic for a short follow-up, after a reload too', async () => {
    const page = await visitor();
    await openChat(page, `${demo.base}/demo`);
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    const question = page.waitForRequest((request) => request.url().endsWith('/v1/widget/messages/stream'));
    const first = await ask(page, 'هل لديكم كوبون خصم؟');
    expect((await question).postDataJSON()).toMatchObject({ locale: 'en' });
    expect(startEventOf(first)).toMatchObject({ language: 'ar', direction: 'rtl' });
    // The answer reads right to left; the panel's own text stays in the page's language and direction.
    await until(() => lastAnswer(page).locator('.bubble').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('sa-panel').getAttribute('dir')).toBe('ltr');

    // "Thanks" is too short to tell its language; the widget sends the last reply's language.
    const followUp = page.waitForRequest((request) => request.url().endsWith('/v1/widget/messages/stream'));
    const second = await ask(page, 'شكرا');
    expect((await followUp).postDataJSON()).toMatchObject({ locale: 'ar' });
    expect(startEventOf(second)).toMatchObject({ language: 'ar', direction: 'rtl' });

    // Resumed after a reload, the answers keep their direction and the conversation its language.
    await page.reload();
    await launcher(page).click();
    await until(() => assistantMessages(page).count()).toBe(2);
    expect(
      await assistantMessages(page)
        .locator('.bubble')
        .evaluateAll((bubbles) => bubbles.map((bubble) => bubble.getAttribute('dir'))),
    ).toEqual(['rtl', 'rtl']);
    const resumed = page.waitForRequest((request) => request.url().endsWith('/v1/widget/messages/stream'));
    await ask(page, 'شكرا');
    expect((await resumed).postDataJSON()).toMatchObject({ locale: 'ar' });
  }, 90_000); // three answers and a reload, beside other suites on a busy machine
});
