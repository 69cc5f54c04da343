import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { agents, type AgentHandoff, type AgentLeadCapture, type AgentTheme } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import type { AgentRow } from '../../assistant/tools.js';
import { isUuid } from '../sql.js';
import type { AgentCreate, AgentDraft, AgentPatch } from './input.js';

/** Agents of one workspace. An id from another workspace is "not found", never "forbidden". */

export async function listAgents(db: Db, workspaceId: string): Promise<AgentRow[]> {
  return db.select().from(agents).where(eq(agents.workspaceId, workspaceId)).orderBy(asc(agents.name), asc(agents.id));
}

export async function agentInWorkspace(db: Db, workspaceId: string, agentId: string): Promise<AgentRow> {
  const [row] = isUuid(agentId) ? await db.select().from(agents).where(and(eq(agents.id, agentId), eq(agents.workspaceId, workspaceId))) : [];
  if (!row) throw notFound('Agent');
  return row;
}

type AgentColumns = Partial<typeof agents.$inferInsert>;

function columnsOf(patch: AgentPatch): AgentColumns {
  const columns: AgentColumns = {};
  if (patch.name !== undefined) columns.name = patch.name;
  if (patch.site_type !== undefined) columns.siteType = patch.site_type;
  if (patch.allowed_origins !== undefined) columns.allowedOrigins = [...new Set(patch.allowed_origins)];
  if (patch.default_locale !== undefined) columns.defaultLocale = patch.default_locale;
  if (patch.greeting !== undefined) columns.greeting = patch.greeting;
  if (patch.theme !== undefined) {
    const theme: AgentTheme = {};
    if (patch.theme.color) theme.color = patch.theme.color.toLowerCase();
    if (patch.theme.position) theme.position = patch.theme.position;
    columns.theme = theme;
  }
  if (patch.lead_capture !== undefined) {
    const lead: AgentLeadCapture = { enabled: patch.lead_capture.enabled };
    if (patch.lead_capture.ask_after_turns != null) lead.ask_after_turns = patch.lead_capture.ask_after_turns;
    if (patch.lead_capture.consent_text) lead.consent_text = patch.lead_capture.consent_text;
    columns.leadCapture = lead;
  }
  if (patch.coupons !== undefined) columns.coupons = patch.coupons;
  if (patch.handoff !== undefined) {
    const { type, value, label } = patch.handoff;
    const handoff: AgentHandoff = {};
    if (type) {
      handoff.type = type;
      if (type !== 'lead_form' && value) handoff.value = value;
    }
    if (label) handoff.label = label;
    columns.handoff = handoff;
  }
  if (patch.provider !== undefined) columns.provider = patch.provider;
  if (patch.model !== undefined) columns.model = patch.model;
  if (patch.budget_turns !== undefined) columns.budgetTurns = patch.budget_turns;
  if (patch.budget_tokens !== undefined) columns.budgetTokens = patch.budget_tokens;
  if (patch.daily_token_cap !== undefined) columns.dailyTokenCap = patch.daily_token_cap;
  if (patch.daily_cost_cap_usd !== undefined) columns.dailyCostCapUsd = patch.daily_cost_cap_usd;
  if (patch.published !== undefined) columns.published = patch.published;
  return columns;
}

export async function createAgent(db: Db, workspaceId: string, input: AgentCreate, now: Date): Promise<AgentRow> {
  const [row] = await db
    .insert(agents)
    .values({ ...columnsOf(input), id: randomUUID(), workspaceId, name: input.name, siteType: input.site_type, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateAgent(db: Db, workspaceId: string, agentId: string, patch: AgentPatch, now: Date): Promise<AgentRow> {
  if (!isUuid(agentId)) throw notFound('Agent');
  const [row] = await db
    .update(agents)
    .set({ ...columnsOf(patch), updatedAt: now })
    .where(and(eq(agents.id, agentId), eq(agents.workspaceId, workspaceId)))
    .returning();
  if (!row) throw notFound('Agent');
  return row;
}

/** The tag a site pastes to embed the widget (the widget reads data-agent-id). */
export function embedSnippet(publicBaseUrl: string, agentId: string): string {
  return `<script src="${publicBaseUrl}/widget.js" data-agent-id="${agentId}" async></script>`;
}

export function agentToWire(row: AgentRow, publicBaseUrl: string) {
  return {
    id: row.id,
    name: row.name,
    site_type: row.siteType,
    allowed_origins: row.allowedOrigins,
    default_locale: row.defaultLocale,
    greeting: row.greeting,
    theme: row.theme,
    lead_capture: row.leadCapture,
    coupons: row.coupons,
    handoff: row.handoff,
    provider: row.provider,
    model: row.model,
    budget_turns: row.budgetTurns,
    budget_tokens: row.budgetTokens,
    daily_token_cap: row.dailyTokenCap,
    daily_cost_cap_usd: row.dailyCostCapUsd === null ? null : Number(row.dailyCostCapUsd),
    published: row.published,
    embed_snippet: embedSnippet(publicBaseUrl, row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function draftFromAgent(row: AgentRow): AgentDraft {
  return {
    name: row.name,
    site_type: row.siteType,
    allowed_origins: row.allowedOrigins.join('\n'),
    default_locale: row.defaultLocale,
    greeting: row.greeting ?? '',
    theme_color: row.theme.color ?? '#1f6feb',
    theme_position: row.theme.position ?? 'right',
    lead_enabled: row.leadCapture.enabled === true,
    lead_ask_after_turns: row.leadCapture.ask_after_turns?.toString() ?? '',
    lead_consent_text: row.leadCapture.consent_text ?? '',
    coupons: row.coupons.map((c) => ({ code: c.code, description: c.description })),
    handoff_type: row.handoff.type ?? '',
    handoff_value: row.handoff.value ?? '',
    handoff_label: row.handoff.label ?? '',
    provider: row.provider,
    model: row.model ?? '',
    budget_turns: row.budgetTurns?.toString() ?? '',
    budget_tokens: row.budgetTokens?.toString() ?? '',
    daily_token_cap: row.dailyTokenCap?.toString() ?? '',
    daily_cost_cap_usd: row.dailyCostCapUsd === null ? '' : String(Number(row.dailyCostCapUsd)),
    published: row.published,
  };
}
