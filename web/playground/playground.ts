// The Playground page's behaviour, bundled by the widget's build (widget/build.mjs) into
// widget/dist/playground.js and served as a file, because the page allows no inline script.
// It streams turns with the typed client's event-stream reader and draws replies with the
// widget's own Markdown and block renderers (the block renderer previewing every kind), so what
// the Playground shows follows the same link policy as the live widget. Everything shown is built
// as DOM nodes: model output, sources and page context are text, never markup.

import { readEventStream } from '@storefront-assistant/client';
import type { Block } from '../../service/src/contract/blocks.js';
import type { Diagnostics, PageContext, SourceRef, StreamEvent, ToolCallRecord, TurnOutcome } from '../../service/src/contract/stream-events.js';
import type { RunWire, TestResult } from '../../service/src/modules/agent-tests/wire.js';
import type { PlaygroundHistory, PlaygroundPageState } from '../../service/src/modules/playground/page-state.js';
import { h } from '../../widget/src/dom.js';
import { renderBlock } from '../../widget/src/panel/blocks.js';
import { renderMarkdown } from '../../widget/src/panel/markdown-dom.js';
import { StreamWatch } from '../../widget/src/panel/stream-watch.js';
import { EXTERNAL_LINK, safeWebHref } from '../../widget/src/panel/url-policy.js';

/** The page context the Playground sends: what a page could send, before the service sanitizes it. */
type DraftPageContext = Record<string, unknown>;

/** Each of body text, JSON-LD and headings is cut to this many UTF-8 bytes by the runtime. */
const CAP = 8 * 1024;

const root = document.getElementById('playground');
if (root) start(root);

