import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { SITE_TYPES } from '../../../db/schema.js';
import type { FieldErrors } from '../../../lib/errors.js';
import { parseInput } from '../../../lib/validate.js';
import { LOCALES } from '../../assistant/locales.js';
import { DEFAULT_MODELS } from '../../assistant/providers.js';
import { SITE_TYPE_MAP } from '../../assistant/site-types.js';
import { can, requirePermission } from '../../auth/permissions.js';
import { attempt, formOf } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { capNotices, spendingView } from '../usage/caps.js';
import { csrfField, emptyState, errorSummary, fieldErrors, layout, pageFrame, sendHtml, time, type PageFrame } from '../layout.js';
import { agentCreate, agentPatch, HANDOFF_TYPES, PROVIDERS } from '../../agents/settings.js';
import { agentInWorkspace, createAgent, embedSnippet, listAgents, updateAgent, type AgentRow } from '../../agents/store.js';
import { draftFromAgent, draftFromForm, EMPTY_DRAFT, inputFromDraft, type AgentDraft } from './form.js';

/** Blank coupon rows under the existing ones, so that coupons can be added without script. */
const BLANK_COUPON_ROWS = 2;

const LEAD_TRIGGER_OPTIONS = [
  ['never', 'Only when the visitor asks for a person'],
  ['handoff', 'When the assistant hands off to the team'],
  ['after_turns', 'After the number of replies below'],
  ['exit_intent', 'When the visitor is about to leave the page'],
] as const;

const NOTICES: Record<string, string> = { created: 'Agent created. Paste the snippet below into your site.', saved: 'Changes saved.' };

export function agentPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.get('/app', async (_request, reply) => reply.redirect('/app/agents', 303));

  pages.get('/app/agents', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    return sendHtml(reply, layout(frame, { title: 'Agents', active: 'agents', body: agentList(frame, await listAgents(deps.db, frame.session.workspace.id)) }));
  });

  pages.get('/app/agents/new', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    return sendAgentForm(reply, frame, { draft: EMPTY_DRAFT, errors: {} });
  });

  pages.post('/app/agents', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const draft = draftFromForm(formOf(request.body));
    const outcome = await attempt(() => createAgent(deps.db, frame.session.workspace.id, parseInput(agentCreate, inputFromDraft(draft)), deps.now()));
    if (!outcome.ok) return sendAgentForm(reply, frame, { draft, errors: outcome.errors }, 400);
    return reply.redirect(`/app/agents/${outcome.value.id}?notice=created`, 303);
  });

  pages.get('/app/agents/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { id } = request.params as { id: string };
    const { notice } = request.query as { notice?: string };
    const agent = await agentInWorkspace(deps.db, frame.session.workspace.id, id);
    const spending = capNotices(await spendingView(deps.db, frame.session.workspace.id, [agent]), agent.id);
    return sendAgentForm(reply, frame, { agent, draft: draftFromAgent(agent), errors: {}, notice: notice ? NOTICES[notice] : undefined, spending });
  });

  pages.post('/app/agents/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const { id } = request.params as { id: string };
    const agent = await agentInWorkspace(deps.db, frame.session.workspace.id, id);
    const draft = draftFromForm(formOf(request.body));
    const outcome = await attempt(() => updateAgent(deps.db, frame.session.workspace.id, agent.id, parseInput(agentPatch, inputFromDraft(draft)), deps.now()));
    if (!outcome.ok) return sendAgentForm(reply, frame, { agent, draft, errors: outcome.errors }, 400);
    deps.suites.schedule(agent.workspaceId, agent.id, 'agent_edit');
    return reply.redirect(`/app/agents/${agent.id}?notice=saved`, 303);
  });

  function sendAgentForm(reply: FastifyReply, frame: PageFrame, view: AgentFormView, status = 200) {
    const title = view.agent ? view.agent.name : 'New agent';
    return sendHtml(reply, layout(frame, { title, active: 'agents', notice: view.notice, body: agentForm(frame, view, deps.config.publicBaseUrl) }), status);
  }
}

function agentList(frame: PageFrame, agents: AgentRow[]): SafeHtml {
  const editable = can(frame.session.role, 'agent-update');
  return html`<div class="page-head">
    <h1>Agents</h1>
    ${editable && html`<a class="button" href="/app/agents/new">New agent</a>`}
  </div>
  ${
    agents.length === 0
      ? emptyState('No agents yet.')
      : html`<div class="table-wrap"><table>
      <thead><tr><th>Name</th><th>Site type</th><th>Status</th><th>Allowed origins</th><th>Updated</th></tr></thead>
      <tbody>${agents.map(
        (agent) => html`<tr>
          <td><a href="/app/agents/${agent.id}">${agent.name}</a></td>
          <td>${SITE_TYPE_MAP[agent.siteType].label}</td>
          <td>${agent.published ? html`<span class="badge ok">Published</span>` : html`<span class="badge">Draft</span>`}</td>
          <td>${agent.allowedOrigins.join(', ') || html`<span class="muted">none</span>`}</td>
          <td>${time(agent.updatedAt)}</td>
        </tr>`,
      )}</tbody>
    </table></div>`
  }`;
}

