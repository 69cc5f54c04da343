import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { workspaces } from '../../../db/schema.js';
import type { FieldErrors } from '../../../lib/errors.js';
import { agentCaps, capState, spendToday, spentOf, type CapState, type Caps, type SpendToday, type Spent } from '../../assistant/cost-governor.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import { can } from '../../auth/permissions.js';
import { dailyTokenCap, dollarAmount } from '../../agents/settings.js';
import { listAgents, type AgentRow } from '../../agents/store.js';
import { html, type SafeHtml } from '../html.js';
import { csrfField, fieldErrors, type PageFrame } from '../layout.js';

/**
 * Today's hosted-model spending against the daily caps (see cost-governor.ts): on the Usage page,
 * with a notice for each cap at 80% or more, and the workspace's caps to set; the agent page shows
 * its agent's and the workspace's notices.
 */

/** The workspace's daily caps, as JSON (the API) and as the Usage page's form. NULL: no cap. */
export const workspaceCapsBody = z.strictObject({ daily_token_cap: dailyTokenCap, daily_cost_cap_usd: dollarAmount });

interface Scope {
  label: string;
  caps: Caps;
  spent: Spent;
  state: CapState;
}

export interface SpendingView {
  workspace: Scope;
  agents: (Scope & { id: string })[];
  prices: { model: string; input: number; output: number }[];
}

export async function spendingView(db: Db, workspaceId: string, agentList?: AgentRow[]): Promise<SpendingView> {
  const [spend, agents] = await Promise.all([spendToday(db, workspaceId), agentList ?? listAgents(db, workspaceId)]);
  return viewOf(spend, agents);
}

function viewOf(spend: SpendToday, agents: AgentRow[]): SpendingView {
  const scope = (label: string, caps: Caps, spent: Spent): Scope => ({ label, caps, spent, state: capState(caps, spent) });
  return {
    workspace: scope('This workspace', spend.workspaceCaps, spentOf(spend)),
    agents: agents.map((agent) => ({ id: agent.id, ...scope(`Agent ${agent.name}`, agentCaps(agent), spentOf(spend, agent.id)) })),
    prices: [...spend.prices].map(([model, price]) => ({ model, ...price })).sort((a, b) => a.model.localeCompare(b.model)),
  };
}

const capsToday = z.object({
  daily_token_cap: z.number().int().nullable(),
  daily_cost_cap_usd: z.number().nullable(),
  tokens: z.number().int(),
  cost_usd: z.number(),
  turns: z.number().int(),
  unpriced_models: z.array(z.string()),
  cap_level: z.enum(['ok', 'warning', 'reached']),
  cap_share: z.number(),
});

/** GET /app/api/usage/today: today's spending against the caps, the workspace's and each agent's. */
const usageToday = z.object({
  day: z.string().describe('YYYY-MM-DD, UTC'),
  workspace: capsToday,
  agents: z.array(capsToday.extend({ agent_id: z.uuid() })),
  prices_usd_per_million_tokens: z.array(z.object({ model: z.string(), input: z.number(), output: z.number() })),
});

function toWire(scope: Scope): z.infer<typeof capsToday> {
  return {
    daily_token_cap: scope.caps.tokens,
    daily_cost_cap_usd: scope.caps.costUsd,
    tokens: scope.spent.tokens,
    cost_usd: Math.round(scope.spent.costUsd * 1e6) / 1e6,
    turns: scope.spent.turns,
    unpriced_models: scope.spent.unpriced,
    cap_level: scope.state.level,
    cap_share: Math.round(scope.state.share * 1000) / 1000,
  };
}

export async function saveWorkspaceCaps(db: Db, workspaceId: string, caps: z.infer<typeof workspaceCapsBody>): Promise<void> {
  await db.update(workspaces).set({ dailyTokenCap: caps.daily_token_cap, dailyCostCapUsd: caps.daily_cost_cap_usd }).where(eq(workspaces.id, workspaceId));
}

export function capsApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/usage/today', { schema: { response: { 200: usageToday } } }, async (request) => {
    const view = await spendingView(deps.db, sessionOf(request).workspace.id);
    return {
      day: deps.now().toISOString().slice(0, 10),
      workspace: toWire(view.workspace),
      agents: view.agents.map((agent) => ({ agent_id: agent.id, ...toWire(agent) })),
      prices_usd_per_million_tokens: view.prices,
    };
  });

  api.put(
    '/app/api/usage/caps',
    { schema: { body: workspaceCapsBody, response: { 200: workspaceCapsBody } }, preValidation: permissionFirst('spend-manage') },
    async (request) => {
      const session = sessionOf(request);
      const caps = request.body;
      await saveWorkspaceCaps(deps.db, session.workspace.id, caps);
      return caps;
    },
  );
}

export interface CapsDraft {
  daily_token_cap: string;
  daily_cost_cap_usd: string;
}

