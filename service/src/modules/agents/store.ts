import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { agents, LEAD_TRIGGERS, SITE_TYPES, type AgentHandoff, type AgentLeadCapture, type AgentTheme } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { AgentCreate, AgentPatch } from './settings.js';

/**
 * Agents of one workspace: their row, queries and the one way they are created and changed.
 * An id from another workspace is "not found", never "forbidden".
 */

export type AgentRow = typeof agents.$inferSelect;

/** Ids from URLs are checked before they reach the uuid column: a malformed one is "not found", not a database error. */
const isAgentId = (value: string) => z.guid().safeParse(value).success;

export async function listAgents(db: Db, workspaceId: string): Promise<AgentRow[]> {
  return db.select().from(agents).where(eq(agents.workspaceId, workspaceId)).orderBy(asc(agents.name), asc(agents.id));
}

export async function agentInWorkspace(db: Db, workspaceId: string, agentId: string): Promise<AgentRow> {
  const [row] = isAgentId(agentId)
    ? await db
        .select()
        .from(agents)
        .where(and(eq(agents.id, agentId), eq(agents.workspaceId, workspaceId)))
    : [];
  if (!row) throw notFound('Agent');
  return row;
}

type AgentColumns = Partial<typeof agents.$inferInsert>;

/** `update`: the stored handoff settings a patch does not name are kept (merged in SQL). */
function columnsOf(patch: AgentPatch, update = false): AgentColumns {
  const columns: AgentColumns = {};
  if (patch.name !== undefined) columns.name = patch.name;
  if (patch.site_type !== undefined) columns.siteType = patch.site_type;
  if (patch.allowed_origins !== undefined) columns.allowedOrigins = [...new Set(patch.allowed_origins)];
  if (patch.default_locale !== undefined) columns.defaultLocale = patch.default_locale;
  if (patch.greeting !== undefined) columns.greeting = patch.greeting;
  if (patch.suggestions !== undefined) columns.suggestions = patch.suggestions;
  if (patch.theme !== undefined) {
    const theme: AgentTheme = {};
    if (patch.theme.color) theme.color = patch.theme.color.toLowerCase();
    if (patch.theme.position) theme.position = patch.theme.position;
    if (patch.theme.avatar_url) theme.avatar_url = patch.theme.avatar_url;
    columns.theme = theme;
  }
  if (patch.lead_capture !== undefined) {
    const lead: AgentLeadCapture = { enabled: patch.lead_capture.enabled };
    if (patch.lead_capture.trigger) lead.trigger = patch.lead_capture.trigger;
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
    // Where a request goes is replaced as a whole; the live handoff settings a form does not show are kept unless given.
    const live: Partial<AgentHandoff> = {};
    if (patch.handoff.live !== undefined) live.live = patch.handoff.live;
    if (patch.handoff.offer_person !== undefined) live.offer_person = patch.handoff.offer_person;
    if (patch.handoff.idle_minutes !== undefined && patch.handoff.idle_minutes !== null) live.idle_minutes = patch.handoff.idle_minutes;
    if (patch.handoff.office_hours) live.office_hours = patch.handoff.office_hours;
    const cleared = patch.handoff.office_hours === null ? sql`- 'office_hours'` : sql``;
    columns.handoff = !update
      ? { ...handoff, ...live }
      : (sql`((coalesce(${agents.handoff}, '{}'::jsonb) - 'type' - 'value' - 'label') ${cleared}) || ${JSON.stringify({ ...handoff, ...live })}::jsonb` as unknown as AgentHandoff);
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

const newAgent = (id: string, workspaceId: string, input: AgentCreate, now: Date) => ({
  ...columnsOf(input),
  id,
  workspaceId,
  name: input.name,
  siteType: input.site_type,
  createdAt: now,
  updatedAt: now,
});

/** An agent the public may talk to: an unpublished one is tested in the Playground and to the public does not exist. */
export async function publishedAgent(db: Db, agentId: string): Promise<AgentRow> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent || !agent.published) throw notFound('Agent');
  return agent;
}

export async function createAgent(db: Db, workspaceId: string, input: AgentCreate, now: Date): Promise<AgentRow> {
  const [row] = await db
    .insert(agents)
    .values(newAgent(randomUUID(), workspaceId, input, now))
    .returning();
  return row!;
}

/** Creates the agent with this id unless it exists (a seed that runs at every start); returns the stored row either way. */
export async function ensureAgent(db: Db, workspaceId: string, id: string, input: AgentCreate, now: Date): Promise<AgentRow> {
  const [created] = await db
    .insert(agents)
    .values(newAgent(id, workspaceId, input, now))
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  return agentInWorkspace(db, workspaceId, id);
}

export async function updateAgent(db: Db, workspaceId: string, agentId: string, patch: AgentPatch, now: Date): Promise<AgentRow> {
  if (!isAgentId(agentId)) throw notFound('Agent');
  const [row] = await db
    .update(agents)
    .set({ ...columnsOf(patch, true), updatedAt: now })
    .where(and(eq(agents.id, agentId), eq(agents.workspaceId, workspaceId)))
    .returning();
  if (!row) throw notFound('Agent');
  return row;
}

const isoTime = z.string().describe('ISO 8601 time');

/** An agent as the dashboard's JSON API answers it (agentToWire). */
export const agentWire = z.object({
  id: z.uuid(),
  name: z.string(),
  site_type: z.enum(SITE_TYPES),
  allowed_origins: z.array(z.string()),
  default_locale: z.string(),
  greeting: z.string().nullable(),
  theme: z.object({ color: z.string().optional(), position: z.enum(['left', 'right']).optional(), avatar_url: z.string().optional() }),
  suggestions: z.array(z.string()),
  lead_capture: z.object({
    enabled: z.boolean().optional(),
    trigger: z.enum(LEAD_TRIGGERS).optional(),
    ask_after_turns: z.number().int().optional(),
    consent_text: z.string().optional(),
  }),
  coupons: z.array(z.object({ code: z.string(), description: z.string() })),
  handoff: z.object({
    type: z.enum(['url', 'email', 'lead_form']).optional(),
    value: z.string().optional(),
    label: z.string().optional(),
    live: z.boolean().optional(),
    offer_person: z.boolean().optional(),
    idle_minutes: z.number().int().optional(),
    office_hours: z.object({ time_zone: z.string(), days: z.array(z.number().int()), from: z.string(), to: z.string() }).optional(),
  }),
  provider: z.string(),
  model: z.string().nullable(),
  budget_turns: z.number().int().nullable(),
  budget_tokens: z.number().int().nullable(),
  daily_token_cap: z.number().int().nullable(),
  daily_cost_cap_usd: z.number().nullable(),
  published: z.boolean(),
  embed_snippet: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});

/** The tag a site pastes to embed the widget (the widget reads data-agent-id). */
export function embedSnippet(publicBaseUrl: string, agentId: string): string {
  return `<script src="${publicBaseUrl}/widget.js" data-agent-id="${agentId}" async></script>`;
}

export function agentToWire(row: AgentRow, publicBaseUrl: string): z.infer<typeof agentWire> {
  return {
    id: row.id,
    name: row.name,
    site_type: row.siteType,
    allowed_origins: row.allowedOrigins,
    default_locale: row.defaultLocale,
    greeting: row.greeting,
    suggestions: row.suggestions,
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