function start(root: HTMLElement): void {
  const state = JSON.parse(root.getAttribute('data-state') ?? '{}') as PlaygroundPageState;
  const csrf = root.getAttribute('data-csrf') ?? '';
  const agentId = state.agent.id;
  const siteTypeLabels: Record<string, string> = {};
  for (const type of state.site_types) siteTypeLabels[type.id] = type.label;

  // The page renders every element the script looks up (page.ts).
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
  const form = $<HTMLFormElement>('pg-form');
  const input = $<HTMLTextAreaElement>('pg-message');
  const sendButton = $<HTMLButtonElement>('pg-send');
  const status = $('pg-status');
  const siteTypeSelect = $<HTMLSelectElement>('pg-site-type');
  const compareBox = $<HTMLInputElement>('pg-compare');
  const compareSelect = $<HTMLSelectElement>('pg-compare-site-type');
  const languageSelect = $<HTMLSelectElement>('pg-language');
  const contextJson = $<HTMLTextAreaElement>('pg-context-json');
  const contextError = $('pg-context-error');
  const contextForm = $<HTMLFormElement>('pg-context-form');

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: unknown) =>
    h(tag, className ? { class: className } : {}, text === undefined || text === null ? null : String(text));

  /** A link when the URL is an http(s) one (the widget's policy for sources), else plain text. */
  function link(text: string, href: unknown): HTMLElement {
    const safe = safeWebHref(href);
    return safe ? h('a', { href: safe, ...EXTERNAL_LINK }, text) : el('span', '', text);
  }

  const pre = (value: unknown) => el('pre', 'pg-pre', typeof value === 'string' ? value : JSON.stringify(value, null, 2));

  // ---- Panes: the chat (and, in compare mode, a second one with its own conversation) ----

  interface Pane {
    key: 'a' | 'b';
    log: HTMLElement;
    title: HTMLElement;
    diag: HTMLElement;
    box: HTMLElement;
    conversationId: string | null;
  }

  const pane = (key: Pane['key']): Pane => ({
    key,
    log: $(`pg-log-${key}`),
    title: $(`pg-title-${key}`),
    diag: $(`pg-diag-${key}`),
    box: root.querySelector<HTMLElement>(`[data-pane="${key}"]`)!,
    conversationId: null,
  });
  const panes = { a: pane('a'), b: pane('b') };

  const paneSiteType = (p: Pane): string | null => (p.key === 'b' ? compareSelect.value : siteTypeSelect.value || null);

  function refreshTitles(): void {
    const a = paneSiteType(panes.a);
    panes.a.title.textContent = `${state.agent.name} · ${siteTypeLabels[a ?? state.agent.site_type]}${a ? '' : " (agent's setting)"}`;
    panes.b.title.textContent = `${state.agent.name} · ${siteTypeLabels[compareSelect.value]}`;
    const comparing = compareBox.checked;
    panes.b.box.hidden = !comparing;
    panes.b.diag.hidden = !comparing;
    compareSelect.disabled = !comparing;
    root.classList.toggle('pg-comparing', comparing);
  }

  function selectedLocale(): { tag: string; direction: string; nativeName: string } | null {
    const option = languageSelect.options[languageSelect.selectedIndex];
    return option?.value
      ? { tag: option.value, direction: option.getAttribute('data-direction') ?? 'ltr', nativeName: option.getAttribute('data-native') ?? '' }
      : null;
  }

  function refreshLanguage(): void {
    const locale = selectedLocale();
    const preview = $('pg-language-preview');
    preview.textContent = locale ? `${locale.nativeName} · ${locale.tag} · ${locale.direction}` : 'The reply language follows the visitor, as in production.';
    preview.dir = locale ? locale.direction : 'auto';
    // The RTL preview: the chat lays out in the chosen language's direction before the reply.
    for (const p of Object.values(panes)) p.log.dir = locale ? locale.direction : 'auto';
  }

  function addUserMessage(p: Pane, text: string): void {
    const item = el('li', 'pg-msg pg-user');
    item.appendChild(el('div', 'pg-text', text));
    item.dir = 'auto';
    p.log.appendChild(item);
    p.log.scrollTop = p.log.scrollHeight;
  }

  /** A block as the widget draws it, every kind previewed, under a label naming its kind. */
  function blockCard(block: Block): HTMLElement {
    const card = h('div', { class: 'pg-card', 'data-kind': block.kind }, el('span', 'pg-card-kind', block.kind.replace(/_/g, ' ')));
    card.appendChild(renderBlock(block, { previewEveryKind: true }) ?? pre(block.data));
    return card;
  }

  /** An assistant message being streamed: text, blocks, tool calls and sources fill in as they arrive. */
  function assistantMessage(p: Pane) {
    const item = h('li', { class: 'pg-msg pg-assistant', 'data-testid': 'assistant-message' });
    const text = el('div', 'pg-text markdown');
    const blocks = el('div', 'pg-blocks');
    const tools = el('ul', 'pg-tool-list');
    const sources = el('ul', 'pg-sources');
    item.append(tools, text, blocks, sources);
    p.log.appendChild(item);
    let source = '';
    let frame = 0;
    const render = () => text.replaceChildren(renderMarkdown(source));
    return {
      setDirection(language: string, direction: string): void {
        item.lang = language;
        item.dir = direction;
      },
      // While a reply streams, its Markdown is rendered again at most once per frame.
      addText(value: string): void {
        source += value;
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            render();
          });
      },
      /** The whole reply is in: rendered now, not on the next frame. */
      finish(): void {
        cancelAnimationFrame(frame);
        frame = 0;
        render();
      },
      addBlock(block: Block): void {
        blocks.appendChild(blockCard(block));
      },
      addToolCall(call: ToolCallRecord): void {
        tools.appendChild(el('li', 'pg-tool-chip', `Tool: ${call.name} (${call.duration_ms} ms)`));
      },
      setSources(list: readonly SourceRef[]): void {
        sources.replaceChildren(...list.map((s) => h('li', {}, link(s.title, s.url))));
      },
      fail(message: string): void {
        item.appendChild(el('p', 'field-error', message));
      },
      /** "Save as test": the question, with the sources this answer cited as the expected ones. */
      offerSave(question: string, cited: readonly SourceRef[], siteType: string | null): void {
        const button = h('button', { type: 'button', class: 'secondary small pg-save-test', 'data-testid': 'save-as-test' }, 'Save as test');
        button.addEventListener('click', () => void saveAsTest(button, question, cited, siteType));
        item.appendChild(button);
      },
    };
  }
  type AssistantMessageView = ReturnType<typeof assistantMessage>;

  // ---- Diagnostics (read-only) ----

  function section(parent: HTMLElement, title: string): HTMLElement {
    const box = el('section', 'pg-diag-section');
    box.appendChild(el('h3', '', title));
    parent.appendChild(box);
    return box;
  }

  function table(rows: [string, unknown][]): HTMLElement {
    return h('table', { class: 'pg-kv' }, ...rows.map(([name, value]) => h('tr', {}, el('th', '', name), el('td', '', value))));
  }

  const ANSWERED_BY: Record<TurnOutcome['answered_by'], string> = {
    owner_answer: 'an answer you wrote',
    synced_content: 'synced content',
    tool: 'a tool',
    none: 'nothing',
  };
  const SOURCE_KIND: Record<Diagnostics['sources'][number]['kind'], string> = { post: 'page', product: 'product', snippet: 'your answer' };
  const gapReasons = (o: TurnOutcome) =>
    [!o.confident && 'low confidence', o.abstained && 'no answer', o.escalated && 'escalated'].filter((r): r is string => typeof r === 'string');

  const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value} ms`);

  function showBufferedStream(p: Pane, reason: string): void {
    $('pg-diag-empty').hidden = true;
    const warning = el(
      'p',
      'pg-warning',
      `Your proxy buffers streams (${reason}): answers reach visitors all at once, and the widget switches to whole answers. ` +
        'In nginx, leave the service\'s X-Accel-Buffering header through or set "proxy_buffering off" for /v1/widget/messages/stream; on a CDN, turn off buffering or compression of text/event-stream.',
    );
    warning.setAttribute('data-testid', 'pg-stream-buffered');
    p.diag.prepend(warning);
  }

  function renderDiagnostics(p: Pane, d: Diagnostics): void {
    $('pg-diag-empty').hidden = true;
    fillDiagnostics(p.diag, d, `system-prompt-${p.key}`);
    if (p.key === 'a') {
      $('pg-context-sanitized').textContent =
        d.page_context === null ? 'None: no page context was sent, or it had no valid http(s) URL.' : JSON.stringify(d.page_context, null, 2);
    }
  }

  /** A turn's diagnostics, as the Diagnostics tab and each test result show them. */
  function fillDiagnostics(box: HTMLElement, d: Diagnostics, promptTestId: string): void {
    box.textContent = '';
    box.appendChild(el('h2', '', siteTypeLabels[d.site_type] ?? d.site_type));
    box.appendChild(
      table([
        ['Site type', d.site_type],
        ['Language', `${d.language} (${d.direction})`],
        ['Model', d.model],
        ['Status', d.status || 'complete'],
        ['Answered by', d.outcome ? ANSWERED_BY[d.outcome.answered_by] : '—'],
        ['Gap', d.outcome ? (d.outcome.gap ? gapReasons(d.outcome).join(', ') : 'no') : '—'],
      ]),
    );
    section(box, 'Latency').appendChild(
      table([
        ['Retrieval', ms(d.latency_ms.retrieval)],
        ['First token', ms(d.latency_ms.first_token)],
        ['Tools', ms(d.latency_ms.tools)],
        ['Total', ms(d.latency_ms.total)],
      ]),
    );
    const confidence = section(box, 'Confidence');
    const meter = h('meter', { min: 0, max: 1 });
    meter.value = d.confidence;
    confidence.append(meter, el('span', 'pg-confidence', ` ${Number(d.confidence).toFixed(3)}`));

    const sources = section(box, `Retrieved sources (${d.sources.length})`);
    if (d.sources.length === 0) sources.appendChild(el('p', 'muted', 'Nothing retrieved.'));
    sources.appendChild(
      h(
        'ol',
        { class: 'pg-ranked' },
        ...d.sources.map((s) =>
          h(
            'li',
            { 'data-kind': s.kind },
            el('span', 'pg-score', `#${s.rank} · score ${Number(s.score).toFixed(3)} · ${SOURCE_KIND[s.kind]} · `),
            link(s.title, s.url),
            el('p', 'muted', s.snippet),
          ),
        ),
      ),
    );

    const tools = section(box, `Tool calls (${d.tool_calls.length})`);
    if (d.tool_calls.length === 0) tools.appendChild(el('p', 'muted', 'No tool was called.'));
    for (const call of d.tool_calls) {
      tools.appendChild(
        h(
          'div',
          { class: 'pg-tool' },
          el('strong', '', `${call.name} · ${call.duration_ms} ms`),
          el('p', 'pg-label', 'Arguments'),
          pre(call.arguments),
          el('p', 'pg-label', 'Result'),
          pre(call.result),
        ),
      );
    }

    const blocks = section(box, `Blocks (${d.blocks.length})`);
    if (d.blocks.length === 0) blocks.appendChild(el('p', 'muted', 'No blocks.'));
    for (const block of d.blocks) blocks.appendChild(blockCard(block));

    section(box, 'Usage').appendChild(pre(d.usage));
    section(box, 'Page context the runtime saw').appendChild(pre(d.page_context === null ? 'None' : d.page_context));
    if (d.notes.length > 0) section(box, 'Notes').appendChild(pre(d.notes.join('\n')));
    const promptText = pre(d.system_prompt);
    promptText.setAttribute('data-testid', promptTestId);
    section(box, 'System prompt').appendChild(promptText);
  }

  /** The URL names the panes' conversations, so that a reload resumes them (until Reset). */
  function rememberConversations(): void {
    const url = new URL(window.location.href);
    url.searchParams.delete('conversation');
    url.searchParams.delete('compare');
    if (panes.a.conversationId) url.searchParams.set('conversation', panes.a.conversationId);
    if (panes.b.conversationId) url.searchParams.set('compare', panes.b.conversationId);
    window.history.replaceState(null, '', url.pathname + url.search);
  }

  // ---- Streaming a turn ----

  function handle(p: Pane, message: AssistantMessageView, question: string, { event, data }: StreamEvent): void {
    switch (event) {
      case 'start':
        p.conversationId = data.conversation_id;
        rememberConversations();
        message.setDirection(data.language, data.direction);
        break;
      case 'delta':
        message.addText(data.text);
        break;
      case 'block':
        message.addBlock(data);
        break;
      case 'tool_call':
        message.addToolCall(data);
        break;
      case 'sources':
        message.setSources(data.sources);
        break;
      case 'diagnostics':
        renderDiagnostics(p, data);
        break;
      case 'error':
        message.fail(data.message);
        break;
      case 'done':
        message.offerSave(question, data.message.sources, paneSiteType(p));
        break;
    }
    p.log.scrollTop = p.log.scrollHeight;
  }

  const post = (path: string, body: unknown) =>
    fetch(`/app/agents/${encodeURIComponent(agentId)}/playground/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });

  async function runTurn(p: Pane, text: string, pageContext: DraftPageContext | null): Promise<void> {
    addUserMessage(p, text);
    const message = assistantMessage(p);
    const body: Record<string, unknown> = { message: text };
    if (p.conversationId) body.conversation_id = p.conversationId;
    const siteType = paneSiteType(p);
    if (siteType) body.site_type_override = siteType;
    const locale = selectedLocale();
    if (locale) body.language_override = locale.tag;
    if (pageContext) body.page_context = pageContext;
    // A proxy between this page and the service (the same one, often, as between shops and it)
    // that holds streams back is named in the diagnostics, where the owner looks. Watched from
    // the request on: a proxy may hold the response's headers back too.
    let buffered = '';
    const watch = new StreamWatch((reason) => (buffered = reason));
    try {
      const response = await post('stream', body);
      if (!response.ok || !response.body) {
        const problem = (await response.json().catch(() => ({ message: `The request failed (${response.status})` }))) as { message: string };
        message.fail(problem.message);
        return;
      }
      // The service writes only events of the contract (its tests check every one against it).
      for await (const { event, data } of readEventStream(response.body, () => watch.chunk())) {
        watch.event();
        handle(p, message, text, { event, data: JSON.parse(data) } as StreamEvent);
      }
      watch.end();
      if (buffered) showBufferedStream(p, buffered);
    } catch (error) {
      message.fail(`The connection failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      watch.cancel();
      message.finish();
    }
  }

  async function send(raw: string | null): Promise<void> {
    const text = (raw ?? '').trim();
    if (!text || sendButton.disabled) return;
    const pageContext = currentPageContext();
    if (pageContext === undefined) {
      status.textContent = 'Fix the page context JSON first (Page context tab).';
      return;
    }
    input.value = '';
    sendButton.disabled = true;
    status.textContent = 'Streaming…';
    const turns = [runTurn(panes.a, text, pageContext)];
    if (compareBox.checked) turns.push(runTurn(panes.b, text, pageContext));
    await Promise.all(turns);
    sendButton.disabled = false;
    status.textContent = 'Done.';
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(input.value);
  });

  root.addEventListener('click', (event) => {
    const sample = (event.target as Element).closest('.pg-sample');
    if (!sample) return;
    siteTypeSelect.value = sample.getAttribute('data-site-type') ?? '';
    refreshTitles();
    void send(sample.getAttribute('data-prompt'));
  });

  $('pg-reset').addEventListener('click', async () => {
    let failed = false;
    for (const p of Object.values(panes)) {
      if (p.conversationId) {
        const response = await post('reset', { conversation_id: p.conversationId });
        if (!response.ok) failed = true;
      }
      p.log.textContent = '';
      p.diag.textContent = '';
    }
    rememberConversations();
    $('pg-diag-empty').hidden = false;
    $('pg-context-sanitized').textContent = 'No turn yet.';
    status.textContent = failed ? 'The history could not be cleared; reload and try again.' : 'The conversation was cleared.';
  });

  siteTypeSelect.addEventListener('change', refreshTitles);
  compareSelect.addEventListener('change', refreshTitles);
  compareBox.addEventListener('change', refreshTitles);
  languageSelect.addEventListener('change', refreshLanguage);

  // ---- Tabs ----

  const tabs = Array.from(root.querySelectorAll<HTMLElement>('[role="tab"]'));
  for (const tab of tabs) {
    tab.addEventListener('click', () => {
      for (const other of tabs) {
        const selected = other === tab;
        other.setAttribute('aria-selected', selected ? 'true' : 'false');
        $(other.getAttribute('aria-controls') ?? '').hidden = !selected;
      }
    });
  }

  // ---- Page context: templates, form, raw JSON, byte counts ----

  const TEMPLATES: Record<string, DraftPageContext> = {
    shop_product: {
      url: 'https://shop.example/product/trail-running-shoe',
      title: 'Trail running shoe – Fernhill Outdoor',
      description: 'Waterproof trail running shoe with a grippy outsole.',
      og: { title: 'Trail running shoe', type: 'product', site_name: 'Fernhill Outdoor', image: 'https://shop.example/img/trail-shoe.jpg' },
      json_ld: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Trail running shoe',
          sku: 'TRAIL-42',
          offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
        },
      ],
      headings: ['Trail running shoe', 'Sizes and fit', 'Reviews'],
      body_text: 'The trail running shoe keeps feet dry on muddy mountain paths. Sizes 38 to 47. Free returns within 30 days.',
    },
    saas_pricing: {
      url: 'https://app.example/pricing',
      title: 'Pricing – Acme Analytics',
      description: 'Simple plans for teams of every size.',
      og: { title: 'Acme Analytics pricing', type: 'website', site_name: 'Acme Analytics' },
      headings: ['Pricing', 'Starter', 'Team', 'Enterprise', 'FAQ'],
      body_text:
        'Starter: 19 EUR per month for 3 users. Team: 49 EUR per month for 20 users. Enterprise: contact sales. Every plan starts with a 14-day free trial.',
    },
    documentation: {
      url: 'https://docs.example/guides/install',
      title: 'Installing the plugin – Docs',
      description: 'Install and connect the plugin in five minutes.',
      headings: ['Installing the plugin', 'Requirements', 'Connect your site', 'Troubleshooting'],
      body_text: 'Requirements: WordPress 6.0 or later and PHP 8.1. Upload the zip under Plugins, activate it, then paste your API token under Settings.',
    },
    help_article: {
      url: 'https://help.example/articles/reset-password',
      title: 'How do I reset my password?',
      description: 'Steps to reset a forgotten password.',
      json_ld: [{ '@context': 'https://schema.org', '@type': 'FAQPage', name: 'Reset your password' }],
      headings: ['Reset your password', 'Did not get the email?'],
      body_text: 'Click "Forgot password" on the sign-in page, enter your email and follow the link we send you. The link is valid for one hour.',
    },
    marketing: {
      url: 'https://www.example.com/',
      title: 'Acme – Customer analytics for retailers',
      description: 'Understand every customer, in real time.',
      og: { title: 'Acme', type: 'website', site_name: 'Acme', description: 'Customer analytics for retailers' },
      headings: ['Customer analytics for retailers', 'Trusted by 500 brands', 'Book a demo'],
      body_text: 'Acme helps retailers understand their customers. Northwind grew repeat purchases by 23% in six months.',
    },
    blank: {},
  };

  const TEXT_FIELDS = ['url', 'canonical_url', 'title', 'description'] as const;
  const OG_FIELDS = ['title', 'description', 'image', 'type', 'site_name', 'url'] as const;

  const bytes = (text: string) => new TextEncoder().encode(text).length;

  function setCount(name: string, count: number): void {
    const out = root.querySelector<HTMLElement>(`[data-bytes-for="${name}"]`)!;
    out.textContent = `${count} / ${CAP} bytes${count > CAP ? ' (over the cap: the runtime cuts it)' : ''}`;
    out.classList.toggle('pg-over', count > CAP);
  }

  const field = (name: string) => contextForm.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  /** The form's fields as a page_context object; undefined when the JSON-LD field is not valid JSON. */
  function formToContext(): DraftPageContext | undefined {
    const context: DraftPageContext = {};
    for (const name of TEXT_FIELDS) {
      const value = field(name).value.trim();
      if (value) context[name] = value;
    }
    const og: Record<string, string> = {};
    for (const name of OG_FIELDS) {
      const value = field(`og.${name}`).value.trim();
      if (value) og[name] = value;
    }
    if (Object.keys(og).length > 0) context.og = og;
    const headings = field('headings')
      .value.split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (headings.length > 0) context.headings = headings;
    const jsonLd = field('json_ld').value.trim();
    if (jsonLd) {
      try {
        const parsed: unknown = JSON.parse(jsonLd);
        context.json_ld = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return undefined;
      }
    }
    const body = field('body_text').value;
    if (body.trim()) context.body_text = body;
    return context;
  }

  function contextToForm(context: DraftPageContext): void {
    for (const name of TEXT_FIELDS) field(name).value = text(context[name]);
    const og = context.og && typeof context.og === 'object' ? (context.og as Record<string, unknown>) : {};
    for (const name of OG_FIELDS) field(`og.${name}`).value = text(og[name]);
    field('headings').value = Array.isArray(context.headings) ? context.headings.join('\n') : '';
    field('json_ld').value = context.json_ld ? JSON.stringify(context.json_ld, null, 2) : '';
    field('body_text').value = text(context.body_text);
  }

  function updateCounts(context: DraftPageContext): void {
    setCount('body_text', bytes(text(context.body_text)));
    setCount('headings', bytes((Array.isArray(context.headings) ? context.headings : []).join('\n')));
    setCount('json_ld', context.json_ld ? bytes(JSON.stringify(context.json_ld)) : 0);
    previewSanitized(context);
  }

  // What the runtime will see of the form: asked of the server's sanitizer, a moment after typing stops.
  let previewTimer = 0;
  let previewSeq = 0;
  function previewSanitized(context: DraftPageContext): void {
    window.clearTimeout(previewTimer);
    previewTimer = window.setTimeout(async () => {
      const seq = ++previewSeq;
      const out = $('pg-context-sanitized');
      try {
        const response = await post('page-context', { page_context: Object.keys(context).length > 0 ? context : null });
        if (seq !== previewSeq) return;
        if (!response.ok) {
          out.textContent = response.status === 413 ? 'Too large to preview: the runtime cuts each field to 8 KB.' : 'Preview unavailable.';
          return;
        }
        const data = (await response.json()) as { page_context: PageContext | null };
        out.textContent =
          data.page_context === null ? 'None: no valid http(s) URL, so the runtime sees no page context.' : JSON.stringify(data.page_context, null, 2);
      } catch {
        if (seq === previewSeq) out.textContent = 'Preview unavailable.';
      }
    }, 300);
  }

  function syncFromForm(): void {
    const context = formToContext();
    if (context === undefined) {
      contextError.textContent = 'The JSON-LD field is not valid JSON.';
      return;
    }
    contextError.textContent = '';
    contextJson.value = Object.keys(context).length > 0 ? JSON.stringify(context, null, 2) : '';
    updateCounts(context);
  }

  function syncFromJson(): void {
    const raw = contextJson.value.trim();
    let context: unknown = {};
    if (raw) {
      try {
        context = JSON.parse(raw);
      } catch (error) {
        contextError.textContent = `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
        return;
      }
      if (!isObject(context)) {
        contextError.textContent = 'The page context must be a JSON object.';
        return;
      }
    }
    contextError.textContent = '';
    contextToForm(context as DraftPageContext);
    updateCounts(context as DraftPageContext);
  }

  /** What the next turn sends: null for none, undefined when the JSON is invalid. */
  function currentPageContext(): DraftPageContext | null | undefined {
    const raw = contextJson.value.trim();
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) && Object.keys(parsed).length > 0 ? parsed : null;
    } catch {
      return undefined;
    }
  }

  for (const button of root.querySelectorAll<HTMLElement>('[data-template]')) {
    button.addEventListener('click', () => {
      contextToForm(TEMPLATES[button.getAttribute('data-template') ?? ''] ?? {});
      syncFromForm();
      status.textContent = `Template applied: ${button.textContent}. It is sent with the next message.`;
    });
  }
  contextForm.addEventListener('input', syncFromForm);
  contextJson.addEventListener('input', syncFromJson);

  // ---- The tester's earlier conversation, kept until Reset ----

  function restore(p: Pane, conversation: PlaygroundHistory | null): void {
    if (!conversation) return;
    p.conversationId = conversation.id;
    let last: Diagnostics | null = null;
    let question = '';
    for (const m of conversation.messages) {
      if (m.role === 'user') {
        addUserMessage(p, m.content);
        question = m.content;
        continue;
      }
      const message = assistantMessage(p);
      if (m.diagnostics) message.setDirection(m.diagnostics.language, m.diagnostics.direction);
      message.addText(m.content);
      message.finish();
      for (const block of m.blocks ?? []) message.addBlock(block);
      message.setSources(m.sources ?? []);
      if (question && m.diagnostics?.status === 'complete') message.offerSave(question, m.sources ?? [], m.diagnostics.site_type);
      if (m.diagnostics) last = m.diagnostics;
    }
    if (last) renderDiagnostics(p, last);
    p.log.scrollTop = p.log.scrollHeight;
  }

  // ---- Tests: the agent's regression suite ----

  const testsList = $('pg-tests-list');
  const testsStatus = $('pg-tests-status');
  const runBox = $('pg-tests-run-result');
  const runButton = $<HTMLButtonElement>('pg-tests-run');

  const suiteApi = (path: string, init: { method: string; body?: unknown } = { method: 'GET' }) =>
    fetch(`/app/api/agents/${encodeURIComponent(agentId)}/${path}`, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json', 'x-csrf-token': csrf } : { 'x-csrf-token': csrf }),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      credentials: 'same-origin',
    });

  interface SuiteTest {
    id: string;
    question: string;
    expected_sources: string[];
    fact_pattern: string | null;
  }

  async function loadTests(): Promise<void> {
    const response = await suiteApi('tests');
    if (!response.ok) return;
    const { tests } = (await response.json()) as { tests: SuiteTest[] };
    testsList.replaceChildren(
      ...tests.map((test) => {
        const expectations = [...test.expected_sources.map((url) => `cites ${url}`), ...(test.fact_pattern ? [`says ${test.fact_pattern}`] : [])];
        const remove = h('button', { type: 'button', class: 'link pg-remove-test' }, 'Remove');
        remove.addEventListener('click', async () => {
          const response = await suiteApi(`tests/${encodeURIComponent(test.id)}`, { method: 'DELETE' });
          testsStatus.textContent = response.ok ? 'Test removed.' : 'The test could not be removed.';
          await loadTests();
        });
        return h(
          'li',
          { 'data-testid': 'suite-test' },
          el('strong', '', test.question),
          el('p', 'muted', expectations.join(' · ') || 'answered (not a gap)'),
          remove,
        );
      }),
    );
    if (tests.length === 0) testsList.appendChild(el('li', 'muted', 'No tests yet: use "Save as test" under a reply.'));
  }

  async function saveAsTest(button: HTMLButtonElement, question: string, cited: readonly SourceRef[], siteType: string | null): Promise<void> {
    button.disabled = true;
    const locale = selectedLocale();
    const pageContext = currentPageContext();
    const response = await suiteApi('tests', {
      method: 'POST',
      body: {
        question,
        expected_sources: cited.map((source) => source.url),
        ...(siteType ? { site_type: siteType } : {}),
        ...(locale ? { language: locale.tag } : {}),
        ...(pageContext ? { page_context: pageContext } : {}),
      },
    });
    button.textContent = response.ok ? 'Saved as test' : 'Could not save';
    if (response.ok) await loadTests();
    else button.disabled = false;
  }

  function renderRun(run: RunWire): void {
    const diff = run.diff;
    const when = new Date(run.finished_at ?? run.started_at).toISOString().slice(0, 16).replace('T', ' ');
    const summary = el('p', 'pg-run-summary', `${run.passed} of ${run.total} passed · ${run.trigger.replace('_', ' ')} run · ${when} UTC`);
    summary.setAttribute('data-testid', 'run-summary');
    const changes = (title: string, entries: { question: string }[], kind: string): HTMLElement | null =>
      entries.length === 0
        ? null
        : h(
            'div',
            { class: 'pg-run-diff', 'data-diff': kind },
            el('h4', '', `${title} (${entries.length})`),
            h('ul', {}, ...entries.map((entry) => el('li', '', entry.question))),
          );
    const results = run.results.map((result: TestResult) => {
      const details = h('details', {
        class: `pg-test-result ${result.passed ? 'pg-pass' : 'pg-fail'}`,
        'data-testid': 'test-result',
        'data-passed': String(result.passed),
      });
      details.appendChild(el('summary', '', `${result.passed ? 'Pass' : 'Fail'}: ${result.question}`));
      for (const failure of result.failures) details.appendChild(el('p', 'field-error', failure));
      details.appendChild(h('div', { class: 'pg-text markdown' }, renderMarkdown(result.answer)));
      if (result.diagnostics) {
        const box = el('div', 'pg-diag');
        fillDiagnostics(box, result.diagnostics, `system-prompt-test-${result.test_id}`);
        details.appendChild(box);
      }
      return details;
    });
    runBox.replaceChildren(
      summary,
      ...[
        changes('Newly failing', diff.newly_failing, 'newly_failing'),
        changes('Newly passing', diff.newly_passing, 'newly_passing'),
        changes('Answer changed', diff.changed_answer, 'changed_answer'),
      ].filter((node): node is HTMLElement => node !== null),
      ...results,
    );
  }

  async function loadLatestRun(): Promise<void> {
    const response = await suiteApi('test-runs?limit=1');
    if (!response.ok) return;
    const [latest] = ((await response.json()) as { runs: { id: string }[] }).runs;
    if (!latest) return;
    const run = await fetch(`/app/api/test-runs/${encodeURIComponent(latest.id)}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (run.ok) renderRun(((await run.json()) as { run: RunWire }).run);
  }

  runButton.addEventListener('click', async () => {
    runButton.disabled = true;
    testsStatus.textContent = 'Running the suite…';
    try {
      const response = await suiteApi('tests/run', { method: 'POST' });
      if (!response.ok) throw new Error(`status ${response.status}`);
      renderRun(((await response.json()) as { run: RunWire }).run);
      testsStatus.textContent = 'Done.';
    } catch (error) {
      testsStatus.textContent = `The run failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      runButton.disabled = false;
    }
  });
  $('tab-tests').addEventListener('click', () => {
    void loadTests();
    void loadLatestRun();
  });

  updateCounts({});
  restore(panes.a, state.conversation);
  restore(panes.b, state.compare_conversation);
  // A page left in compare mode comes back in it, with the second pane's vertical.
  if (state.compare_conversation) {
    compareBox.checked = true;
    const lastCompare = state.compare_conversation.messages.filter((m) => m.diagnostics).pop();
    if (lastCompare?.diagnostics) compareSelect.value = lastCompare.diagnostics.site_type;
  }
  refreshTitles();
  refreshLanguage();
  root.setAttribute('data-ready', 'true');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