interface AgentFormView {
  agent?: AgentRow;
  draft: AgentDraft;
  errors: FieldErrors;
  notice?: string | undefined;
  /** The daily-cap notices of the agent and its workspace (80% and over). */
  spending?: SafeHtml;
}

function selectOptions(values: readonly (readonly [string, string])[], selected: string): SafeHtml {
  return html`${values.map(([value, label]) => html`<option value="${value}" ${value === selected && 'selected'}>${label}</option>`)}`;
}

function agentForm(frame: PageFrame, view: AgentFormView, publicBaseUrl: string): SafeHtml {
  const { agent, draft, errors } = view;
  const editable = can(frame.session.role, 'agent-update');
  const coupons = [...draft.coupons, ...Array.from({ length: BLANK_COUPON_ROWS }, () => ({ code: '', description: '' }))];
  return html`<div class="page-head">
    <h1>${agent ? agent.name : 'New agent'}</h1>
    ${agent && editable && html`<a class="button" href="/app/agents/${agent.id}/playground">Test in the Playground</a>`}
    <a href="/app/agents">← All agents</a>
  </div>
  ${view.spending}
  ${agent && snippetPanel(embedSnippet(publicBaseUrl, agent.id))}
  ${!editable && html`<p class="notice">You can view this agent; your role (${frame.session.role}) cannot change it.</p>`}
  ${errorSummary(errors)}
  <form method="post" action="${agent ? `/app/agents/${agent.id}` : '/app/agents'}" class="stacked" novalidate>
    ${csrfField(frame.session)}
    <fieldset ${!editable && 'disabled'}>
      <section class="card">
        <h2>Basics</h2>
        <label>Name <input name="name" value="${draft.name}" required maxlength="200">${fieldErrors(errors, 'name')}</label>
        <label>Site type
          <select name="site_type">${selectOptions(
            SITE_TYPES.map((t) => [t, SITE_TYPE_MAP[t].label] as const),
            draft.site_type,
          )}</select>
          ${fieldErrors(errors, 'site_type')}
        </label>
        <label class="check"><input type="checkbox" name="published" ${draft.published && 'checked'}> Published</label>
        <p class="hint">A published agent answers on the widget; an unpublished one only in the Playground.</p>
      </section>
      <section class="card">
        <h2>Where it runs</h2>
        <label>Allowed origins <span class="hint">one per line, such as https://shop.example</span>
          <textarea name="allowed_origins" rows="3">${draft.allowed_origins}</textarea>${fieldErrors(errors, 'allowed_origins')}
        </label>
        <label>Default language
          <select name="default_locale">${selectOptions(
            LOCALES.map((l) => [l.tag, `${l.englishName} (${l.nativeName})`] as const),
            draft.default_locale,
          )}</select>
          ${fieldErrors(errors, 'default_locale')}
        </label>
      </section>
      <section class="card">
        <h2>Appearance</h2>
        <label>Greeting <textarea name="greeting" rows="2" maxlength="500">${draft.greeting}</textarea>${fieldErrors(errors, 'greeting')}</label>
        <label>Suggested questions on the widget's home screen, one per line (up to 4; empty: the usual questions for this kind of site, in each visitor's language)
          <textarea name="suggestions" rows="4">${draft.suggestions}</textarea>${fieldErrors(errors, 'suggestions')}
        </label>
        <div class="row">
          <label>Theme colour <input type="color" name="theme_color" value="${draft.theme_color}">${fieldErrors(errors, 'theme.color')}</label>
          <label>Launcher position
            <select name="theme_position">${selectOptions(
              [
                ['right', 'Right'],
                ['left', 'Left'],
              ],
              draft.theme_position,
            )}</select>
            ${fieldErrors(errors, 'theme.position')}
          </label>
        </div>
        <label>Avatar image (an https:// URL; empty: the name's initial)
          <input type="url" name="theme_avatar_url" value="${draft.theme_avatar_url}" placeholder="https://example.com/avatar.png" maxlength="2000">${fieldErrors(errors, 'theme.avatar_url')}
        </label>
      </section>
      <section class="card">
        <h2>Lead capture</h2>
        <label class="check"><input type="checkbox" name="lead_enabled" ${draft.lead_enabled && 'checked'}> Ask visitors for their contact details</label>
        <label>Offer the form (a visitor who asks for a person always gets it)
          <select name="lead_trigger">${selectOptions(LEAD_TRIGGER_OPTIONS, draft.lead_trigger)}</select>
          ${fieldErrors(errors, 'lead_capture.trigger')}
        </label>
        <label>Ask after this many replies <input name="lead_ask_after_turns" inputmode="numeric" value="${draft.lead_ask_after_turns}">${fieldErrors(errors, 'lead_capture.ask_after_turns')}</label>
        <label>Consent text <textarea name="lead_consent_text" rows="2" maxlength="1000">${draft.lead_consent_text}</textarea>${fieldErrors(errors, 'lead_capture.consent_text')}</label>
      </section>
      <section class="card">
        <h2>Coupons the assistant may offer</h2>
        ${fieldErrors(errors, 'coupons')}
        <div class="coupon-rows">
          ${coupons.map(
            (coupon, index) => html`<div class="row">
              <label>Code <input name="coupon_code" value="${coupon.code}" maxlength="64" aria-label="Coupon code ${index + 1}"></label>
              <label class="grow">Description <input name="coupon_description" value="${coupon.description}" maxlength="300" aria-label="Coupon description ${index + 1}"></label>
            </div>`,
          )}
        </div>
      </section>
      <section class="card">
        <h2>Handoff to a person</h2>
        <div class="row">
          <label>Target
            <select name="handoff_type">${selectOptions(
              [['', 'Lead form (default)'], ...HANDOFF_TYPES.filter((t) => t !== 'lead_form').map((t) => [t, t === 'url' ? 'Link' : 'Email'] as const)],
              draft.handoff_type,
            )}</select>
          </label>
          <label class="grow">Link or email <input name="handoff_value" value="${draft.handoff_value}" maxlength="500">${fieldErrors(errors, 'handoff.value')}</label>
        </div>
        <label>Button label <input name="handoff_label" value="${draft.handoff_label}" maxlength="60">${fieldErrors(errors, 'handoff.label')}</label>
      </section>
      <section class="card">
        <h2>Model</h2>
        <div class="row">
          <label>Provider
            <select name="provider">${selectOptions(
              PROVIDERS.map((p) => [p, p === 'offline' ? 'Offline responder (built in)' : p] as const),
              draft.provider,
            )}</select>
            ${fieldErrors(errors, 'provider')}
          </label>
          <label class="grow">Model <input name="model" value="${draft.model}" maxlength="100" placeholder="${Object.values(DEFAULT_MODELS).join(' / ')}">${fieldErrors(errors, 'model')}</label>
        </div>
        <h3>Per-conversation budget</h3>
        <p class="hint">Empty: 50 replies and 100,000 tokens per conversation.</p>
        <div class="row">
          <label>Replies <input name="budget_turns" inputmode="numeric" value="${draft.budget_turns}">${fieldErrors(errors, 'budget_turns')}</label>
          <label>Tokens <input name="budget_tokens" inputmode="numeric" value="${draft.budget_tokens}">${fieldErrors(errors, 'budget_tokens')}</label>
        </div>
        <h3>Daily caps</h3>
        <p class="hint">What this agent's hosted model may spend per UTC day, over all conversations; empty: no cap. Once one is reached, replies come from the offline responder until the day ends. Today's spending is on the <a href="/app/usage">Usage</a> page.</p>
        <div class="row">
          <label>Tokens a day <input name="daily_token_cap" inputmode="numeric" value="${draft.daily_token_cap}">${fieldErrors(errors, 'daily_token_cap')}</label>
          <label>US dollars a day <input name="daily_cost_cap_usd" inputmode="decimal" value="${draft.daily_cost_cap_usd}">${fieldErrors(errors, 'daily_cost_cap_usd')}</label>
        </div>
      </section>
      ${editable && html`<div class="actions"><button type="submit">${agent ? 'Save changes' : 'Create agent'}</button></div>`}
    </fieldset>
  </form>`;
}

function snippetPanel(snippet: string): SafeHtml {
  return html`<section class="card snippet">
    <h2>Embed snippet</h2>
    <p class="hint">Paste this before &lt;/body&gt; on every page of the site (the WordPress plugin adds it for you).</p>
    <pre id="embed-snippet"><code>${snippet}</code></pre>
    <button type="button" class="secondary" data-copy-target="embed-snippet">Copy snippet</button>
  </section>`;
}