export function draftOfCaps(caps: Caps): CapsDraft {
  return { daily_token_cap: caps.tokens?.toString() ?? '', daily_cost_cap_usd: caps.costUsd?.toString() ?? '' };
}

const integer = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** The notice for a scope at 80% of a cap or more; nothing below. */
export function capNotice(scope: Scope): SafeHtml {
  const { level, share, detail } = scope.state;
  if (level === 'reached') {
    return html`<p class="notice cap-reached" role="alert" data-cap-level="reached"><strong>${scope.label}: daily cap reached</strong> (${detail} today, UTC). Replies come from the offline responder, without the hosted model, until 00:00 UTC or until the cap is raised.</p>`;
  }
  if (level === 'warning') {
    return html`<p class="notice cap-warning" role="status" data-cap-level="warning"><strong>${scope.label}: ${Math.floor(share * 100)}% of the daily cap used</strong> (${detail} today, UTC). At 100%, replies come from the offline responder.</p>`;
  }
  return html``;
}

/** The notices of the workspace and of every agent at 80% or more of a cap. */
export function capNotices(view: SpendingView, onlyAgentId?: string): SafeHtml {
  const agents = view.agents.filter((agent) => onlyAgentId === undefined || agent.id === onlyAgentId);
  return html`${capNotice(view.workspace)}${agents.map((agent) => capNotice(agent))}`;
}

function capCell(cap: number | null, format: (value: number) => string): SafeHtml {
  return cap === null ? html`<span class="muted">no cap</span>` : html`${format(cap)}`;
}

const LEVEL_BADGE: Record<CapState['level'], SafeHtml> = {
  ok: html`<span class="badge ok">ok</span>`,
  warning: html`<span class="badge warn">over 80%</span>`,
  reached: html`<span class="badge bad">cap reached</span>`,
};

export function spendingSection(frame: PageFrame, view: SpendingView, errors: FieldErrors, draft: CapsDraft): SafeHtml {
  const manage = can(frame.session.role, 'spend-manage');
  const unpriced = [...new Set(view.workspace.spent.unpriced)];
  const row = (scope: Scope, href?: string) =>
    html`<tr><td>${href ? html`<a href="${href}">${scope.label}</a>` : scope.label}</td><td class="num">${integer.format(scope.spent.turns)}</td><td class="num">${integer.format(scope.spent.tokens)}</td><td class="num">${dollars.format(scope.spent.costUsd)}</td><td class="num">${capCell(scope.caps.tokens, (v) => integer.format(v))}</td><td class="num">${capCell(scope.caps.costUsd, (v) => dollars.format(v))}</td><td>${LEVEL_BADGE[scope.state.level]}</td></tr>`;
  return html`<section class="card" id="spending">
    <h2>Today's model spending (UTC)</h2>
    <p class="hint">Tokens of hosted models since 00:00 UTC (the Playground's too), and their cost from the price table below. Once a daily cap is reached, replies come from the offline responder until the day ends.</p>
    <div class="table-wrap"><table class="usage">
      <thead><tr><th>Scope</th><th class="num">Replies</th><th class="num">Tokens</th><th class="num">Cost</th><th class="num">Token cap</th><th class="num">Money cap</th><th>Status</th></tr></thead>
      <tbody>${row(view.workspace)}${view.agents.map((agent) => row(agent, `/app/agents/${agent.id}`))}</tbody>
    </table></div>
    ${unpriced.length > 0 && html`<p class="hint">No price is known for ${unpriced.join(', ')}: their tokens count against token caps only.</p>`}
    <h3>Workspace caps</h3>
    <p class="hint">For all agents together, per UTC day; empty: no cap. Each agent's own caps are on its page.</p>
    <form method="post" action="/app/usage/caps" class="stacked" novalidate>
      ${csrfField(frame.session)}
      <fieldset ${!manage && 'disabled'}>
        <div class="row">
          <label>Tokens a day <input name="daily_token_cap" inputmode="numeric" value="${draft.daily_token_cap}">${fieldErrors(errors, 'daily_token_cap')}</label>
          <label>US dollars a day <input name="daily_cost_cap_usd" inputmode="decimal" value="${draft.daily_cost_cap_usd}">${fieldErrors(errors, 'daily_cost_cap_usd')}</label>
        </div>
        ${manage && html`<div class="actions"><button type="submit">Save caps</button></div>`}
      </fieldset>
    </form>
    <h3>Prices</h3>
    <p class="hint">US dollars per million tokens: the built-in table, with this workspace's own prices over it (set by the operator: <code>npm run admin -- price:set</code>).</p>
    <div class="table-wrap"><table>
      <thead><tr><th>Model</th><th class="num">Input</th><th class="num">Output</th></tr></thead>
      <tbody>${view.prices.map((price) => html`<tr><td>${price.model}</td><td class="num">${price.input}</td><td class="num">${price.output}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}
