import type { UserSession } from '../auth/sessions.js';
import { LOCALES, matchLocale } from '../assistant/locales.js';
import { SITE_TYPE_MAP } from '../assistant/site-types.js';
import type { AgentRow } from '../agents/store.js';
import { html, type SafeHtml } from '../dashboard/html.js';
import { playgroundAssetUrl, playgroundScriptBuilt } from './assets.js';
import type { PlaygroundHistory, PlaygroundPageState } from './page-state.js';

/**
 * The Playground page. The map of verticals, the locale list and the page-context form are
 * rendered here; its script (web/playground/playground.ts, built with the widget) streams turns
 * into the chat and fills Diagnostics. Data for the script travels in a data attribute (escaped
 * like any attribute), never in an inline script.
 */

const SITE_TYPES = Object.values(SITE_TYPE_MAP);

const BLOCK_LABELS: Record<string, string> = {
  product_card: 'Product card',
  pricing_card: 'Pricing card',
  case_study_card: 'Case study card',
  escalation_button: 'Escalation button',
  coupon_offer: 'Coupon offer',
};

/** Page-context fields the form edits, in the order of contract section 7. */
const TEXT_FIELDS = [
  ['url', 'Page URL', 'url'],
  ['canonical_url', 'Canonical URL', 'url'],
  ['title', 'Title', 'text'],
  ['description', 'Description', 'text'],
] as const;
const OG_FIELDS = ['title', 'description', 'image', 'type', 'site_name', 'url'] as const;

const PAGE_CONTEXT_TEMPLATES = [
  ['shop_product', 'Shop product'],
  ['saas_pricing', 'SaaS pricing'],
  ['documentation', 'Documentation'],
  ['help_article', 'Help article'],
  ['marketing', 'Marketing page'],
  ['blank', 'Blank'],
] as const;

export interface PlaygroundPageInput {
  agent: AgentRow;
  session: UserSession;
  conversation: PlaygroundHistory | null;
  /** The second pane's conversation, when the page was left in compare mode. */
  compareConversation: PlaygroundHistory | null;
}

