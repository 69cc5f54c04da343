import { eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { hasToolResult, startFakeOpenAI, type FakeLlm, type LlmRequest, type Step } from '../assistant/helpers/fake-llm.js';
import { hostErrors, launchChromium, RECORD_HOST_ERRORS } from '../browser/helpers/chromium.js';
import { ensureWidgetBuilt, freePort } from '../browser/helpers/demo-service.js';
import { routeHostPage } from '../browser/helpers/host-page.js';
import { asUser, createMember, signIn, type SignedIn } from '../dashboard/helpers.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';
import { chromiumMissing } from '../helpers/services.js';
import { init, parseSse, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';

/**
 * Script and markup planted in everything the service did not write itself (synced titles,
 * content, product names and URLs, the site's handshake, visitor messages, leads, model output)
 * must reach the widget and the dashboard as text only: never as an element, an attribute, an
 * event handler or a javascript: link. Each payload sets window.__xss or opens a dialog if it runs.
 */

const V = {
  script: `<script>window.__xss='script'</script>`,
  img: `<img src=x onerror="window.__xss='img'">`,
  svg: `"><svg onload="window.__xss='svg'">`,
  single: `' onmouseover='window.__xss=1' x='`,
  double: `" autofocus onfocus="window.__xss='focus'" x="`,
  markdown: `[click me](javascript:window.__xss='md')`,
  anchor: `<a href="javascript:window.__xss='a'">open</a>`,
  iframe: `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  alert: `<img src=y onerror=alert(document.domain)>`,
  textarea: `</textarea></title><script>alert(1)</script>`,
} as const;
const ALL = Object.values(V).join(' ');

/** The substrings that would be live markup if a page or a bubble contained them verbatim. */
const LIVE = [
  '<script>window.__xss',
  '<img src=x onerror=',
  '<svg onload=',
  "' onmouseover='",
  '" autofocus onfocus="',
  '<a href="javascript:',
  '<iframe srcdoc=',
  '<img src=y onerror=',
  '</textarea></title><script>',
];

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];

const HOSTILE_POST_TITLE = `Hostile returns policy ${V.img} ${V.markdown}`;
const HOSTILE_POST = post(501, {
  title: HOSTILE_POST_TITLE,
  permalink: `https://shop.example/returns?x="><svg onload=alert(1)>`,
  // Markup the parser drops, and the same payloads as escaped text that survives into the index.
  content_html: `<p>Hostile returns are accepted within 30 days of delivery. ${V.script} ${V.img} ${V.anchor}</p>
    <p>Hostile refunds reach your card in five days. ${ALL.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
  excerpt: ALL.slice(0, 500),
  taxonomy_terms: [{ taxonomy: 'category', slug: 'x', name: V.svg }],
  content_hash: 'hostile-501',
});
const HOSTILE_PRODUCT = product(601, {
  name: `Hostile trail runner ${V.img}`,
  permalink: `https://shop.example/product/hostile-"><svg onload=alert(1)>`,
  image_url: `https://shop.example/img.png?"onerror="window.__xss='image'`,
  description_html: `<p>A hostile waterproof trail runner. ${V.iframe}</p>`,
  short_description_html: ALL.slice(0, 900),
  sku: `SKU-${V.single}`,
  categories: [{ id: 1, slug: 'shoes', name: V.double }],
  attributes: [{ name: V.svg, options: [V.script] }],
  content_hash: 'hostile-601',
});
/** A name that would close a Markdown link label early and open one of its own. */
const BREAKOUT_PRODUCT = product(602, {
  name: `Hostile trail gaiter ](javascript:window.__xss='fallback') [x`,
  permalink: 'https://shop.example/product/gaiter-(hostile)',
  content_hash: 'hostile-602',
});

const MODEL_ANSWER = `Here you go. ${ALL}\n\n<a href="javascript:window.__xss='raw'">raw</a>`;

function script(request: LlmRequest): Step[] {
  if (!hasToolResult(request)) return [{ toolCall: { name: 'show_products', arguments: { query: 'hostile trail runner gaiter' } } }];
  return [{ text: MODEL_ANSWER }];
}

interface Message {
  content: string;
  blocks: { kind: string; data: Record<string, unknown> }[];
  sources: { title: string; url: string }[];
}

/** Markdown link targets as the widget reads them: balanced brackets and parentheses. */
function markdownLinkTargets(text: string): string[] {
  const targets: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '[') continue;
    let depth = 0;
    let close = -1;
    for (let j = i; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '[') depth++;
      else if (text[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0 || text[close + 1] !== '(') continue;
    depth = 0;
    for (let j = close + 1; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) {
        const target = text.slice(close + 2, j).trim();
        targets.push((/^<([^>]*)>/.exec(target)?.[1] ?? target.split(/\s+/)[0] ?? '').trim());
        break;
      }
    }
  }
  return targets;
}

