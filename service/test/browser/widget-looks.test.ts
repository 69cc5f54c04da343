import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { DEMO_AGENT_ID } from '../../src/modules/demo/identity.js';
import { AGENT_CACHE_MS } from '../../src/modules/widget/agent-cache.js';
import type { LlmRequest, Step } from '../assistant/helpers/fake-llm.js';
import { chromiumMissing } from '../helpers/services.js';
import { hostErrors, launchChromium, RECORD_HOST_ERRORS } from './helpers/chromium.js';
import { ensureWidgetBuilt, lastVisitorText, startDemoService, type DemoService } from './helpers/demo-service.js';
import { routeHostPage } from './helpers/host-page.js';

/**
 * The widget as visitors see it (issue 21, "Must show"): the home screen, a streamed answer with
 * the feedback tools, and the hand-off with its lead form, in English, German, Arabic, Japanese,
 * Hebrew and Persian, at desktop and phone sizes, compared with the checked-in references in
 * screenshots/. `UPDATE_SCREENSHOTS=1` writes them anew (look at them before committing); a
 * differing image is written to test-artifacts/widget-looks/ for inspection.
 */

const REFERENCES = fileURLToPath(new URL('./screenshots/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/widget-looks/', import.meta.url));
const CATALOGUES = fileURLToPath(new URL('../../../widget/src/i18n/catalogues/', import.meta.url));
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
/** Share of pixels that may differ (anti-aliasing, font hinting), and how far a pixel may differ. */
const MAX_DIFFERING_SHARE = 0.005;
const PIXEL_THRESHOLD = 0.15;

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

type Language = { tag: string; dir: 'ltr' | 'rtl'; page: string; answer: string[]; person: string; handoff: string };

/** What the host page says and what the (stand-in) model answers, in each language. */
const LANGUAGES: Language[] = [
  {
    tag: 'en',
    dir: 'ltr',
    page: '<h1>Ridgeline Waterproof Jacket</h1><p>Fully seam-sealed, breathable and packable.</p>',
    answer: ['Yes, the Ridgeline jacket ', 'is in stock in **M**, ', 'and it ships within 2 days.'],
    person: 'Can I talk to a person?',
    handoff: 'Of course, our team will get back to you.',
  },
  {
    tag: 'de',
    dir: 'ltr',
    page: '<h1>Ridgeline Regenjacke</h1><p>Vollständig verschweißte Nähte, atmungsaktiv und klein verpackbar.</p>',
    answer: ['Ja, die Ridgeline-Jacke ', 'ist in **M** vorrätig ', 'und wird innerhalb von 2 Tagen versandt.'],
    person: 'Kann ich mit einem Menschen sprechen?',
    handoff: 'Gerne, unser Team meldet sich bei Ihnen.',
  },
  {
    tag: 'ar',
    dir: 'rtl',
    page: '<h1>سترة ريدجلاين المقاومة للماء</h1><p>درزات محكمة بالكامل، قابلة للتنفس وسهلة الطي.</p>',
    answer: ['نعم، سترة ريدجلاين ', 'متوفرة بمقاس **M**، ', 'ويتم شحنها خلال يومين.'],
    person: 'هل يمكنني التحدث إلى شخص؟',
    handoff: 'بالتأكيد، سيتواصل معك فريقنا.',
  },
  {
    tag: 'ja',
    dir: 'ltr',
    page: '<h1>リッジライン防水ジャケット</h1><p>縫い目を完全にシーム加工、透湿性に優れ、コンパクトに収納できます。</p>',
    answer: ['はい、リッジラインジャケットは', '**M**サイズの在庫がございます。', '2日以内に発送いたします。'],
    person: 'スタッフと話せますか？',
    handoff: 'かしこまりました。担当者よりご連絡いたします。',
  },
  {
    tag: 'he',
    dir: 'rtl',
    page: '<h1>מעיל ריג׳ליין עמיד למים</h1><p>תפרים אטומים לחלוטין, נושם וניתן לקיפול.</p>',
    answer: ['כן, מעיל ריג׳ליין ', 'זמין במלאי במידה **M**, ', 'והמשלוח יוצא תוך יומיים.'],
    person: 'אפשר לדבר עם נציג?',
    handoff: 'בטח, הצוות שלנו יחזור אלייך בהקדם.',
  },
  {
    tag: 'fa',
    dir: 'rtl',
    page: '<h1>کاپشن ضدآب ریج‌لاین</h1><p>درزهای کاملاً آب‌بندی‌شده، قابل تنفس و جمع‌شونده.</p>',
    answer: ['بله، کاپشن ریج‌لاین ', 'در سایز **M** موجود است ', 'و ظرف دو روز ارسال می‌شود.'],
    person: 'می‌توانم با یک کارشناس صحبت کنم؟',
    handoff: 'حتماً، همکاران ما به‌زودی با شما تماس می‌گیرند.',
  },
];