export function playgroundBody({ agent, session, conversation, compareConversation }: PlaygroundPageInput): SafeHtml {
  const agentLocale = matchLocale(agent.defaultLocale);
  const state = JSON.stringify({
    agent: { id: agent.id, name: agent.name, site_type: agent.siteType, default_locale: agent.defaultLocale },
    site_types: SITE_TYPES.map((t) => ({ id: t.id, label: t.label, blocks: t.blocks })),
    conversation,
    compare_conversation: compareConversation,
  } satisfies PlaygroundPageState);
  return html`<link rel="stylesheet" href="${playgroundAssetUrl('playground.css')}">
<script src="${playgroundAssetUrl('playground.js')}" defer></script>
${!playgroundScriptBuilt() && html`<p class="field-error" role="alert">The Playground's script is not built: run <code>npm run build -w widget</code> and reload.</p>`}
<div class="playground" id="playground" data-csrf="${session.csrfToken}" data-state="${state}">
  <div class="pg-head">
    <div>
      <h1>Playground: ${agent.name}</h1>
      <p class="muted">Test this agent before publishing. Overrides apply to the turn only; the agent's saved settings do not change, and these conversations never count in the inbox, analytics or usage.</p>
    </div>
    <div class="pg-actions">
      <a href="/app/agents/${agent.id}">Agent settings</a>
      <button type="button" class="secondary" id="pg-reset">Reset</button>
    </div>
  </div>
  <div class="pg-grid">
    <section class="pg-chat" aria-label="Chat">
      <div class="pg-panes">
        <div class="pg-pane" data-pane="a">
          <h2 class="pg-pane-title" id="pg-title-a">${agent.name}</h2>
          <ol class="pg-log" id="pg-log-a" aria-live="polite" data-testid="chat-a"></ol>
        </div>
        <div class="pg-pane" data-pane="b" hidden>
          <h2 class="pg-pane-title" id="pg-title-b"></h2>
          <ol class="pg-log" id="pg-log-b" aria-live="polite" data-testid="chat-b"></ol>
        </div>
      </div>
      <form id="pg-form" class="pg-form">
        <label for="pg-message">Message</label>
        <textarea id="pg-message" name="message" rows="2" maxlength="4000" required></textarea>
        <button type="submit" id="pg-send">Send</button>
      </form>
      <p class="pg-status muted" id="pg-status" role="status"></p>
    </section>
    <section class="pg-side" aria-label="Playground settings">
      <div role="tablist" class="pg-tabs">
        <button type="button" role="tab" id="tab-scenario" aria-controls="panel-scenario" aria-selected="true">Scenario</button>
        <button type="button" role="tab" id="tab-context" aria-controls="panel-context" aria-selected="false">Page context</button>
        <button type="button" role="tab" id="tab-diagnostics" aria-controls="panel-diagnostics" aria-selected="false">Diagnostics</button>
        <button type="button" role="tab" id="tab-tests" aria-controls="panel-tests" aria-selected="false">Tests</button>
      </div>
      <div role="tabpanel" id="panel-scenario" aria-labelledby="tab-scenario">${scenarioPanel(agent, agentLocale?.englishName ?? agent.defaultLocale)}</div>
      <div role="tabpanel" id="panel-context" aria-labelledby="tab-context" hidden>${contextPanel()}</div>
      <div role="tabpanel" id="panel-diagnostics" aria-labelledby="tab-diagnostics" hidden>
        <p class="muted" id="pg-diag-empty">Send a message: what the runtime did for the latest turn appears here.</p>
        <div class="pg-diag-panes">
          <div class="pg-diag" id="pg-diag-a" data-testid="diagnostics-a"></div>
          <div class="pg-diag" id="pg-diag-b" data-testid="diagnostics-b" hidden></div>
        </div>
      </div>
      <div role="tabpanel" id="panel-tests" aria-labelledby="tab-tests" hidden>${testsPanel()}</div>
    </section>
  </div>
</div>`;
}

function siteTypeOptions(selected: string | null): SafeHtml[] {
  return SITE_TYPES.map((t) => html`<option value="${t.id}" ${t.id === selected && 'selected'}>${t.label}</option>`);
}

function scenarioPanel(agent: AgentRow, agentLanguage: string): SafeHtml {
  const agentType = SITE_TYPE_MAP[agent.siteType];
  return html`<div class="pg-field">
    <label for="pg-site-type">Site type</label>
    <select id="pg-site-type">
      <option value="">Agent's setting (${agentType.label})</option>
      ${siteTypeOptions(null)}
    </select>
  </div>
  <div class="pg-field">
    <label class="pg-inline"><input type="checkbox" id="pg-compare"> Compare mode: each question against two verticals side by side</label>
    <label for="pg-compare-site-type">Second site type</label>
    <select id="pg-compare-site-type" disabled>${siteTypeOptions(agent.siteType === 'saas' ? 'ecommerce' : 'saas')}</select>
  </div>
  <div class="pg-field">
    <label for="pg-language">Reply language</label>
    <select id="pg-language">
      <option value="">Automatic (visitor's language, else ${agentLanguage})</option>
      ${LOCALES.map((l) => html`<option value="${l.tag}" data-direction="${l.direction}" data-native="${l.nativeName}">${l.englishName} · ${l.nativeName} (${l.tag})${l.direction === 'rtl' && ' · right-to-left'}</option>`)}
    </select>
    <p class="pg-language-preview" id="pg-language-preview" dir="auto"></p>
  </div>
  <h2 class="pg-subhead">Verticals</h2>
  <ul class="pg-verticals">
    ${SITE_TYPES.map(
      (t) => html`<li class="pg-vertical" data-site-type="${t.id}">
        <h3>${t.label}${t.id === agent.siteType && html` <span class="pg-current">agent's setting</span>`}</h3>
        <p>${t.description}</p>
        <p class="pg-badges">${t.blocks.length > 0 ? t.blocks.map((kind) => html`<span class="pg-badge" data-block="${kind}">${BLOCK_LABELS[kind] ?? kind}</span>`) : html`<span class="muted">No rich blocks</span>`}</p>
        <ul class="pg-samples">
          ${t.samplePrompts.map((prompt) => html`<li><button type="button" class="pg-sample link" data-site-type="${t.id}" data-prompt="${prompt}">${prompt}</button></li>`)}
        </ul>
      </li>`,
    )}
  </ul>`;
}

function testsPanel(): SafeHtml {
  return html`<p class="muted">This agent's regression suite: saved questions with the sources a good answer cites or a phrase it says. "Save as test" under any reply adds one. The suite also runs by itself after each catalog sync and each edit of the agent; every run is compared with the one before.</p>
  <div class="pg-actions"><button type="button" id="pg-tests-run">Run the suite</button></div>
  <p class="pg-status muted" id="pg-tests-status" role="status"></p>
  <div id="pg-tests-run-result" data-testid="test-run"></div>
  <h3>Tests</h3>
  <ol class="pg-tests" id="pg-tests-list" data-testid="tests"></ol>`;
}

function contextPanel(): SafeHtml {
  return html`<p class="muted">Sent with every turn as page_context and sanitized exactly as in production: unknown keys dropped, markup stripped, each of body text, JSON-LD and headings capped at 8 KB.</p>
  <div class="pg-templates" role="group" aria-label="Templates">
    ${PAGE_CONTEXT_TEMPLATES.map(([id, label]) => html`<button type="button" class="secondary small" data-template="${id}">${label}</button>`)}
  </div>
  <form id="pg-context-form" class="pg-context-form">
    ${TEXT_FIELDS.map(([name, label, type]) => html`<div class="pg-field"><label for="pc-${name}">${label}</label><input id="pc-${name}" name="${name}" type="${type}"></div>`)}
    <fieldset>
      <legend>Open Graph</legend>
      ${OG_FIELDS.map((name) => html`<div class="pg-field"><label for="pc-og-${name}">og:${name}</label><input id="pc-og-${name}" name="og.${name}"></div>`)}
    </fieldset>
    <div class="pg-field"><label for="pc-headings">Headings (one per line)</label><textarea id="pc-headings" name="headings" rows="3"></textarea><span class="pg-bytes" data-bytes-for="headings"></span></div>
    <div class="pg-field"><label for="pc-json_ld">JSON-LD (a JSON object or array)</label><textarea id="pc-json_ld" name="json_ld" rows="4"></textarea><span class="pg-bytes" data-bytes-for="json_ld"></span></div>
    <div class="pg-field"><label for="pc-body_text">Body text</label><textarea id="pc-body_text" name="body_text" rows="5"></textarea><span class="pg-bytes" data-bytes-for="body_text"></span></div>
  </form>
  <div class="pg-field">
    <label for="pg-context-json">Raw JSON (sent as page_context; editing it updates the form)</label>
    <textarea id="pg-context-json" rows="8" spellcheck="false"></textarea>
    <p class="field-error" id="pg-context-error" role="alert"></p>
  </div>
  <h3>What the runtime saw</h3>
  <p class="muted">The sanitized page context of the latest turn (Diagnostics shows the same).</p>
  <pre class="pg-pre" id="pg-context-sanitized" data-testid="sanitized-context">No turn yet.</pre>`;
}