function expectHttpUrl(value: unknown, where: string): void {
  expect(typeof value, where).toBe('string');
  expect(['http:', 'https:'], `${where}: ${String(value)}`).toContain(new URL(String(value).trim()).protocol);
}

/** Part (a): what the widget API hands over. Text may carry payloads; URLs and links may not. */
function expectNoLiveUrls(message: Message, where: string): void {
  for (const block of message.blocks) {
    for (const key of ['url', 'image_url'] as const) {
      if (block.data[key] !== null && block.data[key] !== undefined) expectHttpUrl(block.data[key], `${where} ${block.kind}.${key}`);
    }
    if (block.kind === 'escalation_button' && block.data.type === 'url') expectHttpUrl(block.data.value, `${where} escalation`);
  }
  for (const source of message.sources) expectHttpUrl(source.url, `${where} source`);
}

const withoutQuotes = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join('\n');

/** Links the service wrote into an answer itself: only ever to the web or mail. */
function expectComposedLinksSafe(text: string, where: string): void {
  for (const target of markdownLinkTargets(text)) {
    // eslint-disable-next-line no-control-regex -- browsers ignore controls and spaces in a URL's scheme
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target.replace(/[\u0000-\u0020]/g, ''))?.[1];
    if (scheme !== undefined) expect(LINK_SCHEMES, `${where}: link to ${target}`).toContain(`${scheme.toLowerCase()}:`);
  }
}

const FORBIDDEN_TAGS = new Set([
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'img',
  'image',
  'video',
  'audio',
  'source',
  'base',
  'style',
  'template',
  'portal',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'ping']);