const catalogue = (tag: string) => JSON.parse(readFileSync(`${CATALOGUES}${tag}.json`, 'utf8')) as Record<string, string>;

/** The home screen's first suggestion on a product page with sizes S–XL, in the language's own words. */
const suggestion = (tag: string): string => catalogue(tag).suggestInSize!.replace('{size}', 'M');

const PRODUCT_JSON_LD = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Ridgeline Waterproof Jacket',
  size: ['S', 'M', 'L', 'XL'],
});

/** Answered after a pause: long enough for the visitor to close the panel meanwhile. */
const SLOW_QUESTION = 'Which colours does it come in?';

function script(request: LlmRequest): Step[] {
  const text = lastVisitorText(request);
  const messages = (request.body.messages ?? []) as { role: string }[];
  const language = LANGUAGES.find((l) => text === l.person || text === suggestion(l.tag));
  if (text === SLOW_QUESTION) return [{ waitMs: 1500 }, { text: 'Here is what I found.' }];
  if (!language) return [{ text: 'I can help with that.' }];
  if (text === language.person) {
    return messages.at(-1)?.role === 'tool' ? [{ text: language.handoff }] : [{ toolCall: { name: 'escalate', arguments: {} } }];
  }
  return language.answer.flatMap((part) => [{ text: part }, { waitMs: 30 }]);
}

/** Compares a screenshot with its reference; writes the reference under UPDATE_SCREENSHOTS=1. */
function matchReference(name: string, png: Buffer): void {
  const reference = `${REFERENCES}${name}.png`;
  if (UPDATE || !existsSync(reference)) {
    if (!UPDATE) throw new Error(`no reference ${reference}: run with UPDATE_SCREENSHOTS=1 and look at it`);
    writeFileSync(reference, png);
    return;
  }
  const expected = PNG.sync.read(readFileSync(reference));
  const actual = PNG.sync.read(png);
  expect({ width: actual.width, height: actual.height }, `${name}: size`).toEqual({ width: expected.width, height: expected.height });
  const diff = new PNG({ width: expected.width, height: expected.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, { threshold: PIXEL_THRESHOLD });
  const share = differing / (expected.width * expected.height);
  if (share > MAX_DIFFERING_SHARE) {
    writeFileSync(`${ARTIFACTS}${name}.png`, png);
    writeFileSync(`${ARTIFACTS}${name}.diff.png`, PNG.sync.write(diff));
  }
  expect(share, `${name}: share of pixels unlike the reference (see ${ARTIFACTS})`).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
}

/** A computed style of the element (the suites' TypeScript has no DOM library: the page's own objects are reached through the element). */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate((el, name) => el.ownerDocument.defaultView!.getComputedStyle(el).getPropertyValue(name), property);

const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 25 });

const skip = await chromiumMissing();