const OWN_SCRIPT = /^\/app\/(static|playground-assets)\/[\w.-]+(\?v=[\w-]+)?$/;
const SAFE_LINK = /^(\/(?!\/)|#|\?|https?:\/\/|mailto:)/i;

/**
 * htmlparser2 hands over <textarea> and <title> text undecoded, where a browser decodes
 * character references: the escapes the dashboard writes are decoded here as a browser would.
 */
const RCDATA = new Set(['textarea', 'title']);
const decodeOurEscapes = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39|#96);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' })[name]!);

/** Part (b): a dashboard page has only our own elements; every payload in it is text. */
function inspectPage(page: string): { problems: string[]; text: string; attributes: string } {
  const problems: string[] = [];
  const text: string[] = [];
  const attributes: string[] = [];
  let inScript = false;
  let rawText = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (FORBIDDEN_TAGS.has(name)) problems.push(`<${name}>`);
        if (RCDATA.has(name)) rawText = true;
        if (name === 'script') {
          inScript = true;
          if (!OWN_SCRIPT.test(attribs.src ?? '')) problems.push(`script src=${attribs.src}`);
        }
        if (name === 'meta' && 'http-equiv' in attribs) problems.push('meta http-equiv');
        if (name === 'link' && !(attribs.href === 'data:,' || OWN_SCRIPT.test(attribs.href ?? ''))) problems.push(`link href=${attribs.href}`);
        if (name === 'form' && !/^\/app(\/|$)/.test(attribs.action ?? '/app')) problems.push(`form action=${attribs.action}`);
        for (const [attribute, value] of Object.entries(attribs)) {
          attributes.push(value);
          if (/^on/i.test(attribute)) problems.push(`${name}[${attribute}]`);
          if (attribute === 'srcdoc') problems.push(`${name}[${attribute}]`);
          if (attribute === 'style') problems.push(`${name}[style]`);
          // eslint-disable-next-line no-control-regex -- browsers ignore controls and spaces in a URL's scheme
          const url = value.replace(/[\u0000-\u0020]/g, '');
          if (URL_ATTRIBUTES.has(attribute) && name !== 'link' && !SAFE_LINK.test(url)) problems.push(`${name}[${attribute}=${value}]`);
        }
      },
      ontext(data) {
        if (inScript && data.trim()) problems.push('inline script');
        text.push(rawText ? decodeOurEscapes(data) : data);
      },
      onclosetag(name) {
        if (name === 'script') inScript = false;
        if (RCDATA.has(name)) rawText = false;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(page);
  parser.end();
  return { problems, text: text.join(''), attributes: attributes.join('\n') };
}

function expectInertPage(page: string, shows: readonly string[], where: string): void {
  const { problems, text, attributes } = inspectPage(page);
  expect(problems, where).toEqual([]);
  for (const live of LIVE) expect(page.includes(live), `${where} contains ${live} verbatim`).toBe(false);
  // The payloads did arrive, as text (or as an escaped attribute value): the check above is not vacuous.
  for (const payload of shows) expect(`${text}\n${attributes}`, `${where} shows ${payload}`).toContain(payload);
}

const skip = await chromiumMissing();

describe('XSS payloads in synced content, visitor input and model output', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let base: string;
  let shop: SeededWorkspace;
  let owner: SignedIn;
  const conversations: Record<'offlineQuote' | 'offlineProducts' | 'model', string> = { offlineQuote: '', offlineProducts: '', model: '' };
  let leadId = '';
  let playgroundConversation = '';
  const HOSTILE_AGENT_NAME = `Shop ${V.img}`;
  const HOSTILE_LEAD_NAME = `Ada ${V.svg}`;
  const HOSTILE_QUESTION = `What is your hostile returns policy? ${V.img} ${V.single}`;

  beforeAll(async () => {
    fake = await startFakeOpenAI(script);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      config: { port, publicBaseUrl: base },
      limits: { widgetInitPerIp: 1e6, leadsPerToken: 1e6, eventsPerToken: 1e6, messagesPerConversation: 1e6, messagesPerAddress: 1e6 },
      providerEnv: { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    shop = await seedWorkspace(t.database, 'Hostile shop');
    owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'owner'));
    const renamed = await asUser(t.app, owner, 'PATCH', `/app/api/agents/${shop.agentId}`, {
      name: HOSTILE_AGENT_NAME,
      greeting: `Hello ${V.anchor} ${V.markdown}`,
      allowed_origins: [SHOP_ORIGIN, base],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const handshake = await handshakeRequest(t.app, shop.token, {
      site_url: `https://shop.example/"><svg onload=alert(1)>`,
      platform_version: V.img,
      shop_plugin: { active: true, version: `"><svg onload=x>` },
    });
    expect(handshake.statusCode, handshake.body).toBe(200);
    expect((await signedSync(t.app, shop.token, 'posts', { items: [HOSTILE_POST] })).statusCode).toBe(200);
    expect((await signedSync(t.app, shop.token, 'products', { items: [HOSTILE_PRODUCT, BREAKOUT_PRODUCT] })).statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('(a) the widget API', () => {
    it('refuses javascript:, data: and other non-web URLs for permalinks and images at the sync route', async () => {
      for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
        const posts = await signedSync(t.app, shop.token, 'posts', { items: [post(700, { permalink: url })] });
        expect(posts.statusCode).toBe(400);
        expect(Object.keys(posts.json().errors)).toEqual(['items.0.permalink']);
        const products = await signedSync(t.app, shop.token, 'products', { items: [product(701, { image_url: url }), product(702, { permalink: url })] });
        expect(products.statusCode).toBe(400);
        expect(Object.keys(products.json().errors).sort()).toEqual(['items.0.image_url', 'items.1.permalink']);
      }
    });

    it('a quoted answer carries the payloads as text, its sources only web URLs', async () => {
      const { token, conversation_id: id } = (await init(t.app, { agent_id: shop.agentId })).json();
      conversations.offlineQuote = id;
      const response = await widgetPost(t.app, '/v1/widget/messages', token, { message: HOSTILE_QUESTION });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const message = response.json().message as Message;
      expectNoLiveUrls(message, 'quote');
      // The quoted sentence is the source's own text ("> ..."); the links around it are the service's.
      expectComposedLinksSafe(withoutQuotes(message.content), 'quote');
      expect(message.sources.map((s) => s.title)).toContain(HOSTILE_POST_TITLE);
      expect(message.content).toContain('Hostile returns');
    });

    it('a product answer links each product by its web URL, whatever its name holds', async () => {
      const { token, conversation_id: id } = (await init(t.app, { agent_id: shop.agentId })).json();
      conversations.offlineProducts = id;
      const response = await widgetPost(t.app, '/v1/widget/messages', token, {
        message: 'How much is the hostile trail runner, and the hostile trail gaiter?',
      });
      expect(response.statusCode, response.body).toBe(200);
      const message = response.json().message as Message;
      expectNoLiveUrls(message, 'products');
      expectComposedLinksSafe(withoutQuotes(message.content), 'products');
      expect(message.content).toContain('Hostile trail runner <img src=x onerror=');
      expect(message.content).toContain('Hostile trail gaiter');
    });

    it("a model's answer is passed on as text; what the service adds to it links only to the web", async () => {
      await t.database.db.update(agents).set({ provider: 'openai' }).where(eq(agents.id, shop.agentId));
      try {
        const { token, conversation_id: id } = (await init(t.app, { agent_id: shop.agentId })).json();
        conversations.model = id;
        const stream = await widgetPost(t.app, '/v1/widget/messages/stream', token, { message: 'Show me the hostile trail runner and gaiter' });
        expect(stream.statusCode).toBe(200);
        const events = parseSse(stream.body);
        const done = events.find((e) => e.event === 'done')?.data as { message: Message } | undefined;
        expect(done, stream.body.slice(0, 500)).toBeDefined();
        const message = done!.message;
        for (const event of events) {
          if (event.event === 'block') expectNoLiveUrls({ content: '', blocks: [event.data as Message['blocks'][number]], sources: [] }, 'stream block');
          if (event.event === 'sources')
            expectNoLiveUrls({ content: '', blocks: [], sources: (event.data as { sources: Message['sources'] }).sources }, 'stream sources');
        }
        expectNoLiveUrls(message, 'model');
        expect(message.content.startsWith(MODEL_ANSWER)).toBe(true);
        // The product lines the service appends for the cards production does not show.
        const appended = message.content.slice(MODEL_ANSWER.length);
        expect(appended).toContain('gaiter');
        expectComposedLinksSafe(appended, 'appended product lines');
      } finally {
        await t.database.db.update(agents).set({ provider: 'offline' }).where(eq(agents.id, shop.agentId));
      }
    });

    it('the Playground shows product cards, and their links and images are web URLs only', async () => {
      // A catalog search (a price bound, no product named), which shows both hostile products as cards:
      // a named product's price is answered in text, without a card.
      const response = await asUser(t.app, owner, 'POST', `/app/agents/${shop.agentId}/playground/stream`, { message: 'Anything under €20?' });
      expect(response.statusCode).toBe(200);
      const events = parseSse(response.body);
      playgroundConversation = (events.find((e) => e.event === 'start')?.data as { conversation_id: string }).conversation_id;
      const message = (events.find((e) => e.event === 'done')?.data as { message: Message }).message;
      expect(message.blocks.filter((b) => b.kind === 'product_card')).toHaveLength(2);
      expectNoLiveUrls(message, 'playground');
      expectComposedLinksSafe(withoutQuotes(message.content), 'playground');
    });

    it('leads and events with payloads are accepted as given', async () => {
      const { token } = (await init(t.app, { agent_id: shop.agentId })).json();
      await widgetPost(t.app, '/v1/widget/messages', token, { message: `${V.script} hostile refunds?` });
      const lead = await widgetPost(t.app, '/v1/widget/leads', token, {
        email: 'ada@example.com',
        name: HOSTILE_LEAD_NAME,
        phone: '+49 30 1234',
        fields: { [`company ${V.single}`.slice(0, 64)]: V.img, note: V.markdown },
      });
      expect(lead.statusCode, lead.body).toBe(200);
      leadId = lead.json().lead_id;
      const events = await widgetPost(t.app, '/v1/widget/events', token, {
        events: [{ name: 'cta_click', at: new Date().toISOString(), props: { label: V.svg } }],
      });
      expect(events.statusCode).toBe(200);
    });
  });

  describe('(b) the dashboard', () => {
    const page = async (url: string, user: SignedIn | null = owner) => {
      const response = await asUser(t.app, user, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      return response.body;
    };

    it('lists conversations, leads and sites with every payload escaped', async () => {
      expectInertPage(await page('/app/inbox'), [V.img, HOSTILE_AGENT_NAME], 'inbox');
      expectInertPage(await page('/app/leads'), [HOSTILE_LEAD_NAME], 'leads');
      expectInertPage(await page('/app/sites'), [V.img, `"><svg onload=x>`], 'sites');
      expectInertPage(await page('/app/agents'), [HOSTILE_AGENT_NAME], 'agents');
      expectInertPage(await page('/app/analytics'), [], 'analytics');
      expectInertPage(await page(`/app/inbox?q=${encodeURIComponent(V.svg)}`), [V.svg], 'inbox search');
    });

    it('shows transcripts, sources, a lead and an agent with every payload escaped and no live link', async () => {
      expect(leadId).not.toBe('');
      for (const [name, id] of Object.entries(conversations)) {
        expect(id, name).not.toBe('');
        const shows =
          name === 'model' ? [V.img, V.anchor, V.iframe, V.markdown] : name === 'offlineQuote' ? [HOSTILE_POST_TITLE, V.single] : ['Hostile trail runner'];
        expectInertPage(await page(`/app/inbox/${id}`), shows, `transcript ${name}`);
      }
      expectInertPage(await page(`/app/leads/${leadId}`), [HOSTILE_LEAD_NAME, V.img, V.markdown], 'lead');
      expectInertPage(await page(`/app/agents/${shop.agentId}`), [HOSTILE_AGENT_NAME, V.anchor], 'agent');
    });

    it('puts the Playground history in an attribute, escaped', async () => {
      expect(playgroundConversation).not.toBe('');
      const body = await page(`/app/agents/${shop.agentId}/playground?conversation=${playgroundConversation}`);
      expectInertPage(body, [HOSTILE_AGENT_NAME, 'Hostile trail runner <img src=x onerror='], 'playground');
      // The history is one JSON document inside one attribute: the payloads did not end it early.
      const state = /data-state="([^"]*)"/.exec(body)?.[1];
      expect(state).toBeDefined();
      const decoded = JSON.parse(inspectPage(`<div data-state="${state}"></div>`).attributes) as { conversation: { id: string } };
      expect(decoded.conversation.id).toBe(playgroundConversation);
    });

    it('serves the JSON API as JSON that browsers will not sniff into HTML, and the sign-in page escapes `next`', async () => {
      const transcript = await asUser(t.app, owner, 'GET', `/app/api/conversations/${conversations.model}`);
      expect(transcript.statusCode).toBe(200);
      expect(transcript.headers['content-type']).toMatch(/^application\/json/);
      expect(transcript.headers['x-content-type-options']).toBe('nosniff');
      expect(transcript.body).toContain('<img src=x onerror='); // JSON carries it as a string, which is fine
      const login = await page(`/app/login?next=${encodeURIComponent(`/app/"><svg/onload=alert(1)>`)}`, null);
      expectInertPage(login, [], 'login');
    });
  });

  describe.skipIf(skip)('(c) the widget in Chromium', () => {
    let browser: Browser;
    let context: BrowserContext;

    beforeAll(async () => {
      ensureWidgetBuilt();
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 50 });

    async function ask(page: Page, text: string): Promise<void> {
      const answers = page.locator('[data-testid="sa-message"][data-role="assistant"]');
      const count = await answers.count();
      const stream = page.waitForResponse((response) => response.url().endsWith('/v1/widget/messages/stream'));
      await page.getByTestId('sa-input').fill(text);
      await page.getByTestId('sa-send').click();
      await (await stream).text();
      await until(() => answers.count()).toBe(count + 1);
      await until(() => answers.last().getAttribute('data-state')).toBe('done');
    }

    interface Audit {
      hasRoot: boolean;
      foreign: string[];
      scripts: string[];
      handlers: string[];
      links: string[];
      flag: unknown;
      logText: string;
      sourceTitles: string[];
      header: string;
    }

    /** Everything that would show an injection, read in the page: elements, handlers, links, and whether a payload ran. */
    const audit = async (page: Page) =>
      (await page.evaluate(`(() => {
        const root = document.querySelector('storefront-assistant')?.shadowRoot;
        const everything = [...document.querySelectorAll('*'), ...(root ? root.querySelectorAll('*') : [])];
        const log = root?.querySelector('[data-testid="sa-messages"]');
        // A message's meta row (its time, and the widget's own icon buttons) is none of the content.
        const foreign = log ? [...log.querySelectorAll('script, img, svg, iframe, frame, object, embed, style, link, meta, base, form, input, textarea, video, audio, math, template')].filter((el) => !el.closest('.meta')) : [];
        const outside = [...document.querySelectorAll('img, svg, iframe, frame, object, embed, video, audio, math, base, form')];
        return {
          hasRoot: Boolean(root),
          foreign: [...foreign, ...outside].map((el) => el.tagName),
          scripts: [...document.scripts].map((s) => s.src),
          handlers: everything.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => el.tagName + '[' + a.name + ']')),
          links: [...(root ? root.querySelectorAll('a') : [])].map((a) => a.getAttribute('href') ?? ''),
          flag: window.__xss ?? null,
          logText: log?.textContent ?? '',
          sourceTitles: [...(root ? root.querySelectorAll('[data-testid="sa-source"]') : [])].map((a) => a.textContent ?? ''),
          header: root?.querySelector('[data-testid="sa-panel"]')?.textContent ?? '',
        };
      })()`)) as Audit;

    it('renders payloads from sources, product names and a model answer as text: no element, handler, javascript: link, script or dialog', async () => {
      context = await browser.newContext();
      await context.addInitScript(RECORD_HOST_ERRORS);
      await routeHostPage(context, `${base}/hostile-host.html`, base, { agentId: shop.agentId });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const pageErrors: Error[] = [];
      page.on('pageerror', (error) => pageErrors.push(error));

      await page.goto(`${base}/hostile-host.html`);
      await page.getByTestId('sa-launcher').click();
      await page.getByTestId('sa-panel').waitFor();
      await ask(page, HOSTILE_QUESTION);
      await ask(page, 'How much is the hostile trail runner, and the hostile trail gaiter?');
      await t.database.db.update(agents).set({ provider: 'openai' }).where(eq(agents.id, shop.agentId));
      try {
        await ask(page, 'Show me the hostile trail runner and gaiter');
      } finally {
        await t.database.db.update(agents).set({ provider: 'offline' }).where(eq(agents.id, shop.agentId));
      }
      // Reloading renders the same history again from the init response, not from the stream.
      await page.reload();
      await page.getByTestId('sa-launcher').click();
      await until(() => page.locator('[data-testid="sa-message"][data-role="assistant"]').count()).toBe(3);

      const seen = await audit(page);
      expect(seen.hasRoot).toBe(true);
      expect(seen.foreign).toEqual([]);
      expect(seen.handlers).toEqual([]);
      for (const src of seen.scripts)
        expect(
          [`${base}/widget.js`, `${base}/panel.js`, `${base}/i18n/`].some((own) => src.startsWith(own)),
          src,
        ).toBe(true);
      for (const href of seen.links) expect(href, 'widget link').toMatch(/^(https?|mailto):/);
      expect(seen.flag).toBeNull();
      expect(dialogs).toEqual([]);
      expect(pageErrors).toEqual([]);
      expect(await hostErrors(page)).toEqual([]);
      // The payloads are on screen, as text: in the answers, the visitor's question and the source titles.
      expect(seen.logText).toContain('<img src=x onerror=');
      expect(seen.logText).toContain('<script>window.__xss');
      expect(seen.logText).toContain("' onmouseover='");
      expect(seen.sourceTitles.some((title) => title.includes('<img src=x onerror='))).toBe(true);
      expect(seen.header).toContain(HOSTILE_AGENT_NAME);
    }, 60_000);
  });
});