describe.skipIf(skip)('the widget as visitors see it, in six languages at two sizes', () => {
  let demo: DemoService;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    ensureWidgetBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    mkdirSync(REFERENCES, { recursive: true });
    demo = await startDemoService(script);
    await demo.setProvider('openai');
    // The panel's own welcome line in each language; the owner's hand-off label would be English.
    await demo.t.database.db
      .update(agents)
      .set({ greeting: null, handoff: { type: 'lead_form' } })
      .where(eq(agents.id, DEMO_AGENT_ID));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  afterEach(async () => {
    for (const page of context?.pages() ?? []) expect(await hostErrors(page), 'errors on the host page').toEqual([]);
    await context?.close();
  });

  const shot = (page: Page) => page.screenshot({ animations: 'disabled', caret: 'hide' });
  const answers = (page: Page) => page.locator('[data-testid="sa-message"][data-role="assistant"]');

  for (const language of LANGUAGES) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`${language.tag} at ${viewport.width}x${viewport.height}`, async () => {
        context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language.tag, timezoneId: 'UTC' });
        await context.addInitScript(RECORD_HOST_ERRORS);
        const url = `${demo.base}/looks-${language.tag}.html`;
        await routeHostPage(context, url, demo.base, {
          agentId: DEMO_AGENT_ID,
          lang: language.tag,
          dir: language.dir,
          body: `${language.page}<script type="application/ld+json">${PRODUCT_JSON_LD}</script>`,
        });
        const page = await context.newPage();
        await page.goto(url);
        await page.getByTestId('sa-launcher').click();
        const panel = page.getByTestId('sa-panel');
        const home = page.getByTestId('sa-home');
        await home.waitFor();

        // The chrome in the page's language and direction; the suggestions about this product.
        expect(await panel.getAttribute('lang')).toBe(language.tag);
        expect(await panel.getAttribute('dir')).toBe(language.dir);
        expect(await page.getByTestId('sa-launcher').getAttribute('aria-label')).toBe(catalogue(language.tag).close);
        const first = page.getByTestId('sa-suggestion').first();
        expect(await first.textContent()).toBe(suggestion(language.tag));
        matchReference(`${language.tag}-${size}-home`, await shot(page));

        // A streamed answer, rated down with a reason.
        await first.click();
        const answer = answers(page).last();
        await until(() => answer.getAttribute('data-state')).toBe('done');
        expect(await answer.locator('.bubble').getAttribute('dir')).toBe(language.dir);
        await answer.getByTestId('sa-feedback-down').click();
        await answer.getByTestId('sa-feedback-reasons').waitFor();
        matchReference(`${language.tag}-${size}-answer-feedback`, await shot(page));

        // Asking for a person: the hand-off button, then the lead form in place of the composer.
        await page.getByTestId('sa-input').fill(language.person);
        await page.getByTestId('sa-send').click();
        const escalation = page.getByTestId('sa-escalation');
        await escalation.waitFor();
        await until(() => answers(page).last().getAttribute('data-state')).toBe('done');
        await escalation.click();
        await page.getByTestId('sa-lead-form').waitFor();
        expect(await page.getByTestId('sa-input').isVisible()).toBe(false); // one Send button on screen
        matchReference(`${language.tag}-${size}-handoff-lead`, await shot(page));

        if (size === 'phone') {
          // Full screen inside the safe area, page scroll locked, 16 px fields, 44 px targets.
          const box = (await panel.boundingBox())!;
          expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
          expect(await page.evaluate('getComputedStyle(document.documentElement).overflow')).toBe('hidden');
          expect(await styleOf(page.getByTestId('sa-lead-email'), 'font-size')).toBe('16px');
          for (const testId of ['sa-close', 'sa-new', 'sa-lead-submit', 'sa-lead-dismiss']) {
            const target = (await page.getByTestId(testId).boundingBox())!;
            expect(Math.min(target.width, target.height), testId).toBeGreaterThanOrEqual(44);
          }
          await page.getByTestId('sa-lead-dismiss').click();
          expect(await page.getByTestId('sa-lead-form').count()).toBe(0); // nothing left behind
          expect(await styleOf(page.getByTestId('sa-input'), 'font-size')).toBe('16px');
          await page.getByTestId('sa-close').click();
          expect(await page.evaluate('getComputedStyle(document.documentElement).overflow')).not.toBe('hidden');
        }
      });
    }
  }

  /** A fresh visitor on the English product page, the demo agent's lead capture set to `trigger`. */
  async function visit(leadCapture: Record<string, unknown>): Promise<Page> {
    await demo.t.database.db
      .update(agents)
      .set({ leadCapture: { enabled: true, ...leadCapture } })
      .where(eq(agents.id, DEMO_AGENT_ID));
    demo.t.clock.advance(AGENT_CACHE_MS); // init's cached agent reads the new settings
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(RECORD_HOST_ERRORS);
    const url = `${demo.base}/tools.html`;
    await routeHostPage(context, url, demo.base, {
      agentId: DEMO_AGENT_ID,
      body: `${LANGUAGES[0]!.page}<script type="application/ld+json">${PRODUCT_JSON_LD}</script>`,
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('sa-launcher').click();
    await page.getByTestId('sa-home').waitFor();
    return page;
  }

  async function askFirstSuggestion(page: Page): Promise<void> {
    const count = await answers(page).count();
    await page.getByTestId('sa-suggestion').first().click();
    await until(() => answers(page).count()).toBe(count + 1);
    await until(() => answers(page).last().getAttribute('data-state')).toBe('done');
  }

  it('offers the lead form by the agent trigger only: never, after N turns, on hand-off, on exit intent', async () => {
    const exitIntent = () => page.evaluate("document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { clientY: 0 }))");
    let page = await visit({ trigger: 'never', ask_after_turns: 1 });
    await askFirstSuggestion(page);
    await exitIntent();
    expect(await page.getByTestId('sa-lead-form').count()).toBe(0);
    await context.close();

    page = await visit({ trigger: 'after_turns', ask_after_turns: 1 });
    await askFirstSuggestion(page);
    await until(() => page.getByTestId('sa-lead-form').getAttribute('data-reason')).toBe('after_turns');
    await context.close();

    page = await visit({ trigger: 'handoff' });
    await askFirstSuggestion(page);
    expect(await page.getByTestId('sa-lead-form').count()).toBe(0);
    await page.getByTestId('sa-input').fill(LANGUAGES[0]!.person);
    await page.getByTestId('sa-send').click();
    await until(() => page.getByTestId('sa-lead-form').getAttribute('data-reason')).toBe('handoff');
    await context.close();

    page = await visit({ trigger: 'exit_intent' });
    await exitIntent(); // before any question: nothing to follow up on
    expect(await page.getByTestId('sa-lead-form').count()).toBe(0);
    await askFirstSuggestion(page);
    expect(await page.getByTestId('sa-lead-form').count()).toBe(0);
    await exitIntent();
    await until(() => page.getByTestId('sa-lead-form').getAttribute('data-reason')).toBe('exit_intent');
  }, 90_000); // four visits with answers, beside other suites on a busy machine

  it('starts a new conversation, counts replies that came while closed on the launcher, copies an answer', async () => {
    const page = await visit({ trigger: 'never' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.base });
    await askFirstSuggestion(page);
    await answers(page).last().getByTestId('sa-copy').click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(LANGUAGES[0]!.answer.join(''));

    // A reply that arrives while the panel is closed: a badge on the launcher until it opens.
    await page.getByTestId('sa-input').fill(SLOW_QUESTION);
    await page.getByTestId('sa-send').click();
    await page.getByTestId('sa-close').click();
    expect(await page.getByTestId('sa-unread').isVisible()).toBe(false);
    const badge = page.getByTestId('sa-unread');
    await until(() => badge.textContent()).toBe('1');
    expect(await page.getByTestId('sa-launcher').getAttribute('aria-label')).toBe('Open chat, 1 unread message');
    await page.getByTestId('sa-launcher').click();
    expect(await badge.isVisible()).toBe(false);

    const storedConversation = async () => {
      const stored = (await page.evaluate("Object.entries(localStorage).find(([key]) => key.startsWith('storefront-assistant'))[1]")) as string;
      return (JSON.parse(stored) as { conversation_id?: string }).conversation_id;
    };
    const before = await storedConversation();
    await page.getByTestId('sa-new').click();
    await page.getByTestId('sa-home').waitFor();
    expect(await answers(page).count()).toBe(0);
    expect(before).toBeTruthy();
    expect(await storedConversation()).not.toBe(before);
  });

  it('gives the teaser 44 px touch targets on a phone', async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.phone, deviceScaleFactor: 1 });
    await context.addInitScript(RECORD_HOST_ERRORS);
    const url = `${demo.base}/teaser.html`;
    await routeHostPage(context, url, demo.base, { agentId: DEMO_AGENT_ID, body: LANGUAGES[0]!.page });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('sa-launcher').waitFor();
    // The widget's own teaser as it ships, shown directly: measured here for its styles alone.
    await page.getByTestId('sa-teaser-open').evaluate((el) => (el.textContent = 'Questions? Chat with us.'));
    await page.getByTestId('sa-teaser').evaluate((el) => el.removeAttribute('hidden'));
    for (const testId of ['sa-teaser-open', 'sa-teaser-dismiss', 'sa-launcher']) {
      const target = (await page.getByTestId(testId).boundingBox())!;
      expect(Math.min(target.width, target.height), testId).toBeGreaterThanOrEqual(44);
    }
    await page.getByTestId('sa-teaser-dismiss').click();
    expect(await page.getByTestId('sa-teaser').isVisible()).toBe(false);
  });

  it("shows the agent's picture on the home screen and in the header, and the name's initial when it does not load", async () => {
    const picture = 'https://cdn.fernhill.example/team/avatar.png';
    const missing = 'https://cdn.fernhill.example/team/gone.png';
    const square = new PNG({ width: 8, height: 8 });
    square.data.fill(200);
    const openHome = async (avatarUrl: string) => {
      await demo.t.database.db
        .update(agents)
        .set({ theme: { color: '#2f6b4f', avatar_url: avatarUrl } })
        .where(eq(agents.id, DEMO_AGENT_ID));
      demo.t.clock.advance(AGENT_CACHE_MS); // init's cached agent reads the new settings
      context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.addInitScript(RECORD_HOST_ERRORS);
      // The owner's image host: the picture is there, the other is not.
      await context.route(picture, (route) => route.fulfill({ contentType: 'image/png', body: PNG.sync.write(square) }));
      await context.route(missing, (route) => route.fulfill({ status: 404, body: '' }));
      const url = `${demo.base}/avatar.html`;
      await routeHostPage(context, url, demo.base, { agentId: DEMO_AGENT_ID, body: '<h1>Fernhill Outfitters</h1>' });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('sa-launcher').click();
      await page.getByTestId('sa-home').waitFor();
      return page;
    };
    const loadedWidth = (image: Locator) => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

    let page = await openHome(picture);
    const images = page.getByTestId('sa-avatar-image');
    await until(() => images.count()).toBe(2); // the header's and the home screen's
    for (const image of await images.all()) {
      expect(await image.getAttribute('src')).toBe(picture);
      await until(() => loadedWidth(image)).toBe(8);
      expect(await image.isVisible()).toBe(true);
    }
    await context.close();

    page = await openHome(missing);
    await until(() => page.getByTestId('sa-avatar-image').count()).toBe(0);
    expect(await page.getByTestId('sa-avatar').allTextContents()).toEqual(['F', 'F']);
  });

  it("says the launcher's and teaser's words in the page's language before the panel loads", async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'de' });
    await context.addInitScript(RECORD_HOST_ERRORS);
    const url = `${demo.base}/launcher-de.html`;
    await routeHostPage(context, url, demo.base, { agentId: DEMO_AGENT_ID, lang: 'de', body: LANGUAGES[1]!.page });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(url);
    const german = catalogue('de');
    await until(() => page.getByTestId('sa-launcher').getAttribute('aria-label')).toBe(german.openChat);
    expect(await page.getByTestId('sa-teaser-dismiss').getAttribute('aria-label')).toBe(german.teaserDismiss);
    expect(german.openChat).not.toBe(catalogue('en').openChat);
    expect(fetched).toContain('/i18n/de.js');
    expect(fetched).not.toContain('/panel.js'); // the loader's own words, without the panel
  });

  it('is not broken by a page carrying hostile global CSS', async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(RECORD_HOST_ERRORS);
    const url = `${demo.base}/hostile.html`;
    await routeHostPage(context, url, demo.base, {
      agentId: DEMO_AGENT_ID,
      css: [
        'div:empty { display: none !important }',
        '* { box-sizing: content-box !important; font-size: 9px !important; line-height: 3 !important }',
        'button { background: red !important; padding: 40px !important; border-radius: 0 !important }',
        'textarea, input { display: none !important }',
        'ul, li { list-style: square !important; margin: 50px !important }',
      ].join('\n'),
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('sa-launcher').click();
    await page.getByTestId('sa-home').waitFor();
    const input = page.getByTestId('sa-input');
    expect(await input.isVisible()).toBe(true);
    expect(await styleOf(input, 'font-size')).toBe('16px');
    const suggestionButton = page.getByTestId('sa-suggestion').first();
    expect(await styleOf(suggestionButton, 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(page.getByTestId('sa-panel'), 'width')).toBe('380px');
  });
});
